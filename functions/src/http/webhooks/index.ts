import { routes } from '@kehila/shared';
import { receiveWhatsAppWebhook, verifyWhatsAppSubscription } from '../../core/messages/webhook';
import { createAreaHandler, HttpReply, implement } from '../route-handler';
import { sqsQueues } from '../../wiring/cloud/queues';
import { secretsManager } from '../../wiring/cloud/secrets';
import { gatewayInbound, gatewayWhatsApp } from '../../wiring/cloud/whatsapp';
import type { Wiring } from '../../wiring/deps';

/** Gateway webhooks are verified with the WhatsApp secret, queued for ingest, and the bot may answer. */
export const wiring: Wiring = {
  inbound: gatewayInbound,
  whatsapp: gatewayWhatsApp,
  queues: sqsQueues,
  secrets: secretsManager,
};

const whatsappWebhook = implement(routes.whatsappWebhook, ({ params, body, headers, deps, correlationId }) =>
  receiveWhatsAppWebhook(deps, params.provider, { rawBody: body, headers }, correlationId),
);

const whatsappWebhookVerify = implement(routes.whatsappWebhookVerify, async ({ params, query, deps }) => {
  const challenge = await verifyWhatsAppSubscription(deps, params.provider, query);
  return new HttpReply(200, challenge);
});

/** Lambda handler of the webhooks area: the WhatsApp gateways and Meta's subscription handshake. */
export const handler = createAreaHandler([whatsappWebhook, whatsappWebhookVerify], wiring);
