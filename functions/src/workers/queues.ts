/**
 * Every queue, declared once. The CDK api stack creates each queue with its dead-letter queue and
 * wires the worker as an event source; the local stack creates the same queues on its SQS endpoint
 * and polls them in-process, calling the same worker handler with real SQS event batches.
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
}

export const queues = {
  ingest: {
    worker: 'workers/enrich',
    batchSize: 10,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 90,
    timeoutSeconds: 60,
    memoryMb: 1024,
    summary: 'Accepted WhatsApp messages waiting for enrichment and storage.',
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
  },
} as const satisfies Record<string, QueueDef>;

export type QueueName = keyof typeof queues;
