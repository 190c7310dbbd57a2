import type { WhatsAppProvider } from '@kehila/shared';
import { findCommunityIdByGroup } from '../../data/communities';
import { countDroppedEvents } from '../../data/webhook-stats';
import { completeConnectionFromBot, type UnclaimedGroupEvent } from '../connections/complete-from-bot';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { count, METRIC } from '../metrics';
import type { WebhookRequest } from '../ports/whatsapp';
import type { QueueMessageInput } from '../queues';
import { applyParticipantEvents } from '../members/participants';
import { parseBotCommand } from './bot-commands';
import { dayOf, loadSenderHashKey, messageIdFor } from './ids';
import { coalescerFor } from './send-coalescer';

/** What a webhook call accepted: messages queued for storage, and events of unowned groups dropped. */
export interface WebhookOutcome {
  readonly accepted: number;
  readonly dropped: number;
}

/**
 * Which community owns a group, cached per warm process for a minute. Only found owners are cached:
 * a group connected a moment ago must not be dropped because of an earlier miss.
 */
const OWNER_TTL_MS = 60_000;
const owners = new Map<string, { communityId: string; until: number }>();

async function ownerOf(deps: Pick<Deps, 'db'>, groupId: string): Promise<string | null> {
  const key = `${deps.db.table}\n${groupId}`;
  const hit = owners.get(key);
  if (hit && hit.until > Date.now()) return hit.communityId;
  const communityId = await findCommunityIdByGroup(deps.db, groupId);
  if (communityId) owners.set(key, { communityId, until: Date.now() + OWNER_TTL_MS });
  return communityId;
}

/**
 * `POST /webhooks/whatsapp/{provider}`: authenticates the gateway (401 and nothing stored when the
 * signature or token is wrong or missing), parses (400 with the reason when the body is not the
 * provider's event), routes each group message to the community that owns its group and queues it
 * for the enrichment worker in one batch. Events of groups nobody owns are first offered to a
 * pending connection (the admin's connect command, or the bot being added); otherwise they are
 * dropped and counted. Storage, dedupe and enrichment happen in the worker, so this answers fast.
 */
export async function receiveWhatsAppWebhook(
  deps: Pick<Deps, 'db' | 'now' | 'inbound' | 'queues' | 'whatsapp' | 'config' | 'secrets'>,
  provider: WhatsAppProvider,
  request: WebhookRequest,
  correlationId: string,
): Promise<WebhookOutcome> {
  const verdict = await deps.inbound.receive(provider, request);
  if (verdict.kind === 'unauthenticated') {
    count(METRIC.webhooksRefused);
    logger.warn('webhook refused', { provider, reason: verdict.reason });
    throw fail.unauthorized(verdict.reason);
  }
  if (verdict.kind === 'malformed') throw fail.badRequest(verdict.reason);
  const parsed = verdict.parsed;

  const groups = [
    ...new Set([
      ...parsed.messages.map((m) => m.group_id),
      ...parsed.botAdded.map((b) => b.groupId),
      ...parsed.participants.map((e) => e.groupId),
    ]),
  ];
  const ownerList = await Promise.all(groups.map((g) => ownerOf(deps, g)));
  const owner = new Map(groups.map((g, i) => [g, ownerList[i] ?? null]));

  const inbound: QueueMessageInput<'ingest'>[] = [];
  const commands: QueueMessageInput<'bot'>[] = [];
  const unclaimed: UnclaimedGroupEvent[] = [];
  for (const m of parsed.messages) {
    const communityId = owner.get(m.group_id);
    // a bot command is answered in the group, never stored as an ordinary message
    const command = communityId ? parseBotCommand(m.text) : null;
    if (communityId && command)
      commands.push({
        communityId,
        groupId: m.group_id,
        ...command,
        msgId: messageIdFor(m.group_id, m.provider_message_id),
        correlation_id: correlationId,
      });
    else if (communityId) inbound.push({ community_id: communityId, provider, ...m, correlation_id: correlationId });
    else {
      unclaimed.push({ kind: 'message', groupId: m.group_id, senderId: m.sender_id, text: m.text, groupName: null });
    }
  }
  for (const b of parsed.botAdded) {
    // The bot joining a group that already has its community changes nothing.
    if (!owner.get(b.groupId)) unclaimed.push({ kind: 'bot_added', ...b, text: '' });
  }

  // Participant events of owned groups are stored before we answer (a group nobody owns yet is read
  // whole from the gateway when it is connected).
  const participantEvents = parsed.participants.filter((e) => owner.get(e.groupId));
  if (participantEvents.length > 0) {
    await loadSenderHashKey(deps);
    for (const communityId of new Set(participantEvents.map((e) => owner.get(e.groupId) ?? ''))) {
      await applyParticipantEvents(
        deps,
        communityId,
        participantEvents.filter((e) => owner.get(e.groupId) === communityId),
      );
    }
  }

  let dropped = 0;
  for (const event of unclaimed) {
    if (!(await completeConnectionFromBot(deps, event))) dropped += 1;
  }
  // Concurrent webhooks share SendMessageBatch calls; each still waits until SQS has its messages.
  if (inbound.length > 0) await coalescerFor(deps.queues, 'ingest').send(inbound);
  if (commands.length > 0) await deps.queues.sendBatch('bot', commands);
  if (dropped > 0) await countDroppedEvents(deps.db, dayOf(deps.now().toISOString()), provider, dropped);
  count(METRIC.messagesAccepted, inbound.length);
  count(METRIC.messagesDropped, dropped);
  return { accepted: inbound.length, dropped };
}

/**
 * `GET /webhooks/whatsapp/meta`: Meta's subscription handshake. The challenge is echoed only when
 * the verify token matches; other providers have no handshake.
 */
export async function verifyWhatsAppSubscription(
  deps: Pick<Deps, 'inbound'>,
  provider: WhatsAppProvider,
  query: Readonly<Record<string, string>>,
): Promise<string> {
  if (provider !== 'meta') throw fail.notFound('Not found');
  const challenge = await deps.inbound.verifySubscription(query);
  if (challenge === null) throw fail.forbidden('Verification token mismatch');
  return challenge;
}
