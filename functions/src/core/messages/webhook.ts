import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundMessage, WhatsAppProvider } from '@kehila/shared';
import { loadWhatsAppSecrets } from '../../adapters/whatsapp/secrets';
import {
  MalformedWebhookError,
  metaVerifyChallenge,
  webhookAdapters,
  type ParsedWebhook,
  type WebhookRequest,
} from '../../adapters/whatsapp/webhooks';
import { findCommunityIdByGroup } from '../../data/communities';
import { keys } from '../../data/keys';
import { completeConnectionFromBot, type UnclaimedGroupEvent } from '../connections/complete-from-bot';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { dayOf } from './ids';
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

/** Counts events of groups no community owns, per UTC day (and per provider), never storing them. */
async function countDropped(deps: Pick<Deps, 'db' | 'now'>, provider: WhatsAppProvider, n: number): Promise<void> {
  const day = dayOf(deps.now().toISOString());
  await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.table,
      Key: keys.droppedCounter(day),
      UpdateExpression: 'SET #day = :day, #entity = :entity ADD #count :n, #p :n',
      ExpressionAttributeNames: { '#day': 'day', '#entity': 'entity', '#count': 'count', '#p': `p_${provider}` },
      ExpressionAttributeValues: { ':day': day, ':entity': 'dropped_counter', ':n': n },
    }),
  );
}

function verifiedBody(provider: WhatsAppProvider, request: WebhookRequest): ParsedWebhook {
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw fail.badRequest('Webhook body is not valid JSON');
  }
  try {
    return webhookAdapters[provider].parse(body);
  } catch (err) {
    if (err instanceof MalformedWebhookError) throw fail.badRequest(err.message);
    throw err;
  }
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
  deps: Deps,
  provider: WhatsAppProvider,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const secrets = await loadWhatsAppSecrets(deps.config);
  const auth = webhookAdapters[provider].verify(request, secrets);
  if (!auth.ok) {
    logger.warn('webhook refused', { provider, reason: auth.reason });
    throw fail.unauthorized(auth.reason);
  }
  const parsed = verifiedBody(provider, request);

  const groups = [...new Set([...parsed.messages.map((m) => m.group_id), ...parsed.botAdded.map((b) => b.groupId)])];
  const ownerList = await Promise.all(groups.map((g) => ownerOf(deps, g)));
  const owner = new Map(groups.map((g, i) => [g, ownerList[i] ?? null]));

  const inbound: InboundMessage[] = [];
  const unclaimed: UnclaimedGroupEvent[] = [];
  for (const m of parsed.messages) {
    const communityId = owner.get(m.group_id);
    if (communityId) inbound.push({ community_id: communityId, provider, ...m });
    else {
      unclaimed.push({ kind: 'message', groupId: m.group_id, senderId: m.sender_id, text: m.text, groupName: null });
    }
  }
  for (const b of parsed.botAdded) {
    // The bot joining a group that already has its community changes nothing.
    if (!owner.get(b.groupId)) unclaimed.push({ kind: 'bot_added', ...b, text: '' });
  }

  let dropped = 0;
  for (const event of unclaimed) {
    if (!(await completeConnectionFromBot(deps, event))) dropped += 1;
  }
  // Concurrent webhooks share SendMessageBatch calls; each still waits until SQS has its messages.
  if (inbound.length > 0) await coalescerFor(deps.queues, 'ingest').send(inbound);
  if (dropped > 0) await countDropped(deps, provider, dropped);
  return { accepted: inbound.length, dropped };
}

/**
 * `GET /webhooks/whatsapp/meta`: Meta's subscription handshake. The challenge is echoed only when
 * the verify token matches; other providers have no handshake.
 */
export async function verifyWhatsAppSubscription(
  deps: Pick<Deps, 'config'>,
  provider: WhatsAppProvider,
  query: Readonly<Record<string, string>>,
): Promise<string> {
  if (provider !== 'meta') throw fail.notFound('Not found');
  const secrets = await loadWhatsAppSecrets(deps.config);
  const challenge = metaVerifyChallenge(query, secrets.meta?.verifyToken);
  if (challenge === null) throw fail.forbidden('Verification token mismatch');
  return challenge;
}
