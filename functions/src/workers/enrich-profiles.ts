import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runEnrichmentChunk } from '../core/bi/enrichment';
import { queues } from '../core/queues';
import { profileEnrichment } from '../wiring/cloud/enrichment';
import { sqsQueues } from '../wiring/cloud/queues';
import { secretsManager } from '../wiring/cloud/secrets';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';

/** The profile-enrichment provider (its key from Secrets Manager) and the job's next chunk. */
const wiring: Wiring = { enrichment: profileEnrichment, secrets: secretsManager, queues: sqsQueues };

/**
 * The `enrichment` queue's worker: works one chunk of a LinkedIn enrichment job per record
 * (core/bi/enrichment.ts). A failure fails only its record, so SQS retries it; on its last receive
 * the job is marked failed.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord(
    'enrichment',
    event,
    async (job, r) => {
      await runEnrichmentChunk(deps, job, {
        receiveCount: Number(r.attributes.ApproximateReceiveCount ?? '1'),
        maxReceiveCount: queues.enrichment.maxReceiveCount,
      });
    },
    context,
  );
}
