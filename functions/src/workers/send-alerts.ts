import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverAlert } from '../core/alerts/alerts';
import { secretsManager } from '../wiring/cloud/secrets';
import { gatewayWhatsApp } from '../wiring/cloud/whatsapp';
import { sqsRetry } from '../wiring/cloud/queues';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';

/** The admin's chat (the gateway, with its secret). */
const wiring: Wiring = { whatsapp: gatewayWhatsApp, secrets: secretsManager };

/**
 * The `alerts` queue's worker: sends one message's WhatsApp alert per record (core/alerts/alerts.ts),
 * once per message and within the community's hourly cap. A failed send fails only its record, retried
 * after an increasing back-off.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord('alerts', event, (job) => deliverAlert(deps, job), context, sqsRetry(deps.config));
}
