import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runImport } from '../core/imports/service';
import { queues, readQueueMessage } from '../core/queues';
import { sqsQueues } from '../wiring/cloud/queues';
import { s3Storage } from '../wiring/cloud/storage';
import { processDeps, type Wiring } from '../wiring/deps';
import { settleBatch } from './batch';

/** The uploaded export in S3 and the ingest queue. */
const wiring: Wiring = { storage: s3Storage, queues: sqsQueues };

/**
 * The `import` queue's worker: runs one chat-export import per record (core/imports/service.ts);
 * a failure is reported for that record only, so SQS retries it and the job resumes (on the
 * record's last receive, the job is failed with its reason instead of left running).
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  const outcomes = new Map<string, Error | null>();
  for (const r of event.Records) {
    try {
      await runImport(deps, readQueueMessage('import', r.body), {
        token: r.messageId,
        receiveCount: Number(r.attributes.ApproximateReceiveCount ?? '1'),
        maxReceiveCount: queues.import.maxReceiveCount,
        // The run stops itself before Lambda's time limit, so a long import saves its place.
        ...(context ? { deadline: Date.now() + context.getRemainingTimeInMillis() } : {}),
      });
      outcomes.set(r.messageId, null);
    } catch (err) {
      outcomes.set(r.messageId, err instanceof Error ? err : new Error(String(err)));
    }
  }
  return settleBatch('import', event, outcomes, context);
}
