import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { processIngestBatch } from '../core/messages/enrich-batch';
import { lazyBedrock } from '../wiring/cloud/ai';
import { sqsQueues } from '../wiring/cloud/queues';
import { apiGatewayRealtime } from '../wiring/cloud/realtime';
import { secretsManager } from '../wiring/cloud/secrets';
import { processDeps, type Wiring } from '../wiring/deps';
import { settleBatch } from './batch';

/**
 * Bedrock labels with the local provider as the fallback for invalid answers (the only function
 * that carries the local lexicons, loaded when Bedrock is first asked), the sender hash key, live
 * events and the embed queue.
 */
const wiring: Wiring = {
  ai: ({ config, db }) =>
    lazyBedrock(config, async () => {
      const [{ LocalAiPort }, { DynamoModelStore }] = await Promise.all([
        import('../adapters/ai/local/provider'),
        import('../adapters/ai/local/model-store'),
      ]);
      return new LocalAiPort({ store: new DynamoModelStore(db) });
    }),
  queues: sqsQueues,
  realtime: apiGatewayRealtime,
  secrets: secretsManager,
};

/**
 * The `ingest` queue's worker: enriches, stores, aggregates, queues embedding and publishes live
 * events for a batch of InboundMessages (core/messages/enrich-batch.ts). The whole batch is handled
 * together (one AI call per community); each record then succeeds or fails on its own and only the
 * failures are reported back (workers/batch.ts).
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const outcomes = await processIngestBatch(
    processDeps(wiring),
    event.Records.map((r) => ({ id: r.messageId, body: r.body })),
  );
  return settleBatch('ingest', event, outcomes, context);
}
