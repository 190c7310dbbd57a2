import { randomInt } from 'node:crypto';
import { CONNECT_CODE_DIGITS, CONNECT_CODE_TTL_MS, type PendingConnection } from '@kehila/shared';
import {
  createConnection,
  deleteConnection,
  getConnection,
  listConnectionsOfUser,
  linkConnectionToCommunity,
  type ConnectionRecord,
} from '../../data/connections';
import { getProfile } from '../../data/profiles';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { newId } from '../communities/records';


/** Texts of group verification (S1 §8 'Failed to connect WhatsApp group', with why). */
export const VERIFICATION_MESSAGES = {
  /** A group the caller's own WhatsApp has not verified (made up, or someone else's). */
  notVerified:
    'Group not found. Add the Kehila bot to your group and send your connect code there from your own WhatsApp first.',
  tooManyTries: 'Failed to connect WhatsApp group: too many wrong codes. Get a new code and try again.',
  verifiedElsewhere: 'Failed to connect WhatsApp group: this WhatsApp number was verified from another Kehila account.',
  notFound: 'Connection not found. Please try connecting again.',
  noPhone: 'WhatsApp phone number is required',
} as const;

/** A fresh one-time code: uniformly random digits from the CSPRNG. */
export function newConnectCode(): string {
  return String(randomInt(0, 10 ** CONNECT_CODE_DIGITS)).padStart(CONNECT_CODE_DIGITS, '0');
}

/** The connection as its owner sees it (the stored record without the counter and owner). */
export function publicConnection(c: ConnectionRecord): PendingConnection {
  return {
    id: c.id,
    community_id: c.community_id,
    admin_phone: c.admin_phone,
    status: c.status,
    group_id: c.group_id,
    uuid_detected_at: c.uuid_detected_at,
    created_at: c.created_at,
    code: c.code,
    code_expires_at: c.code_expires_at,
    error: c.error,
  };
}

/**
 * The verification routes: the number is the one given, else the profile's (none: 400 with the
 * sign-up form's message).
 */
export async function openGroupVerification(
  deps: Pick<Deps, 'db' | 'now'>,
  user: Pick<AuthUser, 'id'>,
  input: { communityId: string | null; phone: string | undefined },
): Promise<ConnectionRecord> {
  const phone = input.phone ?? (await getProfile(deps.db, user.id))?.phone_number;
  return openVerification(deps, user, { communityId: input.communityId, phone });
}

/**
 * Opens a group verification for the user: a pending connection bound to their WhatsApp number and
 * a new one-time code, for a community they administer (onboarding, Settings) or for a community to
 * add (null: the Add Community dialog). The user's other pending verifications are withdrawn: a
 * number verifies one group at a time. Asking again gives a new code.
 */
export async function openVerification(
  deps: Pick<Deps, 'db' | 'now'>,
  user: Pick<AuthUser, 'id'>,
  input: { communityId: string | null; phone: string | null | undefined },
): Promise<ConnectionRecord> {
  if (!input.phone) throw fail.badRequest(VERIFICATION_MESSAGES.noPhone);
  const now = deps.now();
  for (const c of await listConnectionsOfUser(deps.db, user.id)) {
    if (c.status === 'pending' || c.status === 'failed') await deleteConnection(deps.db, c);
  }
  return createConnection(deps.db, {
    id: newId(),
    user_id: user.id,
    community_id: input.communityId,
    admin_phone: input.phone,
    status: 'pending',
    group_id: null,
    uuid_detected_at: null,
    created_at: now.toISOString(),
    code: newConnectCode(),
    code_expires_at: new Date(now.getTime() + CONNECT_CODE_TTL_MS).toISOString(),
    error: null,
    attempts: 0,
  });
}

/** One of the user's own verifications (404 for anyone else's). */
export async function ownVerification(
  deps: Pick<Deps, 'db'>,
  user: Pick<AuthUser, 'id'>,
  id: string,
): Promise<ConnectionRecord> {
  const c = await getConnection(deps.db, user.id, id);
  if (!c) throw fail.notFound(VERIFICATION_MESSAGES.notFound);
  return c;
}

/**
 * The rule of every group claim (POST /api/communities, the Settings connect flow): the caller's
 * own verification saw this group (their WhatsApp sent their code in it). Anything else, a made-up
 * id or another person's group, is a 404 that changes nothing.
 */
export async function requireVerifiedGroup(
  deps: Pick<Deps, 'db'>,
  user: Pick<AuthUser, 'id'>,
  groupId: string,
): Promise<ConnectionRecord> {
  const verified = (await listConnectionsOfUser(deps.db, user.id)).find(
    (c) => c.status === 'connected' && c.group_id === groupId,
  );
  if (!verified) throw fail.notFound(VERIFICATION_MESSAGES.notVerified);
  return verified;
}

/** Records which community a verified group became (Add Community), so the dialog's poll can tell. */
export async function linkVerification(
  deps: Pick<Deps, 'db'>,
  connection: ConnectionRecord,
  communityId: string,
): Promise<void> {
  if (connection.community_id !== communityId) await linkConnectionToCommunity(deps.db, connection, communityId);
}
