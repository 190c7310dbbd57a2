import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { InboundMessageSchema, MessageSchema, type InboundMessage, type Message } from '@kehila/shared';
import type { Enrichment } from '../../adapters/ai/port';
import { applyBucketAdds, messageDelta, type BucketAdd } from '../../data/aggregates';
import { isConditionFailed } from '../../data/db';
import { keys } from '../../data/keys';
import { putMessageIfNew } from '../../data/messages';
import type { Deps } from '../deps';
import { logger } from '../logger';
import type { EmbedRequest } from './contracts';
import { dayOf, hourOf, loadSenderHashKey, messageIdFor, senderKeyFor } from './ids';

/** A queue record as the worker hands it over. */
export interface IngestRecord {
  readonly id: string;
  readonly body: string;
}

/** A record that can never succeed (not JSON, not an InboundMessage): it goes to the DLQ after its receives. */
export class PoisonMessageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PoisonMessageError';
  }
}

interface Pending {
  readonly recordId: string;
  readonly inbound: InboundMessage;
  readonly msgId: string;
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
  let json: unknown;
  try {
    json = JSON.parse(r.body);
  } catch {
    throw new PoisonMessageError('ingest record body is not JSON');
  }
  const parsed = InboundMessageSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new PoisonMessageError(`ingest record is not an InboundMessage: ${i?.path.join('.')} ${i?.message}`);
  }
  const inbound = parsed.data;
  const time = Date.parse(inbound.timestamp);
  if (Number.isNaN(time)) throw new PoisonMessageError('ingest record has an invalid timestamp');
  return {
    recordId: r.id,
    inbound,
    msgId: messageIdFor(inbound.group_id, inbound.provider_message_id),
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
    // The WhatsApp id as given (S2 §2 shows `number@host` as +digits); analytics use the keyed hash.
    sender_hash: m.sender_id,
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

/** Adds to an import job's counters; a job that no longer exists is left alone. */
async function addImportCounters(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  importId: string,
  c: { imported: number; duplicates: number },
): Promise<void> {
  try {
    await deps.db.doc.send(
      new UpdateCommand({
        TableName: deps.db.table,
        Key: keys.importJob(communityId, importId),
        // `processed` is a DynamoDB reserved word, hence the name placeholder.
        UpdateExpression: 'SET updated_at = :now ADD imported :i, duplicates :d, #processed :p',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#processed': 'processed' },
        ExpressionAttributeValues: {
          ':now': deps.now().toISOString(),
          ':i': c.imported,
          ':d': c.duplicates,
          ':p': c.imported + c.duplicates,
        },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
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
 *   uncounted (their redelivery sees duplicates); `recountDay` rebuilds the day. The same holds
 *   when the ADD keeps failing after retries: it is logged with the days to recount.
 * - Every stored message, new or seen again, is queued for embedding, so a lost embed request is
 *   repaired by the redelivery; failing to queue fails the record.
 * - Live events are published for new messages only; a failed publish is logged, never retried.
 */
export async function processIngestBatch(
  deps: Deps,
  records: readonly IngestRecord[],
): Promise<Map<string, Error | null>> {
  // The sender hash key comes from Secrets Manager in the cloud; read once per process.
  await loadSenderHashKey(deps.config);
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

  // Enrichment: one AI call per community in the batch, for the messages that have text.
  const enrichment = new Map<string, Enrichment>();
  const byCommunity = new Map<string, Pending[]>();
  for (const p of leaders.values()) {
    byCommunity.set(p.inbound.community_id, [...(byCommunity.get(p.inbound.community_id) ?? []), p]);
  }
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
        logger.error('enrichment failed', { communityId, error: err as Error });
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
  const adds: BucketAdd[] = fresh.flatMap((s) => {
    const delta = messageDelta(s.message, s.p.senderKey);
    const communityId = s.p.inbound.community_id;
    return [
      { communityId, kind: 'day' as const, bucket: dayOf(s.message.timestamp), delta },
      { communityId, kind: 'hour' as const, bucket: hourOf(s.message.timestamp), delta },
    ];
  });
  if (adds.length > 0) {
    try {
      await withRetry(() => applyBucketAdds(deps.db, adds));
    } catch (err) {
      const days = [...new Set(adds.map((a) => `${a.communityId} ${a.bucket.slice(0, 10)}`))];
      logger.error('aggregate update lost: recount these days', { days, error: err as Error });
    }
  }

  // Embedding requests for everything stored (new or duplicate).
  if (stored.length > 0) {
    const requests: EmbedRequest[] = stored.map((s) => ({
      communityId: s.p.inbound.community_id,
      msgId: s.message.msg_id,
      timestamp: s.message.timestamp,
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
        })
        .catch((err: unknown) => logger.warn('live event not published', { error: err as Error })),
    ),
  );

  for (const s of stored) if (!outcome.has(s.p.recordId)) outcome.set(s.p.recordId, null);
  for (const f of followers) {
    const leader = leaders.get(`${f.inbound.community_id}\n${f.msgId}`);
    outcome.set(f.recordId, leader ? (outcome.get(leader.recordId) ?? null) : null);
  }

  // Import progress: imported / duplicates / processed per job.
  const counters = new Map<string, { communityId: string; importId: string; imported: number; duplicates: number }>();
  const count = (p: Pending, isNew: boolean) => {
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
  for (const s of stored) count(s.p, s.isNew);
  for (const f of followers) count(f, false);
  await Promise.all(
    [...counters.values()].map((c) =>
      withRetry(() => addImportCounters(deps, c.communityId, c.importId, c)).catch((err: unknown) =>
        logger.error('import counters not updated', { importId: c.importId, error: err as Error }),
      ),
    ),
  );

  for (const r of records) if (!outcome.has(r.id)) outcome.set(r.id, new Error('record was not processed'));
  return outcome;
}
