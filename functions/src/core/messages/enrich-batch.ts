import { MessageSchema, type Message } from '@kehila/shared';
import { applyBucketAdds, bucketAddsOf, type BucketAdd } from '../../data/aggregates';
import { markLateDays } from '../../data/aggregate-blocks';
import { addImportCounters } from '../../data/imports';
import { putMessageIfNew } from '../../data/messages';
import { canonicalIds, isLid } from '../members/identity';
import { learnAlias } from '../members/participants';
import { proposeRecommendations } from '../suppliers/propose';
import { queueAlerts } from '../alerts/alerts';
import type { Deps } from '../deps';
import { logger } from '../logger';
import { count, METRIC } from '../metrics';
import type { Enrichment } from '../ports/ai';
import { PoisonMessageError, readQueueMessage, type QueueMessage, type QueueMessageInput } from '../queues';
import { loadSenderHashKey, messageIdFor, senderKeyFor } from './ids';

/** A queue record as the worker hands it over. */
export interface IngestRecord {
  readonly id: string;
  readonly body: string;
}

interface Pending {
  readonly recordId: string;
  readonly inbound: QueueMessage<'ingest'>;
  readonly msgId: string;
  /** The sender's canonical id: an `@lid` with a known phone id becomes that phone id (core/members/identity.ts). */
  readonly senderId: string;
  readonly senderKey: string;
  readonly timestamp: string;
}

interface Stored {
  readonly p: Pending;
  readonly message: Message;
  readonly isNew: boolean;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function decode(deps: Pick<Deps, 'config'>, r: IngestRecord): Pending {
  const inbound = readQueueMessage('ingest', r.body);
  const time = Date.parse(inbound.timestamp);
  if (Number.isNaN(time)) throw new PoisonMessageError('ingest record has an invalid timestamp');
  return {
    recordId: r.id,
    inbound,
    msgId: messageIdFor(inbound.group_id, inbound.provider_message_id),
    senderId: inbound.sender_id,
    senderKey: senderKeyFor(deps.config, inbound.community_id, inbound.sender_id),
    timestamp: new Date(time).toISOString(),
  };
}

/** The Message of S2 §3 for an inbound message and its enrichment (null when there is no text to read). */
function toMessage(p: Pending, e: Enrichment | null): Message {
  const m = p.inbound;
  return MessageSchema.parse({
    msg_id: p.msgId,
    group_id: m.group_id,
    content: m.text.trim() ? m.text : null,
    timestamp: p.timestamp,
    Sender_name: m.sender_name,
    // The canonical WhatsApp id (S2 §2 shows `number@host` as +digits); analytics use the keyed hash.
    sender_hash: p.senderId,
    topic: e?.topic ?? null,
    keywords: e?.keywords ?? [],
    urgency: e?.urgency ?? null,
    sentiment: e ? clamp(e.sentiment, -1, 1) : null,
    action_items: e?.action_items ?? [],
    emotion: e?.emotion ?? null,
    intent: e?.intent ?? null,
    cluster_id: null,
    toxicity: e ? clamp(e.toxicity, 0, 1) : null,
    reply_to: m.reply_to ? messageIdFor(m.group_id, m.reply_to) : null,
    media_type: m.media_type,
    source: m.provider === 'import' ? 'import' : 'webhook',
  });
}

/**
 * The canonical id of each sender of a community's records: first the `@lid` → phone ids the
 * payloads name are recorded (merging what the group knew of the `@lid`), then every `@lid` is
 * looked up (one BatchGetItem).
 */
async function canonicalSenders(
  deps: Pick<Deps, 'config' | 'db' | 'now'>,
  communityId: string,
  list: readonly Pending[],
): Promise<Map<string, string>> {
  const lids = list.filter((p) => isLid(p.inbound.sender_id));
  if (lids.length === 0) return new Map();
  const given = new Map<string, string>();
  for (const p of lids) if (p.inbound.sender_phone_id) given.set(p.inbound.sender_id, p.inbound.sender_phone_id);
  for (const [lid, phone] of given) await learnAlias(deps, communityId, lid, phone);
  return canonicalIds(
    deps,
    communityId,
    lids.map((p) => p.inbound.sender_id),
  );
}

/** The distinct correlation ids of some records: what a batch-level log line carries. */
function correlationIds(list: readonly Pending[]): string[] {
  return [...new Set(list.map((p) => p.inbound.correlation_id).filter((c): c is string => !!c))];
}

async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 50 * i));
    }
  }
}

/**
 * Enriches and stores a batch of ingest records; returns, per record id, null for success or the
 * error that fails it (reported as a partial batch failure, so only failures are redelivered).
 *
 * Guarantees:
 * - Idempotent: each message is written with a condition on its key (the id derives from group id
 *   + provider message id), so a retry or duplicate delivery stores nothing new.
 * - Aggregates count only messages stored by this call, so redelivery never double counts. The
 *   crash window: a process dying after the put and before the ADD leaves those messages
 *   uncounted (their redelivery sees duplicates); `recountDay` (recount.ts) rebuilds the day. The same holds
 *   when the ADD keeps failing after retries: it is logged with the days to recount.
 * - Every stored message, new or seen again, is queued for embedding, so a lost embed request is
 *   repaired by the redelivery; failing to queue fails the record.
 * - Live events are published for new messages only; a failed publish is logged, never retried.
 */
export async function processIngestBatch(
  deps: Pick<Deps, 'config' | 'db' | 'now' | 'ai' | 'queues' | 'realtime' | 'secrets'>,
  records: readonly IngestRecord[],
): Promise<Map<string, Error | null>> {
  // The sender hash key comes from Secrets Manager in the cloud; read once per process.
  await loadSenderHashKey(deps);
  const outcome = new Map<string, Error | null>();
  const leaders = new Map<string, Pending>();
  const followers: Pending[] = [];
  for (const r of records) {
    try {
      const p = decode(deps, r);
      // The same message twice in one batch (e.g. WAHA's `message` and `message.any`) is handled once.
      const key = `${p.inbound.community_id}\n${p.msgId}`;
      if (leaders.has(key)) followers.push(p);
      else leaders.set(key, p);
    } catch (err) {
      outcome.set(r.id, err as Error);
    }
  }

  const byCommunity = new Map<string, Pending[]>();
  for (const p of leaders.values()) {
    byCommunity.set(p.inbound.community_id, [...(byCommunity.get(p.inbound.community_id) ?? []), p]);
  }

  // One person, one sender: `@lid` senders are counted under their phone id when it is known.
  await Promise.all(
    [...byCommunity].map(async ([communityId, list]) => {
      try {
        const canonical = await canonicalSenders(deps, communityId, list);
        for (const p of list) {
          const senderId = canonical.get(p.inbound.sender_id) ?? p.senderId;
          if (senderId === p.senderId) continue;
          const mapped = { ...p, senderId, senderKey: senderKeyFor(deps.config, communityId, senderId) };
          leaders.set(`${communityId}\n${p.msgId}`, mapped);
        }
      } catch (err) {
        logger.error('sender identities not read', { communityId, correlation_ids: correlationIds(list), error: err as Error });
        for (const p of list) outcome.set(p.recordId, err as Error);
      }
    }),
  );
  for (const [communityId, list] of byCommunity) {
    byCommunity.set(
      communityId,
      list.map((p) => leaders.get(`${communityId}\n${p.msgId}`) ?? p),
    );
  }

  // Enrichment: one AI call per community in the batch, for the messages that have text.
  const enrichment = new Map<string, Enrichment>();
  await Promise.all(
    [...byCommunity].map(async ([communityId, list]) => {
      const withText = list.filter((p) => p.inbound.text.trim());
      if (withText.length === 0) return;
      try {
        const res = await deps.ai.enrich(
          withText.map((p) => ({
            id: p.msgId,
            text: p.inbound.text,
            sender_name: p.inbound.sender_name,
            timestamp: p.timestamp,
          })),
          { communityId },
        );
        if (res.length !== withText.length) throw new Error(`AI enrich returned ${res.length} of ${withText.length}`);
        withText.forEach((p, i) => enrichment.set(p.recordId, res[i] as Enrichment));
      } catch (err) {
        logger.error('enrichment failed', {
          communityId,
          correlation_ids: correlationIds(list),
          error: err as Error,
        });
        for (const p of list) outcome.set(p.recordId, err as Error);
      }
    }),
  );

  // Storage: one conditional put per message.
  const stored: Stored[] = [];
  await Promise.all(
    [...leaders.values()]
      .filter((p) => !outcome.has(p.recordId))
      .map(async (p) => {
        try {
          const message = toMessage(p, enrichment.get(p.recordId) ?? null);
          const isNew = await putMessageIfNew(deps.db, {
            communityId: p.inbound.community_id,
            message,
            senderKey: p.senderKey,
            provider: p.inbound.provider,
            providerMessageId: p.inbound.provider_message_id,
            ...(p.inbound.import_id ? { importId: p.inbound.import_id } : {}),
            receivedAt: deps.now().toISOString(),
          });
          stored.push({ p, message, isNew });
        } catch (err) {
          outcome.set(p.recordId, err instanceof Error ? err : new Error(String(err)));
        }
      }),
  );
  const fresh = stored.filter((s) => s.isNew);

  // Aggregates: only what this call stored.
  const adds: BucketAdd[] = fresh.flatMap((s) => bucketAddsOf(s.p.inbound.community_id, s.message, s.p.senderKey));
  if (adds.length > 0) {
    try {
      await withRetry(() => applyBucketAdds(deps.db, adds));
      // Only after the buckets changed: a seal that reads them earlier then sees its block invalid.
      await withRetry(() => markLateDays(deps.db, adds, deps.now()));
    } catch (err) {
      const days = [...new Set(adds.map((a) => `${a.communityId} ${a.bucket.slice(0, 10)}`))];
      logger.error('aggregate update lost: recount these days', {
        days,
        correlation_ids: correlationIds(fresh.map((f) => f.p)),
        error: err as Error,
      });
    }
  }

  // Supplier recommendations, proposed to the admins once per message (docs/suppliers.md). Stored
  // duplicates are looked at again, so a crash after the put is repaired by the redelivery.
  if (stored.length > 0) {
    try {
      await proposeRecommendations(
        deps,
        stored.map((s) => ({ communityId: s.p.inbound.community_id, message: s.message })),
      );
    } catch (err) {
      logger.error('supplier recommendations not recorded', { correlation_ids: correlationIds(stored.map((s) => s.p)), error: err as Error });
      for (const s of stored) outcome.set(s.p.recordId, err as Error);
    }
  }

  // WhatsApp alerts (Customize Alerts, docs/analytics.md): one job per stored live message that meets
  // its community's rule. Duplicates are queued again (a crash after the put is repaired by the
  // redelivery); the alerts worker's claim keyed by the message sends one alert at most.
  if (stored.length > 0) {
    try {
      await queueAlerts(
        deps,
        stored.map((s) => ({ communityId: s.p.inbound.community_id, message: s.message })),
      );
    } catch (err) {
      logger.error('alerts not queued', { correlation_ids: correlationIds(stored.map((s) => s.p)), error: err as Error });
      for (const s of stored) outcome.set(s.p.recordId, err as Error);
    }
  }

  // Embedding requests for everything stored (new or duplicate).
  if (stored.length > 0) {
    const requests: QueueMessageInput<'embed'>[] = stored.map((s) => ({
      communityId: s.p.inbound.community_id,
      msgId: s.message.msg_id,
      timestamp: s.message.timestamp,
      ...(s.p.inbound.correlation_id ? { correlation_id: s.p.inbound.correlation_id } : {}),
    }));
    try {
      await deps.queues.sendBatch('embed', requests);
    } catch (err) {
      for (const s of stored) outcome.set(s.p.recordId, err as Error);
    }
  }

  // Live events for new messages.
  await Promise.all(
    fresh.map((s) =>
      deps.realtime
        .publish(s.p.inbound.community_id, {
          type: 'message.inserted',
          communityId: s.p.inbound.community_id,
          message: s.message,
          ...(s.p.inbound.correlation_id ? { correlationId: s.p.inbound.correlation_id } : {}),
        })
        .catch((err: unknown) =>
          logger.warn('live event not published', {
            correlation_id: s.p.inbound.correlation_id,
            error: err as Error,
          }),
        ),
    ),
  );

  for (const s of stored) if (!outcome.has(s.p.recordId)) outcome.set(s.p.recordId, null);
  for (const f of followers) {
    const leader = leaders.get(`${f.inbound.community_id}\n${f.msgId}`);
    outcome.set(f.recordId, leader ? (outcome.get(leader.recordId) ?? null) : null);
  }

  // Import progress: imported / duplicates / processed per job.
  const counters = new Map<string, { communityId: string; importId: string; imported: number; duplicates: number }>();
  const tally = (p: Pending, isNew: boolean) => {
    if (!p.inbound.import_id || outcome.get(p.recordId) !== null) return;
    const k = `${p.inbound.community_id}\n${p.inbound.import_id}`;
    const c = counters.get(k) ?? {
      communityId: p.inbound.community_id,
      importId: p.inbound.import_id,
      imported: 0,
      duplicates: 0,
    };
    if (isNew) c.imported += 1;
    else c.duplicates += 1;
    counters.set(k, c);
  };
  for (const s of stored) tally(s.p, s.isNew);
  for (const f of followers) tally(f, false);
  await Promise.all(
    [...counters.values()].map((c) =>
      withRetry(() => addImportCounters(deps.db, c.communityId, c.importId, c, deps.now().toISOString())).catch(
        (err: unknown) => logger.error('import counters not updated', { importId: c.importId, error: err as Error }),
      ),
    ),
  );

  for (const r of records) if (!outcome.has(r.id)) outcome.set(r.id, new Error('record was not processed'));
  count(METRIC.messagesStored, fresh.length);
  count(METRIC.messagesDeduplicated, stored.length - fresh.length + followers.length);
  logger.info('ingest batch processed', {
    records: records.length,
    stored: fresh.length,
    correlation_ids: correlationIds([...leaders.values(), ...followers]),
  });
  return outcome;
}
