import { verifyHmac } from './signatures';
import {
  MalformedWebhookError,
  asRecord,
  at,
  epochToIso,
  isGroupId,
  mediaFromMime,
  merge,
  normaliseUserId,
  nothing,
  participantsOf,
  str,
  type WebhookAdapter,
} from './webhook-types';
import type { ParsedWebhook, ParticipantAction, ProviderMessage } from '../../core/ports/whatsapp';

/**
 * WAHA (WhatsApp HTTP API, devlikeapro). Webhook body: `{ event, session, me, payload, engine, ... }`.
 * `message` carries incoming messages, `message.any` also our own; `group.v2.join` fires when the
 * session joins or is added to a group. With `config.hmac.key` set on the webhook, WAHA signs the
 * raw body with HMAC-SHA512 in `X-Webhook-Hmac` (hex) and names the algorithm in
 * `X-Webhook-Hmac-Algorithm`.
 */

/** WhatsApp Web message types that are notifications, not things people wrote. */
const SYSTEM_TYPES = new Set([
  'e2e_notification',
  'notification',
  'notification_template',
  'gp2',
  'protocol',
  'revoked',
  'ciphertext',
  'call_log',
  'reaction',
  'broadcast_notification',
]);

/** WhatsApp Web `_data.type` → our media kind. */
const WEBJS_MEDIA: Record<string, string | null> = {
  chat: null,
  image: 'image',
  video: 'video',
  gif: 'video',
  audio: 'audio',
  ptt: 'audio',
  document: 'document',
  sticker: 'sticker',
  location: 'location',
  vcard: 'contact',
  multi_vcard: 'contact',
  poll_creation: 'poll',
};

/**
 * The message key id inside WAHA's serialized id `{fromMe}_{chat}_{keyId}[_{participant}]`. Quoted
 * messages are referred to by the key id alone, so both sides of a reply use this form.
 */
export function wahaKeyId(serialized: string): string {
  const parts = serialized.split('_');
  if ((parts[0] === 'true' || parts[0] === 'false') && parts.length >= 3 && parts[2]) return parts[2];
  return serialized;
}

function mediaType(payload: Record<string, unknown>): string | null {
  const type = str(at(payload, '_data', 'type'));
  if (type && type in WEBJS_MEDIA) return WEBJS_MEDIA[type] ?? null;
  if (asRecord(payload.location)) return 'location';
  if (Array.isArray(payload.vCards) && payload.vCards.length > 0) return 'contact';
  if (payload.hasMedia === true) return mediaFromMime(str(at(payload, 'media', 'mimetype'))) ?? 'document';
  return null;
}

function parseMessage(envelope: Record<string, unknown>, payload: Record<string, unknown>): ParsedWebhook {
  const fromMe = payload.fromMe === true;
  const chat = str(fromMe ? payload.to : payload.from);
  if (!isGroupId(chat)) return nothing();
  // Our own sends through the WAHA API (summaries, bot replies) are not community messages.
  if (fromMe && payload.source === 'api') return nothing();
  const type = str(at(payload, '_data', 'type'));
  if (type && SYSTEM_TYPES.has(type)) return nothing();

  const id = str(payload.id);
  if (!id) throw new MalformedWebhookError('WAHA message payload has no "id"');
  const me = asRecord(envelope.me);
  const sender = str(payload.participant) ?? str(payload.author) ?? (fromMe ? str(me?.id) : null);
  if (!sender) throw new MalformedWebhookError('WAHA group message has no "participant"');
  const text = typeof payload.body === 'string' ? payload.body : '';
  const media = mediaType(payload);
  if (!text.trim() && !media) return nothing();
  const name =
    str(at(payload, '_data', 'notifyName')) ??
    str(at(payload, '_data', 'pushName')) ??
    str(at(payload, '_data', 'Info', 'PushName')) ??
    (fromMe ? str(me?.pushName) : null);
  const quoted = str(at(payload, 'replyTo', 'id')) ?? str(at(payload, '_data', 'quotedStanzaID'));
  // NOWEB/GOWS engines name the phone id of an `@lid` participant beside it.
  const phone =
    str(at(payload, '_data', 'key', 'participantPn')) ??
    str(at(payload, '_data', 'key', 'participantAlt')) ??
    str(at(payload, '_data', 'Info', 'SenderAlt'));

  const message: ProviderMessage = {
    group_id: chat,
    provider_message_id: wahaKeyId(id),
    sender_id: normaliseUserId(sender),
    sender_name: name,
    timestamp: epochToIso(payload.timestamp),
    text,
    reply_to: quoted ? wahaKeyId(quoted) : null,
    media_type: media,
    ...phoneIdBeside(sender, phone),
  };
  return { messages: [message], botAdded: [], participants: [], ignored: 0 };
}

/** `sender_phone_id` when an `@lid` sender comes with its phone id (nothing otherwise). */
function phoneIdBeside(sender: string, phone: string | null): { sender_phone_id?: string } {
  if (!phone || !normaliseUserId(sender).endsWith('@lid')) return {};
  const id = normaliseUserId(phone);
  return id.endsWith('@c.us') ? { sender_phone_id: id } : {};
}

/** Who added the bot: the engine's `author` when known, else the group's (super)admin. */
function adder(payload: Record<string, unknown>): string {
  const author = str(at(payload, '_data', 'author')) ?? str(at(payload, 'author'));
  if (author) return normaliseUserId(author);
  const participants = at(payload, 'group', 'participants');
  if (Array.isArray(participants)) {
    const admin =
      participants.find((p) => at(p, 'role') === 'superadmin') ?? participants.find((p) => at(p, 'role') === 'admin');
    const id = str(at(admin, 'pn')) ?? str(at(admin, 'id'));
    if (id) return normaliseUserId(id);
  }
  return '';
}

function parseJoin(payload: Record<string, unknown>): ParsedWebhook {
  const groupId = str(at(payload, 'group', 'id'));
  if (!isGroupId(groupId)) return nothing();
  return {
    messages: [],
    botAdded: [{ groupId, senderId: adder(payload), groupName: str(at(payload, 'group', 'subject')) }],
    participants: [],
    ignored: 0,
  };
}

/** `group.v2.participants` `type` → our action. */
const WAHA_ACTIONS: Record<string, ParticipantAction> = {
  join: 'join',
  leave: 'leave',
  promote: 'promote',
  demote: 'demote',
};

function parseParticipants(envelope: Record<string, unknown>, payload: Record<string, unknown>): ParsedWebhook {
  const groupId = str(at(payload, 'group', 'id'));
  const me = str(at(envelope, 'me', 'id'));
  const participants = Array.isArray(payload.participants) ? payload.participants : [];
  const action = WAHA_ACTIONS[str(payload.type) ?? ''];
  if (!isGroupId(groupId) || !action) return nothing();
  const meAdded =
    action === 'join' &&
    !!me &&
    participants.some((p) => {
      const id = str(at(p, 'id')) ?? str(p);
      return !!id && normaliseUserId(id) === normaliseUserId(me);
    });
  const others = participantsOf(participants, me);
  const when = payload.timestamp ?? envelope.timestamp;
  return {
    messages: [],
    botAdded: meAdded ? [{ groupId, senderId: adder(payload), groupName: null }] : [],
    participants:
      others.length > 0
        ? [{ groupId, action, participants: others, timestamp: when === undefined ? null : epochToIso(when) }]
        : [],
    ignored: meAdded || others.length > 0 ? 0 : 1,
  };
}

function parseEvent(value: unknown): ParsedWebhook {
  const envelope = asRecord(value);
  const event = str(envelope?.event);
  const payload = asRecord(envelope?.payload);
  if (!envelope || !event || !payload) {
    throw new MalformedWebhookError('WAHA webhook body must be a JSON object with "event" and "payload"');
  }
  switch (event) {
    case 'message':
    case 'message.any':
      return parseMessage(envelope, payload);
    case 'group.v2.join':
      return parseJoin(payload);
    case 'group.v2.participants':
      return parseParticipants(envelope, payload);
    default:
      return nothing();
  }
}

export const wahaAdapter: WebhookAdapter = {
  provider: 'waha',
  verify({ rawBody, headers }, secrets) {
    const key = secrets.waha?.hmacKey;
    if (!key) return { ok: false, reason: 'WAHA webhook HMAC key is not configured' };
    const signature = headers['x-webhook-hmac'];
    if (!signature) return { ok: false, reason: 'Missing X-Webhook-Hmac signature' };
    const algorithm = (headers['x-webhook-hmac-algorithm'] ?? 'sha512').toLowerCase();
    if (algorithm !== 'sha512') return { ok: false, reason: `Unsupported X-Webhook-Hmac-Algorithm ${algorithm}` };
    return verifyHmac('sha512', key, rawBody, signature)
      ? { ok: true }
      : { ok: false, reason: 'Invalid X-Webhook-Hmac signature' };
  },
  parse(body) {
    // WAHA posts one event per request; an array is accepted for replays of stored events.
    return Array.isArray(body) ? merge(body.map(parseEvent)) : parseEvent(body);
  },
};
