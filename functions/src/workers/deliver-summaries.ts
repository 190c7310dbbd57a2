import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverScheduledSummary } from '../core/summaries/delivery';
import { bedrockAi } from '../wiring/cloud/ai';
import { secretsManager } from '../wiring/cloud/secrets';
import { summarySheets } from '../wiring/cloud/sheets';
import { gatewayWhatsApp } from '../wiring/cloud/whatsapp';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';
import { sqsRetry } from '../wiring/cloud/queues';

/** The summary (Bedrock), the group (the gateway, with its secret) and the spreadsheet. */
const wiring: Wiring = { ai: bedrockAi, whatsapp: gatewayWhatsApp, secrets: secretsManager, sheets: summarySheets };

/**
 * The `summaries` queue's worker: writes and delivers one community's scheduled summary per record
 * (core/summaries/delivery.ts). A failed send fails only its record, so SQS retries it after an
 * increasing back-off (1, 2, 4 minutes) and dead-letters it after its last receive.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord('summaries', event, (job) => deliverScheduledSummary(deps, job), context, sqsRetry(deps.config));
}
