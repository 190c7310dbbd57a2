import type { QueueMessageInput, QueueName } from '../queues';

/** Sends messages to a declared queue; each body is checked against the queue's schema first. */
export interface QueueClient {
  send<Q extends QueueName>(queue: Q, body: QueueMessageInput<Q>, options?: { delaySeconds?: number }): Promise<void>;
  sendBatch<Q extends QueueName>(queue: Q, bodies: readonly QueueMessageInput<Q>[]): Promise<void>;
}

/** What a worker does to a record it failed, beside reporting it: sets when it is received again. */
export interface QueueRetry {
  /** Makes a received record visible again only after `seconds` (its retry's back-off). */
  retryAfter(queue: QueueName, receiptHandle: string, seconds: number): Promise<void>;
}

/** How a worker's failed records are retried when its queue declares a back-off. */
export interface RetryOptions {
  /** Sets each failed record's next receive (ChangeMessageVisibility). */
  readonly queues: QueueRetry;
  /** The configuration's cap on any back-off (QUEUE_RETRY_MAX_SECONDS). */
  readonly maxDelaySeconds?: number | undefined;
}
