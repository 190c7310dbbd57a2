import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { answerBotCommand } from '../core/messages/bot-commands';
import { readQueueMessage } from '../core/queues';
import { bedrockAi } from '../wiring/cloud/ai';
import { secretsManager } from '../wiring/cloud/secrets';
import { gatewayWhatsApp } from '../wiring/cloud/whatsapp';
import { processDeps, type Wiring } from '../wiring/deps';
import { settleBatch } from './batch';

/** The summary (Bedrock) and the answer in the group (the gateway, with its secret). */
const wiring: Wiring = { ai: bedrockAi, whatsapp: gatewayWhatsApp, secrets: secretsManager };

/** The `bot` queue's worker: answers one group command per record (core/messages/bot-commands.ts). */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  const outcomes = new Map<string, Error | null>();
  for (const r of event.Records) {
    try {
      await answerBotCommand(deps, readQueueMessage('bot', r.body));
      outcomes.set(r.messageId, null);
    } catch (err) {
      outcomes.set(r.messageId, err instanceof Error ? err : new Error(String(err)));
    }
  }
  return settleBatch('bot', event, outcomes, context);
}
