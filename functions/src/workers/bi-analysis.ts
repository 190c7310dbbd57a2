import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runAnalysis } from '../core/bi/analysis';
import { queues } from '../core/queues';
import { bedrockAi } from '../wiring/cloud/ai';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';

/** Opportunity detection and partnership matching through the AI provider. */
const wiring: Wiring = { ai: bedrockAi };

/**
 * The `bi` queue's worker: works one business analysis run per record (core/bi/analysis.ts). A
 * failure fails only its record, so SQS retries it; on its last receive the run is marked failed.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord(
    'bi',
    event,
    async (job, r) => {
      await runAnalysis(deps, job, {
        token: r.messageId,
        receiveCount: Number(r.attributes.ApproximateReceiveCount ?? '1'),
        maxReceiveCount: queues.bi.maxReceiveCount,
      });
    },
    context,
  );
}
