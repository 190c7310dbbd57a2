import type { Deps } from '../deps';
import { logger } from '../logger';
import { tryConnectGroup } from '../communities/groups';
import { listConnectionsByPhone, markConnected, type ConnectionRecord } from '../../data/connections';
import { connectedReply, isConnectRequest, phoneDigitsOfSender } from './connect-command';

/** A group event seen by the bot in a group that no community owns yet. */
export interface UnclaimedGroupEvent {
  readonly kind: 'message' | 'bot_added';
  readonly groupId: string;
  /** WhatsApp id of the person who wrote or who added the bot (`…@c.us`; `…@lid` cannot be matched). */
  readonly senderId: string;
  readonly text: string;
  readonly groupName: string | null;
}

/** What the bot connection reads and writes; the table by default, fakes in unit tests. */
export interface BotConnectionStore {
  /** The newest pending connection opened for a phone ('+<digits>'), or null. */
  pendingConnection(phone: string): Promise<ConnectionRecord | null>;
  /** Connects the group to the community (one group per community and the reverse); see groups.ts. */
  connectGroup(input: {
    communityId: string;
    groupId: string;
    userId: string;
  }): Promise<{ ok: boolean; reason?: string }>;
  /** Marks the connection connected with the group id and detection time. */
  markConnected(connection: ConnectionRecord, groupId: string, detectedAt: string): Promise<void>;
}

/** The store on the table. */
export function tableConnectionStore(deps: Pick<Deps, 'db' | 'now'>): BotConnectionStore {
  return {
    pendingConnection: async (phone) => (await listConnectionsByPhone(deps.db, phone, 'pending'))[0] ?? null,
    connectGroup: (input) => tryConnectGroup(deps, input),
    markConnected: async (connection, groupId, at) => {
      await markConnected(deps.db, connection, groupId, at);
    },
  };
}

/**
 * Completes an admin's pending group connection when the bot sees their group (S1 §4): the admin
 * adding the bot (`bot_added`, the sender is the adder) or a connect request from the admin's
 * phone (see connect-command.ts). The sender's phone must match the phone of a pending connection
 * (the profile's WhatsApp number given at sign-up); `@lid` senders hide their number and cannot
 * match. Then the group is claimed for the connection's community (one community per group), the
 * community's and the admin's profile's group_id are set, the connection is marked connected with
 * the group id and the detection time, and the bot confirms in the group with the group id.
 * Returns true when the event connected a group; the webhook then stores nothing else for it.
 */
export async function completeConnectionFromBot(
  deps: Pick<Deps, 'db' | 'now' | 'whatsapp'>,
  event: UnclaimedGroupEvent,
  store: BotConnectionStore = tableConnectionStore(deps),
): Promise<boolean> {
  if (event.kind === 'message' && !isConnectRequest(event.text)) return false;
  const digits = phoneDigitsOfSender(event.senderId);
  if (!digits) {
    logger.info('bot connection: the sender id carries no phone number', { senderId: event.senderId });
    return false;
  }
  const connection = await store.pendingConnection(`+${digits}`);
  if (!connection) return false;

  const connected = await store.connectGroup({
    communityId: connection.community_id,
    groupId: event.groupId,
    userId: connection.user_id,
  });
  if (!connected.ok) {
    logger.warn('bot connection refused', { reason: connected.reason, communityId: connection.community_id });
    return false;
  }
  await store.markConnected(connection, event.groupId, deps.now().toISOString());
  try {
    await deps.whatsapp.send({
      communityId: connection.community_id,
      groupId: event.groupId,
      text: connectedReply(event.groupId, event.groupName),
    });
  } catch (err) {
    // The group is connected either way; the confirmation is a courtesy the admin can do without.
    logger.warn('bot connection: the confirmation could not be sent', { error: err as Error });
  }
  return true;
}
