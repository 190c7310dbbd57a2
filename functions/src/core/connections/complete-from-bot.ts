import type { Deps } from '../deps';
import { logger } from '../logger';
import { tryConnectGroup } from '../communities/groups';
import { listConnectionsByPhone, updatePendingConnection, type ConnectionRecord } from '../../data/connections';
import { codeNeededReply, connectedReply, parseConnectCommand, phoneDigitsOfSender } from './connect-command';
import { CONNECT_CODE_MAX_ATTEMPTS } from '@kehila/shared';
import { VERIFICATION_MESSAGES } from './verification';
import { readParticipantList } from '../members/group-reconciliation';

/** A group event seen by the bot in a group that no community owns yet. */
export interface UnclaimedGroupEvent {
  readonly kind: 'message' | 'bot_added';
  readonly groupId: string;
  /** WhatsApp id of the person who wrote or who added the bot (`…@c.us`; `…@lid` cannot be matched). */
  readonly senderId: string;
  readonly text: string;
  readonly groupName: string | null;
}

type BotDeps = Pick<Deps, 'db' | 'now' | 'whatsapp' | 'config' | 'secrets'>;

async function reply(deps: BotDeps, communityId: string | null, groupId: string, text: string): Promise<void> {
  try {
    await deps.whatsapp.send({ communityId, groupId, text });
  } catch (err) {
    // The verification stands either way; the reply is a courtesy the user can do without.
    logger.warn('bot connection: the reply could not be sent', { error: err as Error });
  }
}

/**
 * Verifies a group from the bot's side (S1 §4, issue "security"): the user's own WhatsApp sends
 * the one-time code the app showed them (`/connect 123456`) in the group. The code must be one of
 * the pending connections of the sender's number, not expired; a wrong code counts against every
 * pending connection of that number, which fails after CONNECT_CODE_MAX_ATTEMPTS. The matching
 * connection becomes `connected` with the group (one conditional update: a code works once). For a
 * connection of an existing community (onboarding, Settings) the group is connected to it at once;
 * for one of the Add Community dialog the app then creates the community for the verified group.
 * Any other account's pending connection for the same number fails, with why: the account whose
 * code came from the phone wins. `@lid` senders hide their number and cannot verify. The bot
 * confirms in the group with the group id. Returns true when the event verified a group.
 */
export async function completeConnectionFromBot(deps: BotDeps, event: UnclaimedGroupEvent): Promise<boolean> {
  const command = event.kind === 'message' ? parseConnectCommand(event.text) : { code: null };
  if (!command) return false;
  const digits = phoneDigitsOfSender(event.senderId);
  if (!digits) {
    logger.info('bot connection: the sender id carries no phone number', { senderId: event.senderId });
    return false;
  }
  const pending = await listConnectionsByPhone(deps.db, `+${digits}`, 'pending');
  if (pending.length === 0) return false;
  if (!command.code) {
    await reply(deps, null, event.groupId, codeNeededReply());
    return false;
  }

  const nowIso = deps.now().toISOString();
  const match = pending.find((c) => c.code === command.code && c.code_expires_at > nowIso);
  if (!match) {
    await Promise.all(pending.map((c) => countWrongCode(deps, c)));
    logger.warn('bot connection: a wrong or expired code', { groupId: event.groupId });
    return false;
  }

  if (match.community_id) {
    const connected = await tryConnectGroup(deps, {
      communityId: match.community_id,
      groupId: event.groupId,
      userId: match.user_id,
    });
    if (!connected.ok) {
      logger.warn('bot connection refused', { reason: connected.reason, communityId: match.community_id });
      return false;
    }
  }
  const done = await updatePendingConnection(deps.db, match, {
    status: 'connected',
    group_id: event.groupId,
    uuid_detected_at: nowIso,
  });
  if (!done) return false;
  // Another account waiting on the same number loses: the code came from the phone's owner.
  await Promise.all(
    pending
      .filter((c) => c.id !== match.id && c.user_id !== match.user_id)
      .map((c) =>
        updatePendingConnection(deps.db, c, { status: 'failed', error: VERIFICATION_MESSAGES.verifiedElsewhere }),
      ),
  );
  await reply(deps, match.community_id, event.groupId, connectedReply(event.groupId, event.groupName));
  if (match.community_id) await readParticipantsOnConnect(deps, match.community_id);
  return true;
}

/** On connecting, the group's participant list is read once through the gateway (members reconciled with the group). */
async function readParticipantsOnConnect(deps: BotDeps, communityId: string): Promise<void> {
  try {
    await readParticipantList(deps, communityId);
  } catch (err) {
    // The connection stands; the admin can read the list again from the members screen.
    logger.warn('bot connection: the group participant list was not read', { communityId, error: err as Error });
  }
}

/** One more wrong code for a pending connection; at the limit it fails and a new code is needed. */
async function countWrongCode(deps: BotDeps, c: ConnectionRecord): Promise<void> {
  const attempts = c.attempts + 1;
  await updatePendingConnection(
    deps.db,
    c,
    attempts >= CONNECT_CODE_MAX_ATTEMPTS
      ? { attempts, status: 'failed', error: VERIFICATION_MESSAGES.tooManyTries }
      : { attempts },
  );
}
