import type { WhatsAppProvider } from '@kehila/shared';
import type { ProviderParticipant } from '../../core/ports/whatsapp';
import type { WhatsAppSecrets } from './secrets';
import { asRecord, at, participantsOf, str } from './webhook-types';

/**
 * A group's participant list through each gateway's API, and the gateway's own id (the bot is a
 * participant, never a member):
 * - WAHA: `GET /api/{session}/groups/{groupId}/participants/v2` → `[{ id, pn?, role }]`; the bot's
 *   id from `GET /api/sessions/{session}/me`.
 * - Evolution API: `GET /group/participants/{instance}?groupJid=…` → `{ participants: [{ id,
 *   phoneNumber?, admin }] }`; the bot's id from `GET /instance/fetchInstances?instanceName=…` (`ownerJid`).
 * - Green API: `POST /waInstance{id}/getGroupData/{token}` `{ groupId }` → `{ participants: [{ id,
 *   isAdmin, isSuperAdmin }] }`; the bot's id from `GET /waInstance{id}/getWaSettings/{token}` (`phone`).
 * - Meta Cloud API (Groups API): `GET /{version}/{groupId}?fields=participants` with the access token →
 *   `{ participants: [{ wa_id }] }` (phone digits; empty for a user Meta names only by a BSUID, who
 *   is skipped); the business's own number from `GET /{version}/{phoneNumberId}?fields=display_phone_number`.
 */

interface HttpCall {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const trim = (url: string) => url.replace(/\/+$/, '');

function need(value: string | undefined, name: string): string {
  if (!value) throw new Error(`The group's participant list is not available: ${name} is missing from the WhatsApp secret`);
  return value;
}

/** The list call and the own-id call of a gateway (every gateway here offers one). */
export function participantCalls(
  provider: WhatsAppProvider,
  secrets: WhatsAppSecrets,
  groupId: string,
): { list: HttpCall; me: HttpCall } {
  switch (provider) {
    case 'waha': {
      const s = secrets.waha ?? {};
      const base = trim(need(s.baseUrl, 'waha.baseUrl'));
      const session = encodeURIComponent(s.session ?? 'default');
      const headers: Record<string, string> = s.apiKey ? { 'x-api-key': s.apiKey } : {};
      return {
        list: { method: 'GET', url: `${base}/api/${session}/groups/${encodeURIComponent(groupId)}/participants/v2`, headers },
        me: { method: 'GET', url: `${base}/api/sessions/${session}/me`, headers },
      };
    }
    case 'evolution': {
      const s = secrets.evolution ?? {};
      const base = trim(need(s.baseUrl, 'evolution.baseUrl'));
      const instance = encodeURIComponent(need(s.instance, 'evolution.instance'));
      const headers = { apikey: need(s.apiKey, 'evolution.apiKey') };
      return {
        list: { method: 'GET', url: `${base}/group/participants/${instance}?groupJid=${encodeURIComponent(groupId)}`, headers },
        me: { method: 'GET', url: `${base}/instance/fetchInstances?instanceName=${instance}`, headers },
      };
    }
    case 'green': {
      const s = secrets.green ?? {};
      const base = `${trim(s.apiUrl ?? 'https://api.green-api.com')}/waInstance${need(s.idInstance, 'green.idInstance')}`;
      const token = need(s.apiTokenInstance, 'green.apiTokenInstance');
      return {
        list: {
          method: 'POST',
          url: `${base}/getGroupData/${token}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ groupId }),
        },
        me: { method: 'GET', url: `${base}/getWaSettings/${token}`, headers: {} },
      };
    }
    case 'meta': {
      const s = secrets.meta ?? {};
      const base = `https://graph.facebook.com/${s.graphVersion ?? 'v23.0'}`;
      const headers = { authorization: `Bearer ${need(s.accessToken, 'meta.accessToken')}` };
      return {
        list: { method: 'GET', url: `${base}/${encodeURIComponent(groupId)}?fields=participants`, headers },
        me: {
          method: 'GET',
          url: `${base}/${encodeURIComponent(need(s.phoneNumberId, 'meta.phoneNumberId'))}?fields=display_phone_number`,
          headers,
        },
      };
    }
  }
}

/** The participant array of a list answer (a bare array, or `{ participants }`). */
export function participantArray(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const list = at(body, 'participants');
  return Array.isArray(list) ? list : [];
}

/** The gateway's own WhatsApp id from its own-id answer, or null. */
export function ownId(provider: WhatsAppProvider, body: unknown): string | null {
  if (provider === 'waha') return str(at(body, 'id'));
  if (provider === 'evolution') {
    const first: unknown = Array.isArray(body) ? body[0] : body;
    return str(at(first, 'ownerJid')) ?? str(at(first, 'instance', 'owner'));
  }
  if (provider === 'green') {
    const phone = str(asRecord(body)?.phone) ?? (typeof asRecord(body)?.phone === 'number' ? String(asRecord(body)?.phone) : null);
    return phone ? `${phone}@c.us` : null;
  }
  if (provider === 'meta') {
    const digits = str(at(body, 'display_phone_number'))?.replace(/\D/g, '');
    return digits ? `${digits}@c.us` : null;
  }
  return null;
}

/** Reads a group's participants (without the bot) through the gateway. */
export async function readParticipantsThroughGateway(
  provider: WhatsAppProvider,
  secrets: WhatsAppSecrets,
  groupId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ProviderParticipant[]> {
  const calls = participantCalls(provider, secrets, groupId);
  const call = async (c: HttpCall) => {
    const res = await fetchImpl(c.url, { method: c.method, headers: c.headers, ...(c.body ? { body: c.body } : {}) });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new Error(`${provider} refused the participant list: ${res.status} ${text.slice(0, 200)}`);
    }
    return (await res.json()) as unknown;
  };
  const [list, me] = await Promise.all([call(calls.list), call(calls.me).catch(() => null)]);
  return participantsOf(participantArray(list), ownId(provider, me));
}
