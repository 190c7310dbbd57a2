import { safeEqual, verifyHmac } from './signatures';
import {
  MalformedWebhookError,
  asRecord,
  at,
  epochToIso,
  merge,
  normaliseUserId,
  nothing,
  str,
  type WebhookAdapter,
} from './webhook-types';
import type {
  ParsedWebhook,
  ParticipantAction,
  ProviderMessage,
  ProviderParticipant,
  ProviderParticipantEvent,
} from '../../core/ports/whatsapp';

/**
 * Meta WhatsApp Cloud API. Webhook body: `{ object: 'whatsapp_business_account', entry: [{ changes:
 * [{ field: 'messages', value: { metadata, contacts, messages } }] }] }`; a group message carries
 * `group_id` (Groups API). Meta signs the raw body with HMAC-SHA256 keyed by the app secret in
 * `X-Hub-Signature-256: sha256=<hex>`, and verifies the subscription with a GET handshake
 * (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`).
 *
 * Participant changes of a Groups API group arrive in their own webhook field,
 * `group_participants_update`: `value.groups[]` items `{ timestamp, group_id, type, ... }` where
 * `type` `group_participants_add` lists `added_participants` (a user joined through the invite
 * link, or a join request was approved) and `group_participants_remove` lists
 * `removed_participants` (`initiated_by` `business`: removed by us, named by the `input` we gave;
 * `participant`: the person left, named by `wa_id`). Join-request events
 * (`group_join_request_created` / `_revoked`) change no membership and are ignored. A participant
 * is named by `wa_id` (phone digits); Meta may leave `wa_id` empty for a user with a username and
 * give only a business-scoped `user_id` (BSUID), which is no phone number: such a participant
 * cannot be matched to a member and is skipped. The app must subscribe to the
 * `group_participants_update` field. Shapes from Meta's "Webhooks for Groups API" documentation
 * (updated 11 Feb 2026); the fixtures are written from it, not recorded.
 */

/** Text and media kind of a Cloud API message object, or null for kinds we do not store. */
function content(m: Record<string, unknown>): { text: string; media: string | null } | null {
  const type = str(m.type);
  const caption = (k: string) => str(at(m, k, 'caption')) ?? '';
  switch (type) {
    case 'text':
      return { text: str(at(m, 'text', 'body')) ?? '', media: null };
    case 'image':
    case 'video':
    case 'document':
      return { text: caption(type), media: type };
    case 'audio':
    case 'voice':
      return { text: '', media: 'audio' };
    case 'sticker':
      return { text: '', media: 'sticker' };
    case 'location':
      return { text: str(at(m, 'location', 'name')) ?? str(at(m, 'location', 'address')) ?? '', media: 'location' };
    case 'contacts': {
      const first = Array.isArray(m.contacts) ? m.contacts[0] : undefined;
      return { text: str(at(first, 'name', 'formatted_name')) ?? '', media: 'contact' };
    }
    case 'button':
      return { text: str(at(m, 'button', 'text')) ?? '', media: null };
    case 'interactive':
      return {
        text:
          str(at(m, 'interactive', 'button_reply', 'title')) ?? str(at(m, 'interactive', 'list_reply', 'title')) ?? '',
        media: null,
      };
    default:
      // reaction, system, unsupported, order, request_welcome...
      return null;
  }
}

function parseValue(value: Record<string, unknown>): ParsedWebhook {
  const messages = Array.isArray(value.messages) ? value.messages : [];
  const contacts = Array.isArray(value.contacts) ? value.contacts : [];
  const out: ProviderMessage[] = [];
  let ignored = Array.isArray(value.statuses) ? value.statuses.length : 0;
  for (const raw of messages) {
    const m = asRecord(raw);
    if (!m) throw new MalformedWebhookError('Meta "messages" items must be objects');
    const groupId = str(m.group_id);
    const c = content(m);
    if (!groupId || !c || (!c.text.trim() && !c.media)) {
      ignored += 1;
      continue;
    }
    const id = str(m.id);
    const from = str(m.from);
    if (!id || !from) throw new MalformedWebhookError('Meta group message has no "id" or "from"');
    const contact = contacts.find((x) => at(x, 'wa_id') === from);
    out.push({
      group_id: groupId,
      provider_message_id: id,
      sender_id: normaliseUserId(from),
      sender_name: str(at(contact, 'profile', 'name')),
      timestamp: epochToIso(m.timestamp),
      text: c.text,
      reply_to: str(at(m, 'context', 'id')),
      media_type: c.media,
    });
  }
  return { messages: out, botAdded: [], participants: [], ignored };
}

/** A participant of a `group_participants_update` item: its phone (`wa_id`, else a phone `input`), or null. */
function metaParticipant(value: unknown): ProviderParticipant | null {
  const phone = [str(at(value, 'wa_id')), str(at(value, 'input'))].find((v) => !!v && /^\+?\d{6,}$/.test(v.trim()));
  if (!phone) return null;
  return { id: normaliseUserId(phone), phoneId: null, name: null, admin: null };
}

const META_PARTICIPANT_TYPES: Record<string, { action: ParticipantAction; list: string }> = {
  group_participants_add: { action: 'join', list: 'added_participants' },
  group_participants_remove: { action: 'leave', list: 'removed_participants' },
};

function parseParticipantsValue(value: Record<string, unknown>): ParsedWebhook {
  const groups = Array.isArray(value.groups) ? value.groups : [];
  const events: ProviderParticipantEvent[] = [];
  let ignored = 0;
  for (const item of groups) {
    const kind = META_PARTICIPANT_TYPES[str(at(item, 'type')) ?? ''];
    const groupId = str(at(item, 'group_id'));
    const listed = kind ? at(item, kind.list) : undefined;
    const participants = (Array.isArray(listed) ? listed : [])
      .map(metaParticipant)
      .filter((p): p is ProviderParticipant => p !== null);
    if (!kind || !groupId || participants.length === 0) {
      ignored += 1;
      continue;
    }
    const ts = at(item, 'timestamp');
    events.push({
      groupId,
      action: kind.action,
      participants,
      timestamp: ts === undefined || ts === null ? null : epochToIso(ts),
    });
  }
  return { messages: [], botAdded: [], participants: events, ignored };
}

export const metaAdapter: WebhookAdapter = {
  provider: 'meta',
  verify({ rawBody, headers }, secrets) {
    const secret = secrets.meta?.appSecret;
    if (!secret) return { ok: false, reason: 'Meta app secret is not configured' };
    const header = headers['x-hub-signature-256'];
    if (!header) return { ok: false, reason: 'Missing X-Hub-Signature-256 signature' };
    const m = /^sha256=(.+)$/i.exec(header.trim());
    if (!m?.[1]) return { ok: false, reason: 'Invalid X-Hub-Signature-256 signature' };
    return verifyHmac('sha256', secret, rawBody, m[1])
      ? { ok: true }
      : { ok: false, reason: 'Invalid X-Hub-Signature-256 signature' };
  },
  parse(body) {
    const root = asRecord(body);
    if (!root || root.object !== 'whatsapp_business_account' || !Array.isArray(root.entry)) {
      throw new MalformedWebhookError(
        'Meta webhook body must be a JSON object with object "whatsapp_business_account" and an "entry" array',
      );
    }
    const parts: ParsedWebhook[] = [];
    for (const entry of root.entry) {
      const changes = at(entry, 'changes');
      if (!Array.isArray(changes)) throw new MalformedWebhookError('Meta "entry" items must have a "changes" array');
      for (const change of changes) {
        const value = asRecord(at(change, 'value'));
        const field = at(change, 'field');
        if (value && field === 'messages') parts.push(parseValue(value));
        else if (value && field === 'group_participants_update') parts.push(parseParticipantsValue(value));
        else parts.push(nothing());
      }
    }
    return merge(parts);
  },
};

/**
 * The GET subscription handshake: the challenge to echo when the mode is `subscribe` and the token
 * matches the configured verify token, else null (answered 403).
 */
export function metaVerifyChallenge(
  query: Readonly<Record<string, string>>,
  verifyToken: string | undefined,
): string | null {
  if (!verifyToken) return null;
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || !token || challenge === undefined) return null;
  return safeEqual(token, verifyToken) ? challenge : null;
}
