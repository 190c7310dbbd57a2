import type { WhatsAppProvider } from '@kehila/shared';
import type { WhatsAppInbound } from '../../core/ports/whatsapp';
import { evolutionAdapter } from './evolution';
import { greenAdapter } from './green';
import { metaAdapter, metaVerifyChallenge } from './meta';
import type { WhatsAppSecrets } from './secrets';
import { wahaAdapter } from './waha';
import { MalformedWebhookError, type WebhookAdapter } from './webhook-types';

/** The webhook adapter of each provider of `POST /webhooks/whatsapp/{provider}`. */
export const webhookAdapters: Readonly<Record<WhatsAppProvider, WebhookAdapter>> = {
  waha: wahaAdapter,
  green: greenAdapter,
  evolution: evolutionAdapter,
  meta: metaAdapter,
};

/**
 * The inbound port on the four gateways' webhook adapters: the provider's signature or token is
 * checked (in constant time) before the body is parsed, and a body that is not the provider's event
 * is reported as malformed with the reason.
 */
export function whatsAppInbound(secrets: () => Promise<WhatsAppSecrets>): WhatsAppInbound {
  return {
    async receive(provider, request) {
      const adapter = webhookAdapters[provider];
      const auth = adapter.verify(request, await secrets());
      if (!auth.ok) return { kind: 'unauthenticated', reason: auth.reason };
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return { kind: 'malformed', reason: 'Webhook body is not valid JSON' };
      }
      try {
        return { kind: 'ok', parsed: adapter.parse(body) };
      } catch (err) {
        if (err instanceof MalformedWebhookError) return { kind: 'malformed', reason: err.message };
        throw err;
      }
    },
    async verifySubscription(query) {
      return metaVerifyChallenge(query, (await secrets()).meta?.verifyToken);
    },
  };
}
