import * as z from 'zod';
import { InboundMessageSchema } from '@kehila/shared';
import type { RouteUses } from '@kehila/shared/api/contract';

/**
 * Every queue, declared once with the one schema of its messages. The CDK api stack creates each
 * queue with its dead-letter queue and wires the worker as an event source; the local stack creates
 * the same queues on its SQS endpoint and polls them in-process, calling the same worker handler
 * with real SQS event batches. Producers send through the QueueClient port, which checks each body
 * against the schema; workers read records with `readQueueMessage`, which checks it again.
 */
export interface QueueDef {
  /** Worker module under functions/src, exporting `handler(event: SQSEvent)`. */
  readonly worker: string;
  readonly batchSize: number;
  /** Receives before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly visibilityTimeoutSeconds: number;
  /** Lambda timeout; must stay below the visibility timeout. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly summary: string;
  /** The one schema of the queue's messages, shared by producer and consumer. */
  readonly message: z.ZodType;
  /** What the worker uses besides the table (its grants and wiring), as routes declare theirs. */
  readonly uses: RouteUses;
  /**
   * A failed record waits longer before each retry (`firstSeconds`, doubling up to `maxSeconds`)
   * instead of the fixed visibility timeout: its worker sets the record's visibility as it reports
   * the failure (settleBatch). Queues without it retry after `visibilityTimeoutSeconds`.
   */
  readonly retryBackoff?: { readonly firstSeconds: number; readonly maxSeconds: number };
  /**
   * At most this many worker invocations at once (the SQS event source's maximum concurrency, ≥ 2):
   * for a worker that calls an API with a rate limit. Locally the pollers' own concurrency applies.
   */
  readonly maxConcurrency?: number;
}

/**
 * Carried by every queue message from where the work started (the webhook's request id, an import
 * job) to every log line of the workers that handle it, and to the live event it ends in.
 */
const correlation = { correlation_id: z.string().max(200).optional() };

/** An accepted WhatsApp message waiting for enrichment (the webhook and the import send it). */
export const IngestMessageSchema = InboundMessageSchema.extend(correlation);

/** Embed job of one stored message (sent by the enrich worker, the import and the walk). */
export const MessageEmbedJobSchema = z.object({
  communityId: z.string().min(1),
  msgId: z.string().min(1),
  /** ISO timestamp; with msgId it forms the message's key (keys.message). */
  timestamp: z.string().min(1),
  ...correlation,
});
/** One page of a re-embedding walk: messages after `after` (a message sort key, or the walk's start). */
export const WalkJobSchema = z.object({
  communityId: z.string().min(1),
  reembed: z.object({ version: z.string(), after: z.string() }),
  ...correlation,
});
/** What the `embed` queue carries. */
export const EmbedJobSchema = z.union([MessageEmbedJobSchema, WalkJobSchema]);
export type MessageEmbedJob = z.infer<typeof MessageEmbedJobSchema>;
export type WalkJob = z.infer<typeof WalkJobSchema>;
export type EmbedJob = z.infer<typeof EmbedJobSchema>;

/** An uploaded chat export waiting to be parsed (the start route sends it). */
export const ImportTaskSchema = z.object({
  community_id: z.string().min(1),
  import_id: z.string().min(1),
  ...correlation,
});
export type ImportTask = z.infer<typeof ImportTaskSchema>;

/**
 * A community's scheduled summary for one period (the scheduler sends it): `period` is the local date
 * of the run and its kind, e.g. "2026-11-25:daily"; with the community and a destination it is the
 * idempotency key of a delivery.
 */
export const SummaryDeliveryJobSchema = z.object({
  communityId: z.string().min(1),
  kind: z.enum(['daily', 'weekly']),
  /** `<local date>:<kind>`; built by the scheduler only (core/summaries/delivery.ts dueSummaries). */
  period: z.string().min(1).max(40),
  ...correlation,
});
export type SummaryDeliveryJob = z.infer<typeof SummaryDeliveryJobSchema>;

/** A bot command a member wrote in a group (`/summary`, `/summary N`, `/summary today`, `/help`, `/id`). */
export const BotCommandJobSchema = z.object({
  communityId: z.string().min(1),
  groupId: z.string().min(1),
  command: z.enum(['summary', 'help', 'id']),
  count: z.number().int().min(1).max(500).nullable(),
  today: z.boolean(),
  /** The command message's id: the bot answers it once however often the job is delivered. */
  msgId: z.string().min(1).max(600).optional(),
  ...correlation,
});
export type BotCommandJob = z.infer<typeof BotCommandJobSchema>;

/** A business analysis run waiting to be worked (Run Analysis sends it; docs/business-intelligence.md). */
export const BiAnalysisJobSchema = z.object({
  communityId: z.string().min(1),
  /** The run's period id (core/bi/analysis.ts periodOf). */
  runId: z.string().min(1).max(40),
  ...correlation,
});
export type BiAnalysisJob = z.infer<typeof BiAnalysisJobSchema>;

/**
 * One chunk of a LinkedIn enrichment job (the enrich routes send the first, each chunk's worker the
 * next): the job's members from `offset` (core/bi/enrichment.ts ENRICHMENT_CHUNK at a time).
 */
export const EnrichmentJobMessageSchema = z.object({
  communityId: z.string().min(1),
  jobId: z.string().min(1).max(64),
  offset: z.number().int().nonnegative(),
  ...correlation,
});
export type EnrichmentJobMessage = z.infer<typeof EnrichmentJobMessageSchema>;

/** A data-rights job to run (the export and deletion routes send it): the job item names the rest. */
export const DataRightsTaskSchema = z.object({
  user_id: z.string().min(1),
  job_id: z.string().min(1),
  ...correlation,
});
export type DataRightsTask = z.infer<typeof DataRightsTaskSchema>;

/**
 * One message's WhatsApp alert (Customize Alerts): the enrich worker sends it for a stored live
 * message that meets its community's rule; the worker claims it by the message id (one alert ever).
 */
export const AlertJobSchema = z.object({
  communityId: z.string().min(1),
  msgId: z.string().min(1),
  reasons: z.array(z.enum(['urgent', 'toxic'])).min(1).max(2),
  ...correlation,
});
export type AlertJob = z.infer<typeof AlertJobSchema>;

/** One community's group participant list to read (the participant-list schedule sends it). */
export const GroupSyncJobSchema = z.object({
  communityId: z.string().min(1),
  ...correlation,
});
export type GroupSyncJob = z.infer<typeof GroupSyncJobSchema>;

export const queues = {
  ingest: {
    worker: 'workers/enrich',
    batchSize: 10,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 90,
    timeoutSeconds: 60,
    memoryMb: 1024,
    summary: 'Accepted WhatsApp messages waiting for enrichment and storage.',
    message: IngestMessageSchema,
    // Bedrock labels (the local provider is its fallback), the sender hash key, live events, embed jobs.
    uses: { ai: ['chat'], secrets: ['senderHashKey'], queues: ['embed', 'alerts'], realtime: 'publish' } as RouteUses,
  },
  embed: {
    worker: 'workers/embed',
    // SQS hands out at most 10 messages per receive; the local pollers receive once per batch.
    batchSize: 10,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 90,
    timeoutSeconds: 60,
    memoryMb: 1024,
    summary: 'Stored messages waiting for an embedding and the search index.',
    message: EmbedJobSchema,
    // Embeddings, then the index (created on first write); walks queue their next page.
    uses: { ai: ['embed'], search: 'write', queues: ['embed'] },
  },
  import: {
    worker: 'workers/import',
    // One export per invocation: parsing and fanning out a large chat takes the whole Lambda.
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 960,
    timeoutSeconds: 900,
    memoryMb: 2048,
    summary: 'Uploaded WhatsApp chat exports waiting to be parsed and sent to the ingest queue.',
    message: ImportTaskSchema,
    // Reads the uploaded export and deletes it once queued; sends its messages to ingest.
    uses: { objects: 'imports-process', queues: ['ingest'] },
  },
  summaries: {
    worker: 'workers/deliver-summaries',
    // one community's summary per invocation: a model call, then up to two sends
    batchSize: 1,
    // a failed send is retried three more times, 1, 2 and 4 minutes later, then dead-lettered
    maxReceiveCount: 4,
    retryBackoff: { firstSeconds: 60, maxSeconds: 900 },
    visibilityTimeoutSeconds: 120,
    timeoutSeconds: 90,
    memoryMb: 1024,
    summary: 'Scheduled summaries waiting to be written and delivered to the WhatsApp group and/or the spreadsheet.',
    message: SummaryDeliveryJobSchema,
    // the summary (Bedrock), the group (the gateway's send API), the spreadsheet (Google Sheets)
    uses: { ai: ['chat'], whatsapp: ['send'], secrets: ['whatsapp', 'googleServiceAccount'] } as RouteUses,
  },
  bot: {
    worker: 'workers/bot-commands',
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 120,
    timeoutSeconds: 90,
    memoryMb: 1024,
    summary: 'Bot commands written in groups, waiting for the bot’s answer in the group.',
    message: BotCommandJobSchema,
    // the summary (Bedrock), the answer (the gateway's send API)
    uses: { ai: ['chat'], whatsapp: ['send'], secrets: ['whatsapp'] } as RouteUses,
  },
  bi: {
    worker: 'workers/bi-analysis',
    // one community's analysis per invocation: a month of messages through the model in batches
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 960,
    timeoutSeconds: 900,
    memoryMb: 1024,
    summary: 'Business analysis runs (opportunities, member matches, partnerships) waiting to be worked.',
    message: BiAnalysisJobSchema,
    // opportunity detection and partnership matching (Bedrock)
    uses: { ai: ['chat'] } as RouteUses,
  },
  enrichment: {
    worker: 'workers/enrich-profiles',
    // One chunk of a job per invocation: 25 lookups of the provider, then the next chunk is queued.
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 360,
    timeoutSeconds: 300,
    memoryMb: 512,
    summary: 'LinkedIn enrichment jobs, a chunk of members at a time, waiting for the profile-enrichment provider.',
    message: EnrichmentJobMessageSchema,
    // the provider (People Data Labs, its key in Secrets Manager) and the job's next chunk
    uses: { enrichment: true, secrets: ['enrichmentApiKey'], queues: ['enrichment'] } as RouteUses,
  },
  rights: {
    worker: 'workers/rights',
    // One community's export or erasure per invocation: it reads or deletes every partition of it.
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 960,
    timeoutSeconds: 900,
    memoryMb: 2048,
    summary:
      'Data-rights jobs: a community’s export (zip of JSON and CSV) or its erasure from every store; a user’s own account export or deletion.',
    message: DataRightsTaskSchema,
    // The search index (a community's documents), the exports and the community's uploads; the
    // sender hash key (a user's own messages) and the user pool (an account's sign-in is deleted).
    uses: {
      search: 'write',
      objects: 'data-rights',
      secrets: ['senderHashKey'],
      identity: 'delete-users',
    } as RouteUses,
  },
  alerts: {
    worker: 'workers/send-alerts',
    batchSize: 10,
    // a failed send is retried twice, 1 then 2 minutes later, then dead-lettered
    maxReceiveCount: 3,
    retryBackoff: { firstSeconds: 60, maxSeconds: 300 },
    visibilityTimeoutSeconds: 60,
    timeoutSeconds: 30,
    memoryMb: 512,
    summary: 'WhatsApp alerts to a community admin: a high-urgency or toxic message, at most N per community per hour.',
    message: AlertJobSchema,
    // the admin's chat (the gateway's send API) and the link back to the message
    uses: { whatsapp: ['send'], secrets: ['whatsapp'], webOrigin: true } as RouteUses,
  },
  participants: {
    worker: 'workers/sync-group-members',
    // one community's participant list per invocation: one gateway call, then the table writes
    batchSize: 1,
    // all communities share the deployment's gateway: two reads at a time stay inside its rate limits
    maxConcurrency: 2,
    // a failed read (the gateway down or rate-limiting) is retried 5 then 10 minutes later, then
    // dead-lettered; the next scheduled read reads the list again anyway
    maxReceiveCount: 3,
    retryBackoff: { firstSeconds: 300, maxSeconds: 900 },
    visibilityTimeoutSeconds: 120,
    timeoutSeconds: 90,
    memoryMb: 512,
    summary:
      "Scheduled reads of a connected group's participant list: who joined and who left since the last read (docs/members.md).",
    message: GroupSyncJobSchema,
    // the list (the gateway's API, with its secret) and the ids of participants (the sender hash key)
    uses: { whatsapp: ['send'], secrets: ['whatsapp', 'senderHashKey'] } as RouteUses,
  },
} as const satisfies Record<string, QueueDef>;

export type QueueName = keyof typeof queues;

/** A message of a queue as its worker reads it (defaults applied). */
export type QueueMessage<Q extends QueueName> = z.output<(typeof queues)[Q]['message']>;
/** A message of a queue as a producer sends it. */
export type QueueMessageInput<Q extends QueueName> = z.input<(typeof queues)[Q]['message']>;

/** A queue record that can never succeed (not JSON, not the queue's message): it goes to the DLQ after its receives. */
export class PoisonMessageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PoisonMessageError';
  }
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** Checks a message against its queue's schema before it is sent; a bad body is a bug of the producer. */
export function queueMessageBody<Q extends QueueName>(queue: Q, body: QueueMessageInput<Q>): string {
  const r = queues[queue].message.safeParse(body);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`not ${article(queue)} ${queue} queue message: ${i?.path.join('.')} ${i?.message}`);
  }
  return JSON.stringify(body);
}

/** Reads a queue record's body as the queue's message; anything else is a PoisonMessageError. */
export function readQueueMessage<Q extends QueueName>(queue: Q, body: string): QueueMessage<Q> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new PoisonMessageError(`${queue} message is not JSON`);
  }
  const r = queues[queue].message.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new PoisonMessageError(`not ${article(queue)} ${queue} queue message: ${i?.path.join('.')} ${i?.message}`);
  }
  return r.data as QueueMessage<Q>;
}

/** SQS's longest visibility timeout (12 hours). */
const MAX_VISIBILITY_SECONDS = 43_200;

/**
 * How long a record of `queue` that failed on its `receives`-th receive waits before the next one,
 * when the queue declares a back-off: `firstSeconds × 2^(receives − 1)`, at most `maxSeconds` (and
 * `cap`, the configuration's QUEUE_RETRY_MAX_SECONDS, when given). Null for a queue without one.
 */
export function retryDelaySeconds(queue: QueueName, receives: number, cap?: number): number | null {
  const backoff = (queues[queue] as QueueDef).retryBackoff;
  if (!backoff) return null;
  const delay = backoff.firstSeconds * 2 ** Math.max(0, receives - 1);
  return Math.min(delay, backoff.maxSeconds, cap ?? Infinity, MAX_VISIBILITY_SECONDS);
}
