import type { WhatsAppProvider } from '@kehila/shared';
import { evolutionAdapter } from './evolution';
import { greenAdapter } from './green';
import { metaAdapter } from './meta';
import { wahaAdapter } from './waha';
import type { WebhookAdapter } from './webhook-types';

/** The webhook adapter of each provider of `POST /webhooks/whatsapp/{provider}`. */
export const webhookAdapters: Readonly<Record<WhatsAppProvider, WebhookAdapter>> = {
  waha: wahaAdapter,
  green: greenAdapter,
  evolution: evolutionAdapter,
  meta: metaAdapter,
};

export { metaVerifyChallenge } from './meta';
export { MalformedWebhookError } from './webhook-types';
export type { ParsedWebhook, ProviderMessage, ProviderBotAdded, WebhookRequest } from './webhook-types';
