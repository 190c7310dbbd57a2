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
  str,
  type WebhookAdapter,
} from './webhook-types';
import type { ParsedWebhook } from '../../core/ports/whatsapp';

/**
 * Green API. Webhook body: `{ typeWebhook, instanceData, timestamp, idMessage, senderData,
 * messageData }`. `incomingMessageReceived` carries what others wrote; `outgoingMessageReceived`
 * what the instance's own phone wrote (a real member's message); `outgoingAPIMessageReceived` is
 * our own API sends and is ignored. Green API does not sign bodies: the instance's
 * `webhookUrlToken` comes back in the `Authorization` header (`Bearer <token>`).
 *
 * Green API sends no webhook for group participant changes: its documented webhook types are
 * `incomingMessageReceived`, `outgoingMessageReceived`, `outgoingAPIMessageReceived`,
 * `outgoingMessageStatus`, `stateInstanceChanged`, `incomingCall` and `incomingBlock`, and no
 * `messageData.typeMessage` is a group notification (a request for a "participant left" webhook is
 * open on its forum). Who is in the group comes from its participant list instead
 * (`getGroupData`, adapters/whatsapp/gateway-participants.ts), read on connect and on
 * **Refresh from WhatsApp** (docs/members.md).
 */

const STORED_WEBHOOKS = new Set(['incomingMessageReceived', 'outgoingMessageReceived']);

/** Text and media kind of a `messageData`, or null for kinds we do not store (reactions, edits, deletions...). */
function content(messageData: Record<string, unknown>): { text: string; media: string | null } | null {
  const type = str(messageData.typeMessage);
  const caption = () => str(at(messageData, 'fileMessageData', 'caption')) ?? '';
  switch (type) {
    case 'textMessage':
      return { text: str(at(messageData, 'textMessageData', 'textMessage')) ?? '', media: null };
    case 'extendedTextMessage':
    case 'quotedMessage':
      return { text: str(at(messageData, 'extendedTextMessageData', 'text')) ?? '', media: null };
    case 'imageMessage':
      return { text: caption(), media: 'image' };
    case 'videoMessage':
      return { text: caption(), media: 'video' };
    case 'audioMessage':
      return { text: caption(), media: 'audio' };
    case 'documentMessage':
      return { text: caption(), media: 'document' };
    case 'stickerMessage':
      return { text: '', media: 'sticker' };
    case 'locationMessage':
      return {
        text:
          str(at(messageData, 'locationMessageData', 'nameLocation')) ??
          str(at(messageData, 'locationMessageData', 'address')) ??
          '',
        media: 'location',
      };
    case 'contactMessage':
      return { text: str(at(messageData, 'contactMessageData', 'displayName')) ?? '', media: 'contact' };
    case 'contactsArrayMessage':
      return { text: '', media: 'contact' };
    case 'pollMessage':
      return { text: str(at(messageData, 'pollMessageData', 'name')) ?? '', media: 'poll' };
    default:
      return null;
  }
}

function parseEvent(value: unknown): ParsedWebhook {
  const body = asRecord(value);
  const type = str(body?.typeWebhook);
  if (!body || !type)
    throw new MalformedWebhookError('Green API webhook body must be a JSON object with "typeWebhook"');
  if (!STORED_WEBHOOKS.has(type)) return nothing();

  const senderData = asRecord(body.senderData);
  const messageData = asRecord(body.messageData);
  if (!senderData || !messageData) {
    throw new MalformedWebhookError(`Green API ${type} has no "senderData" or "messageData"`);
  }
  const chatId = str(senderData.chatId);
  if (!isGroupId(chatId)) return nothing();
  const c = content(messageData);
  if (!c || (!c.text.trim() && !c.media)) return nothing();
  const id = str(body.idMessage);
  if (!id) throw new MalformedWebhookError(`Green API ${type} has no "idMessage"`);
  const sender = str(senderData.sender);
  if (!sender) throw new MalformedWebhookError(`Green API ${type} has no "senderData.sender"`);
  const quoted =
    str(at(messageData, 'quotedMessage', 'stanzaId')) ?? str(at(messageData, 'extendedTextMessageData', 'stanzaId'));

  return {
    messages: [
      {
        group_id: chatId,
        provider_message_id: id,
        sender_id: normaliseUserId(sender),
        sender_name: str(senderData.senderName) ?? str(senderData.senderContactName),
        timestamp: epochToIso(body.timestamp),
        text: c.text,
        reply_to: quoted,
        media_type: c.media,
      },
    ],
    botAdded: [],
    participants: [],
    ignored: 0,
  };
}

export const greenAdapter: WebhookAdapter = {
  provider: 'green',
  verify({ headers }, secrets) {
    const token = secrets.green?.webhookToken;
    if (!token) return { ok: false, reason: 'Green API webhookUrlToken is not configured' };
    const header = headers.authorization;
    if (!header) return { ok: false, reason: 'Missing Authorization token' };
    const given = header.replace(/^Bearer\s+/i, '').trim();
    return safeEqual(given, token) ? { ok: true } : { ok: false, reason: 'Invalid Authorization token' };
  },
  parse(body) {
    return Array.isArray(body) ? merge(body.map(parseEvent)) : parseEvent(body);
  },
};
