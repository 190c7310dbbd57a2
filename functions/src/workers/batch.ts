import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../core/logger';
import { count, flushMetrics, METRIC } from '../core/metrics';
import { PoisonMessageError, queues, type QueueName } from '../core/queues';

/** What became of each record of a batch, by SQS message id: null for done, the error otherwise. */
export type BatchOutcomes = ReadonlyMap<string, Error | null>;

/**
 * Turns a batch's outcomes into Lambda's partial batch response: only the failed records are
 * reported, so SQS redelivers just those (and moves one to the DLQ after `maxReceiveCount`
 * receives); a failed record is never deleted. The batch processor is made per invocation, never
 * shared: the local stack runs several invocations in one process at once. Failures on their last
 * receive are counted as dead-lettered. Metrics are flushed at the end of every invocation.
 */
export async function settleBatch(
  queue: QueueName,
  event: SQSEvent,
  outcomes: BatchOutcomes,
  context?: Context,
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
