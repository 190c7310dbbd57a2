import { WHATSAPP_USER_SUFFIX, type WhatsAppProvider } from '@kehila/shared';
import type { WhatsAppSecrets } from './secrets';

/** One outbound text to a group, or to one person's chat (`<digits>@c.us`: reminders). */
export interface OutboundText {
  /** A group id (`…@g.us`) or a person's WhatsApp id (`…@c.us`). */
  readonly groupId: string;
  readonly text: string;
}

/** An HTTP request to a gateway's send-text endpoint. */
export interface GatewayRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const PERSON_SUFFIX = WHATSAPP_USER_SUFFIX;

const trim = (url: string) => url.replace(/\/+$/, '');

function need(value: string | undefined, name: string): string {
  if (!value) throw new Error(`WhatsApp sending is not configured: ${name} is missing from the WhatsApp secret`);
  return value;
}

/**
 * The send-text request of each gateway: WAHA `POST /api/sendText`, Green API
 * `POST /waInstance{id}/sendMessage/{token}`, Evolution `POST /message/sendText/{instance}`, Meta
 * `POST /{version}/{phone-number-id}/messages` with `recipient_type: group` (`individual` and the
 * number's digits for a person's chat).
 */
export function sendTextRequest(
  provider: WhatsAppProvider,
  secrets: WhatsAppSecrets,
  msg: OutboundText,
): GatewayRequest {
  const json = { 'content-type': 'application/json' };
  switch (provider) {
    case 'waha': {
      const s = secrets.waha ?? {};
      return {
        url: `${trim(need(s.baseUrl, 'waha.baseUrl'))}/api/sendText`,
        headers: { ...json, ...(s.apiKey ? { 'x-api-key': s.apiKey } : {}) },
        body: JSON.stringify({ session: s.session ?? 'default', chatId: msg.groupId, text: msg.text }),
      };
    }
    case 'green': {
      const s = secrets.green ?? {};
      const base = trim(s.apiUrl ?? 'https://api.green-api.com');
      return {
        url: `${base}/waInstance${need(s.idInstance, 'green.idInstance')}/sendMessage/${need(s.apiTokenInstance, 'green.apiTokenInstance')}`,
        headers: json,
        body: JSON.stringify({ chatId: msg.groupId, message: msg.text }),
      };
    }
    case 'evolution': {
      const s = secrets.evolution ?? {};
      return {
        url: `${trim(need(s.baseUrl, 'evolution.baseUrl'))}/message/sendText/${encodeURIComponent(need(s.instance, 'evolution.instance'))}`,
        headers: { ...json, apikey: need(s.apiKey, 'evolution.apiKey') },
        body: JSON.stringify({ number: msg.groupId, text: msg.text }),
      };
    }
    case 'meta': {
      const s = secrets.meta ?? {};
      const person = msg.groupId.endsWith(PERSON_SUFFIX);
      return {
        url: `https://graph.facebook.com/${s.graphVersion ?? 'v23.0'}/${need(s.phoneNumberId, 'meta.phoneNumberId')}/messages`,
        headers: { ...json, authorization: `Bearer ${need(s.accessToken, 'meta.accessToken')}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: person ? 'individual' : 'group',
          to: person ? msg.groupId.slice(0, -PERSON_SUFFIX.length) : msg.groupId,
          type: 'text',
          text: { body: msg.text },
        }),
      };
    }
  }
}

/** Sends through the gateway; throws with the gateway's answer when it refuses. */
export async function sendThroughGateway(
  provider: WhatsAppProvider,
  secrets: WhatsAppSecrets,
  msg: OutboundText,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const req = sendTextRequest(provider, secrets, msg);
  const res = await fetchImpl(req.url, { method: 'POST', headers: req.headers, body: req.body });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new Error(`${provider} refused the message: ${res.status} ${text.slice(0, 200)}`);
  }
}
