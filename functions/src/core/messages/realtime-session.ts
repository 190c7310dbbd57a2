import { RealtimeClientMessageSchema, type RealtimeServerMessage } from '@kehila/shared';
import { getMember } from '../../data/memberships';
import type { Deps } from '../deps';

/** What the protocol needs from a transport (the local `ws` server or the cloud WebSocket API). */
export interface RealtimeTransport {
  /** The user id (`sub`) of a valid Cognito ID token, or null. */
  verifyToken(token: string): Promise<string | null>;
  /** Starts delivering the community's events to this connection. */
  subscribe(communityId: string, userId: string): Promise<void>;
}

/** Texts of the protocol's error replies. */
export const REALTIME_ERRORS = {
  invalid: 'Invalid message',
  unauthenticated: 'Not authenticated',
  notMember: 'Community not found',
} as const;

/** True when the user is an active, approved member of the community (the API's own member rule). */
export async function mayWatch(deps: Pick<Deps, 'db'>, userId: string, communityId: string): Promise<boolean> {
  const member = await getMember(deps.db, communityId, userId);
  return !!member && member.status === 'active' && member.approval_status === 'approved';
}

/**
 * Handles one client message of the live-events protocol (shared/src/api/realtime.ts) and returns
 * the reply: `ping` → `pong`; `subscribe` with a community id and an ID token → `subscribed` once
 * the token is verified and the user is a member of that community, else an `error`.
 */
export async function onClientMessage(
  deps: Pick<Deps, 'db'>,
  transport: RealtimeTransport,
  raw: string,
): Promise<RealtimeServerMessage> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { type: 'error', message: REALTIME_ERRORS.invalid };
  }
  const parsed = RealtimeClientMessageSchema.safeParse(json);
  if (!parsed.success) return { type: 'error', message: REALTIME_ERRORS.invalid };
  const msg = parsed.data;
  if (msg.action === 'ping') return { type: 'pong' };
  const userId = await transport.verifyToken(msg.token);
  if (!userId) return { type: 'error', message: REALTIME_ERRORS.unauthenticated };
  if (!(await mayWatch(deps, userId, msg.communityId))) return { type: 'error', message: REALTIME_ERRORS.notMember };
  await transport.subscribe(msg.communityId, userId);
  return { type: 'subscribed', communityId: msg.communityId };
}
