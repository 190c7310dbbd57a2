import { safeEqual } from './signatures';
import {
  MalformedWebhookError,
  asRecord,
  at,
  epochToIso,
  isGroupId,
  merge,
  normaliseUserId,
  nothing,
  participantsOf,
  str,
  type WebhookAdapter,
} from './webhook-types';
import type {
  ParsedWebhook,
  ParticipantAction,
  ProviderBotAdded,
  ProviderMessage,
} from '../../core/ports/whatsapp';

/**
 * Evolution API (Baileys). Webhook body: `{ event, instance, data, sender, apikey, ... }` where
 * `data` of `messages.upsert` is a Baileys `WebMessageInfo` (`key`, `pushName`, `message`,
 * `messageType`, `messageTimestamp`, `contextInfo`). Evolution does not sign bodies; it puts the
 * instance's `apikey` in every body, and a webhook may also be given an `apikey` header.
 * `groups.upsert` and `group-participants.update` (action `add`) tell us the bot joined a group.
 */

/** Wrappers whose `message` holds the real content. */
const WRAPPERS = ['ephemeralMessage', 'viewOnceMessage', 'viewOnceMessageV2', 'documentWithCaptionMessage'];

/** Content keys of a Baileys message in priority order, with their media kind and where the text is. */
const KINDS: readonly { key: string; media: string | null; text: (m: Record<string, unknown>) => string | null }[] = [
  { key: 'conversation', media: null, text: () => null },
  { key: 'extendedTextMessage', media: null, text: (m) => str(m.text) },
  { key: 'imageMessage', media: 'image', text: (m) => str(m.caption) },
  { key: 'videoMessage', media: 'video', text: (m) => str(m.caption) },
  { key: 'audioMessage', media: 'audio', text: () => null },
  { key: 'documentMessage', media: 'document', text: (m) => str(m.caption) },
  { key: 'stickerMessage', media: 'sticker', text: () => null },
  { key: 'locationMessage', media: 'location', text: (m) => str(m.name) ?? str(m.address) },
  { key: 'liveLocationMessage', media: 'location', text: (m) => str(m.caption) },
  { key: 'contactMessage', media: 'contact', text: (m) => str(m.displayName) },
  { key: 'contactsArrayMessage', media: 'contact', text: (m) => str(m.displayName) },
  { key: 'pollCreationMessage', media: 'poll', text: (m) => str(m.name) },
  { key: 'pollCreationMessageV3', media: 'poll', text: (m) => str(m.name) },
];

function unwrap(message: Record<string, unknown>): Record<string, unknown> {
  for (const w of WRAPPERS) {
    const inner = asRecord(at(message, w, 'message'));
    if (inner) return unwrap(inner);
  }
  return message;
}

function parseMessage(envelope: Record<string, unknown>, data: Record<string, unknown>): ParsedWebhook {
  const key = asRecord(data.key);
  const chat = str(key?.remoteJid);
  if (!key || !isGroupId(chat)) return nothing();
  const raw = asRecord(data.message);
  if (!raw) return nothing();
  const message = unwrap(raw);
  // Baileys sends protocol, reaction and key-distribution messages beside or instead of content.
  const kind = KINDS.find((k) => message[k.key] !== undefined && message[k.key] !== null);
  if (!kind) return nothing();
  const body = message[kind.key];
  // `conversation` is the text itself; every other kind is an object with its text inside.
  const plain = kind.key === 'conversation' ? (str(body) ?? '') : (kind.text(asRecord(body) ?? {}) ?? '');
  if (!plain.trim() && !kind.media) return nothing();

  const id = str(key.id);
  if (!id) throw new MalformedWebhookError('Evolution message has no "key.id"');
  const fromMe = key.fromMe === true;
  const sender = str(key.participant) ?? str(data.participant) ?? (fromMe ? str(envelope.sender) : null);
  if (!sender) throw new MalformedWebhookError('Evolution group message has no "key.participant"');
  const quoted = str(at(data, 'contextInfo', 'stanzaId')) ?? str(at(asRecord(body) ?? {}, 'contextInfo', 'stanzaId'));
  // Baileys ≥ 6.7 names the phone id of an `@lid` participant beside it.
  const phone = str(key.participantPn) ?? str(key.participantAlt) ?? str(key.senderPn);
  const senderId = normaliseUserId(sender);
  const phoneId = phone && senderId.endsWith('@lid') ? normaliseUserId(phone) : null;

  const out: ProviderMessage = {
    group_id: chat,
    provider_message_id: id,
    sender_id: senderId,
    sender_name: str(data.pushName),
    timestamp: epochToIso(data.messageTimestamp),
    text: plain,
    reply_to: quoted,
    media_type: kind.media,
    ...(phoneId?.endsWith('@c.us') ? { sender_phone_id: phoneId } : {}),
  };
  return { messages: [out], botAdded: [], participants: [], ignored: 0 };
}

/** `group-participants.update` `action` → our action. */
const EVOLUTION_ACTIONS: Record<string, ParticipantAction> = {
  add: 'join',
  remove: 'leave',
  promote: 'promote',
  demote: 'demote',
};

function parseParticipants(envelope: Record<string, unknown>, data: Record<string, unknown>): ParsedWebhook {
  const groupId = str(data.id);
  const me = str(envelope.sender);
  const participants = Array.isArray(data.participants) ? data.participants : [];
  const action = EVOLUTION_ACTIONS[str(data.action) ?? ''];
  if (!isGroupId(groupId) || !action) return nothing();
  const meAdded =
    action === 'join' &&
    !!me &&
    participants.some((p) => {
      const id = str(p) ?? str(at(p, 'id'));
      return !!id && normaliseUserId(id) === normaliseUserId(me);
    });
  const author = str(data.author);
  const others = participantsOf(participants, me);
  const when = str(envelope.date_time);
  const time = when && !Number.isNaN(Date.parse(when)) ? new Date(when).toISOString() : null;
  return {
    messages: [],
    botAdded: meAdded ? [{ groupId, senderId: author ? normaliseUserId(author) : '', groupName: null }] : [],
    participants: others.length > 0 ? [{ groupId, action, participants: others, timestamp: time }] : [],
    ignored: meAdded || others.length > 0 ? 0 : 1,
  };
}

function parseGroupsUpsert(data: unknown): ParsedWebhook {
  const groups = Array.isArray(data) ? data : [data];
  const botAdded: ProviderBotAdded[] = [];
  for (const g of groups) {
    const groupId = str(at(g, 'id'));
    if (!isGroupId(groupId)) continue;
    const author = str(at(g, 'author')) ?? str(at(g, 'owner'));
    botAdded.push({ groupId, senderId: author ? normaliseUserId(author) : '', groupName: str(at(g, 'subject')) });
  }
  return { messages: [], botAdded, participants: [], ignored: groups.length - botAdded.length };
}

/** `MESSAGES_UPSERT`, `messages-upsert` and `messages.upsert` are the same event across versions and settings. */
function eventName(value: string): string {
  return value.toLowerCase().replace(/[_-]/g, '.');
}

function parseEvent(value: unknown): ParsedWebhook {
  const envelope = asRecord(value);
  const event = str(envelope?.event);
  if (!envelope || !event || envelope.data === undefined) {
    throw new MalformedWebhookError('Evolution webhook body must be a JSON object with "event" and "data"');
  }
  const data = envelope.data;
  switch (eventName(event)) {
    case 'messages.upsert': {
      const items = Array.isArray(data) ? data : [data];
      return merge(
        items.map((d) => {
          const r = asRecord(d);
          if (!r) throw new MalformedWebhookError('Evolution messages.upsert "data" must be an object');
          return parseMessage(envelope, r);
        }),
      );
    }
    case 'group.participants.update': {
      const r = asRecord(data);
      return r ? parseParticipants(envelope, r) : nothing();
    }
    case 'groups.upsert':
      return parseGroupsUpsert(data);
    default:
      return nothing();
  }
}

/** The apikey a request carries: the `apikey` header, else the body's `apikey` field. */
function givenApiKey(rawBody: Buffer, headers: Readonly<Record<string, string>>): string | null {
  if (headers.apikey) return headers.apikey;
  try {
    return str(asRecord(JSON.parse(rawBody.toString('utf8')))?.apikey);
  } catch {
    return null;
  }
}

export const evolutionAdapter: WebhookAdapter = {
  provider: 'evolution',
  verify({ rawBody, headers }, secrets) {
    const expected = secrets.evolution?.apiKey;
    if (!expected) return { ok: false, reason: 'Evolution API apikey is not configured' };
    const given = givenApiKey(rawBody, headers);
    if (!given) return { ok: false, reason: 'Missing apikey' };
    return safeEqual(given, expected) ? { ok: true } : { ok: false, reason: 'Invalid apikey' };
  },
  parse(body) {
    return Array.isArray(body) ? merge(body.map(parseEvent)) : parseEvent(body);
  },
};
