import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../core/logger';
import { count, flushMetrics, METRIC } from '../core/metrics';
import type { RetryOptions } from '../core/ports/queues';
import {
  PoisonMessageError,
  queues,
  readQueueMessage,
  retryDelaySeconds,
  type QueueMessage,
  type QueueName,
} from '../core/queues';

/** What became of each record of a batch, by SQS message id: null for done, the error otherwise. */
export type BatchOutcomes = ReadonlyMap<string, Error | null>;

/** What one record of a queue's batch is worked with: its parsed message and the record itself. */
export type RecordWork<Q extends QueueName> = (job: QueueMessage<Q>, record: SQSRecord) => Promise<unknown>;

/**
 * The loop of a worker that handles its records one after another: parses each record's message
 * (a malformed one is a poison message), runs `work` on it, and settles the batch with each record's
 * outcome (`settleBatch`): one record's failure fails only that record.
 */
export async function eachRecord<Q extends QueueName>(
  queue: Q,
  event: SQSEvent,
  work: RecordWork<Q>,
  context?: Context,
  retry?: RetryOptions,
): Promise<SQSBatchResponse> {
  const outcomes = new Map<string, Error | null>();
  for (const r of event.Records) {
    try {
      await work(readQueueMessage(queue, r.body), r);
      outcomes.set(r.messageId, null);
    } catch (err) {
      outcomes.set(r.messageId, err instanceof Error ? err : new Error(String(err)));
    }
  }
  return settleBatch(queue, event, outcomes, context, retry);
}

/**
 * Turns a batch's outcomes into Lambda's partial batch response: only the failed records are
 * reported, so SQS redelivers just those (and moves one to the DLQ after `maxReceiveCount`
 * receives); a failed record is never deleted. The batch processor is made per invocation, never
 * shared: the local stack runs several invocations in one process at once. Failures on their last
 * receive are counted as dead-lettered. With `retry` and a queue that declares `retryBackoff`, each
 * other failed record is made visible again only after its back-off (a failure to set it leaves the
 * queue's visibility timeout). Metrics are flushed at the end of every invocation.
 */
export async function settleBatch(
  queue: QueueName,
  event: SQSEvent,
  outcomes: BatchOutcomes,
  context?: Context,
  retry?: RetryOptions,
): Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  try {
    return await processPartialResponse(
      event,
      async (record: SQSRecord) => {
        const error = outcomes.has(record.messageId)
          ? outcomes.get(record.messageId)
          : new Error('record was not processed');
        if (!error) return;
        count(METRIC.recordsFailed);
        const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
        if (receives >= queues[queue].maxReceiveCount) {
          count(METRIC.recordsDeadLettered);
          logger.error('record failed on its last receive: it moves to the dead-letter queue', {
            queue,
            messageId: record.messageId,
            receives,
            poison: error instanceof PoisonMessageError,
            error,
          });
        } else if (retry) {
          const delay = retryDelaySeconds(queue, receives, retry.maxDelaySeconds);
          if (delay !== null)
            await retry.queues.retryAfter(queue, record.receiptHandle, delay).catch((err: unknown) =>
              logger.warn('could not set the retry back-off: the visibility timeout applies', {
                queue,
                messageId: record.messageId,
                error: err as Error,
              }),
            );
        }
        throw error;
      },
      processor,
      { ...(context ? { context } : {}), throwOnFullBatchFailure: false },
    );
  } finally {
    flushMetrics();
  }
}
