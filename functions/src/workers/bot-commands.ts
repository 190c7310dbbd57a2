import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { answerBotCommand } from '../core/messages/bot-commands';
import { bedrockAi } from '../wiring/cloud/ai';
import { secretsManager } from '../wiring/cloud/secrets';
import { gatewayWhatsApp } from '../wiring/cloud/whatsapp';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';

/** The summary (Bedrock) and the answer in the group (the gateway, with its secret). */
const wiring: Wiring = { ai: bedrockAi, whatsapp: gatewayWhatsApp, secrets: secretsManager };

/** The `bot` queue's worker: answers one group command per record (core/messages/bot-commands.ts). */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord('bot', event, (job) => answerBotCommand(deps, job), context);
}
