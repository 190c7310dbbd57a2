import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deps as getDeps } from '../core/deps';
import { ImportTaskSchema, runImport } from '../core/imports/service';
import { queues } from './queues';

const processor = new BatchProcessor(EventType.SQS);

async function record(r: SQSRecord): Promise<void> {
  const task = ImportTaskSchema.parse(JSON.parse(r.body));
  await runImport(getDeps(), task, {
    token: r.messageId,
    receiveCount: Number(r.attributes.ApproximateReceiveCount ?? '1'),
    maxReceiveCount: queues.import.maxReceiveCount,
  });
}

/**
 * The `import` queue's worker: runs one chat-export import per record (core/imports/service.ts);
 * a failure is reported for that record only, so SQS retries it and the job resumes.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  return processPartialResponse(event, record, processor, {
    ...(context ? { context } : {}),
    throwOnFullBatchFailure: false,
  });
}
