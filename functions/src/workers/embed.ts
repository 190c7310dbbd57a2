import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { processEmbedRecords } from '../core/search/embed';
import { bedrockAi } from '../wiring/cloud/ai';
import { sqsQueues } from '../wiring/cloud/queues';
import { openSearch } from '../wiring/cloud/search';
import { processDeps, type Wiring } from '../wiring/deps';
import { settleBatch } from './batch';

/** Bedrock embeddings, the OpenSearch index, and the embed queue for the pages of walks. */
const wiring: Wiring = { ai: bedrockAi, search: openSearch, queues: sqsQueues };

/**
 * The `embed` queue's worker: embeds stored messages and upserts them into the search index, and
 * runs the pages of re-embedding walks (core/search/embed.ts); failures are reported per record.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const outcomes = await processEmbedRecords(processDeps(wiring), event.Records);
  return settleBatch('embed', event, outcomes, context);
}
