import { GROUP_ID_MAX_LENGTH, type WhatsAppProvider } from '@kehila/shared';
import type { ParsedWebhook, WhatsAppInbound } from '../../core/ports/whatsapp';
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

/** Longest message or sender id taken from a gateway (WhatsApp's are under 100 characters). */
const PROVIDER_ID_MAX_LENGTH = 256;

/**
 * Why a parsed body is no WhatsApp event, or null: ids longer than WhatsApp's, which would become
 * table keys past DynamoDB's key sizes (a 500 from the table, and a queue message the worker could never store).
 */
function oversizedIds(parsed: ParsedWebhook): string | null {
  const long = (id: string | null, max: number) => id !== null && id.length > max;
  for (const m of parsed.messages) {
    if (long(m.group_id, GROUP_ID_MAX_LENGTH)) return `Group id is longer than ${GROUP_ID_MAX_LENGTH} characters`;
    if ([m.provider_message_id, m.sender_id, m.reply_to].some((id) => long(id, PROVIDER_ID_MAX_LENGTH))) {
      return `Message or sender id is longer than ${PROVIDER_ID_MAX_LENGTH} characters`;
    }
  }
  for (const b of parsed.botAdded) {
    if (long(b.groupId, GROUP_ID_MAX_LENGTH)) return `Group id is longer than ${GROUP_ID_MAX_LENGTH} characters`;
    if (long(b.senderId, PROVIDER_ID_MAX_LENGTH))
      return `Sender id is longer than ${PROVIDER_ID_MAX_LENGTH} characters`;
  }
  for (const e of parsed.participants) {
    if (long(e.groupId, GROUP_ID_MAX_LENGTH)) return `Group id is longer than ${GROUP_ID_MAX_LENGTH} characters`;
    if (e.participants.some((p) => long(p.id, PROVIDER_ID_MAX_LENGTH) || long(p.phoneId, PROVIDER_ID_MAX_LENGTH)))
      return `Participant id is longer than ${PROVIDER_ID_MAX_LENGTH} characters`;
  }
  return null;
}

/**
 * The inbound port on the four gateways' webhook adapters: the provider's signature or token is
 * checked (in constant time) before the body is parsed, and a body that is not the provider's event
 * (or carries ids longer than WhatsApp's) is reported as malformed with the reason.
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
      let parsed: ParsedWebhook;
      try {
        parsed = adapter.parse(body);
      } catch (err) {
        if (err instanceof MalformedWebhookError) return { kind: 'malformed', reason: err.message };
        throw err;
      }
      const oversized = oversizedIds(parsed);
      return oversized ? { kind: 'malformed', reason: oversized } : { kind: 'ok', parsed };
    },
    async verifySubscription(query) {
      return metaVerifyChallenge(query, (await secrets()).meta?.verifyToken);
    },
  };
}
