import { routes } from '@kehila/shared';
import { receiveWhatsAppWebhook, verifyWhatsAppSubscription } from '../../core/messages/webhook';
import { createAreaHandler, HttpReply, implement } from '../route-handler';

const whatsappWebhook = implement(routes.whatsappWebhook, ({ params, body, headers, deps }) =>
  receiveWhatsAppWebhook(deps, params.provider, { rawBody: body, headers }),
);

const whatsappWebhookVerify = implement(routes.whatsappWebhookVerify, async ({ params, query, deps }) => {
  const challenge = await verifyWhatsAppSubscription(deps, params.provider, query);
  return new HttpReply(200, challenge);
});

/** Lambda handler of the webhooks area: the WhatsApp gateways and Meta's subscription handshake. */
export const handler = createAreaHandler([whatsappWebhook, whatsappWebhookVerify]);
