import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runEnrichmentChunk } from '../core/bi/enrichment';
import { queues, readQueueMessage } from '../core/queues';
import { profileEnrichment } from '../wiring/cloud/enrichment';
import { sqsQueues } from '../wiring/cloud/queues';
import { secretsManager } from '../wiring/cloud/secrets';
import { processDeps, type Wiring } from '../wiring/deps';
import { settleBatch } from './batch';

/** The profile-enrichment provider (its key from Secrets Manager) and the job's next chunk. */
const wiring: Wiring = { enrichment: profileEnrichment, secrets: secretsManager, queues: sqsQueues };

/**
 * The `enrichment` queue's worker: works one chunk of a LinkedIn enrichment job per record
 * (core/bi/enrichment.ts). A failure fails only its record, so SQS retries it; on its last receive
 * the job is marked failed.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  const outcomes = new Map<string, Error | null>();
  for (const r of event.Records) {
    try {
      await runEnrichmentChunk(deps, readQueueMessage('enrichment', r.body), {
        receiveCount: Number(r.attributes.ApproximateReceiveCount ?? '1'),
        maxReceiveCount: queues.enrichment.maxReceiveCount,
      });
      outcomes.set(r.messageId, null);
    } catch (err) {
      outcomes.set(r.messageId, err instanceof Error ? err : new Error(String(err)));
    }
  }
  return settleBatch('enrichment', event, outcomes, context);
}
