import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runDataJob } from '../core/rights/run';
import { queues } from '../core/queues';
import { cognitoUserPool } from '../wiring/cloud/identity';
import { openSearch } from '../wiring/cloud/search';
import { secretsManager } from '../wiring/cloud/secrets';
import { s3Storage } from '../wiring/cloud/storage';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';

/**
 * The community's search documents and its objects (exports written, uploads erased); the sender
 * hash key (a user's own messages) and the user pool (a deleted account's sign-in).
 */
const wiring: Wiring = { search: openSearch, storage: s3Storage, secrets: secretsManager, identity: cognitoUserPool };

/**
 * The `rights` queue's worker: one export or erasure (a community's or an account's) per record (core/rights/run.ts). A failure is
 * reported for that record only, so SQS retries it (each step can run again); on its last receive the
 * job is marked failed instead of left running.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord(
    'rights',
    event,
    async (job, r) => {
      await runDataJob(deps, job, {
        lastAttempt: Number(r.attributes.ApproximateReceiveCount ?? '1') >= queues.rights.maxReceiveCount,
      });
    },
    context,
  );
}
