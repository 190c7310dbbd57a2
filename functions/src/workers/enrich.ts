import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deps as getDeps } from '../core/deps';
import { logger } from '../core/logger';
import { PoisonMessageError, processIngestBatch } from '../core/messages/enrich-batch';

const processor = new BatchProcessor(EventType.SQS);

/**
 * The `ingest` queue's worker: enriches, stores, aggregates, queues embedding and publishes live
 * events for a batch of InboundMessages (core/messages/enrich-batch.ts). The whole batch is handled
 * together (one AI call per community); each record then succeeds or fails on its own and only the
 * failures are reported back, so SQS redelivers just those and moves a record to the DLQ after
 * `maxReceiveCount` receives (a poison record fails every time).
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const outcomes = processIngestBatch(
    getDeps(),
    event.Records.map((r) => ({ id: r.messageId, body: r.body })),
  );
  return processPartialResponse(
    event,
    async (record: SQSRecord) => {
      const error = (await outcomes).get(record.messageId);
      if (error) {
        if (error instanceof PoisonMessageError) {
          logger.error('poison ingest record', {
            messageId: record.messageId,
            receiveCount: record.attributes.ApproximateReceiveCount,
            reason: error.message,
          });
        }
        throw error;
      }
    },
    processor,
    { ...(context ? { context } : {}), throwOnFullBatchFailure: false },
  );
}
