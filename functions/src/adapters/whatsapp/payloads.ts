import { randomUUID } from 'node:crypto';
import type { WhatsAppProvider } from '@kehila/shared';
import { LOCAL_WHATSAPP_SECRETS, type WhatsAppSecrets } from './secrets';
import { hmacHex } from './signatures';

/**
 * Builds signed webhook requests exactly as each gateway sends them: the inverse of the adapters.
 * The traffic simulator, the ingest bench and the tests use it, so what they post is what WAHA,
 * Green API, Evolution API and Meta post.
 */

/** A group message to simulate. */
export interface SimulatedMessage {
  readonly groupId: string;
  /** The WhatsApp message key id (e.g. 3EB0C431C26A1916E07A). */
  readonly messageId: string;
  /** `…@c.us` or `…@lid`. */
  readonly senderId: string;
  readonly senderName: string | null;
  readonly timestamp: Date;
  readonly text: string;
  /** Key id of the quoted message. */
  readonly replyTo?: string | null;
  readonly media?: 'image' | 'video' | 'audio' | 'document' | null;
  /** The phone id (`…@c.us`) an `@lid` sender's payload names beside it (NOWEB/GOWS, Baileys ≥ 6.7). */
  readonly senderPhoneId?: string | null;
}

/** A group participant event to simulate (someone added, removed, promoted or demoted). */
export interface SimulatedParticipantEvent {
  readonly groupId: string;
  readonly action: 'join' | 'leave' | 'promote' | 'demote';
  /** `…@c.us` or `…@lid`, with the phone id of an `@lid` participant when the gateway gives it. */
  readonly participants: readonly { readonly id: string; readonly phoneId?: string | null }[];
  readonly timestamp: Date;
}

/** A request ready to POST to `/webhooks/whatsapp/{provider}`. */
export interface SignedWebhook {
  readonly body: string;
  readonly headers: Record<string, string>;
}

/** The bot's own WhatsApp id in simulated traffic. */
export const SIMULATED_BOT_ID = '972500000001@c.us';

/**
 * People of the simulated group (the traffic simulator's senders): phone-number ids and privacy
 * (@lid) ids, Hebrew and English names. The local stack's gateway answers them as the group's
 * participant list.
 */
export const SIMULATED_GROUP_PEOPLE = [
  { id: '972501234567@c.us', name: 'Dana Levi' },
  { id: '972527654321@c.us', name: 'Yossi Cohen' },
  { id: '972548889900@c.us', name: 'Avi Peretz' },
  { id: '447700900123@c.us', name: 'Sarah Mitchell' },
  { id: '184467440737095@lid', name: 'מיכל אברהם' },
  { id: '209815553341267@lid', name: 'Noa Mizrahi' },
] as const;

const MIME: Record<NonNullable<SimulatedMessage['media']>, { mime: string; ext: string }> = {
  image: { mime: 'image/jpeg', ext: 'jpg' },
  video: { mime: 'video/mp4', ext: 'mp4' },
  audio: { mime: 'audio/ogg; codecs=opus', ext: 'oga' },
  document: { mime: 'application/pdf', ext: 'pdf' },
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const baileysJid = (id: string) => id.replace(/@c\.us$/, '@s.whatsapp.net');
const digits = (id: string) => id.split('@')[0]?.replace(/\D/g, '') ?? '';

function waha(m: SimulatedMessage): unknown {
  const media = m.media ? MIME[m.media] : null;
  return {
    id: `evt_${randomUUID().replace(/-/g, '').slice(0, 26)}`,
    timestamp: m.timestamp.getTime(),
    event: 'message',
    session: 'default',
    metadata: {},
    me: { id: SIMULATED_BOT_ID, pushName: 'Kehila Bot' },
    engine: 'WEBJS',
    environment: { version: '2025.6.1', engine: 'WEBJS', tier: 'CORE', browser: '/usr/bin/chromium' },
    payload: {
      id: `false_${m.groupId}_${m.messageId}_${m.senderId}`,
      timestamp: seconds(m.timestamp),
      from: m.groupId,
      fromMe: false,
      source: 'app',
      to: SIMULATED_BOT_ID,
      participant: m.senderId,
      body: m.text,
      hasMedia: !!media,
      media: media
        ? {
            url: `http://localhost:3000/api/files/default/${m.messageId}.${media.ext}`,
            mimetype: media.mime,
            filename: null,
            error: null,
          }
        : null,
      ack: 1,
      ackName: 'SERVER',
      vCards: [],
      replyTo: m.replyTo ? { id: m.replyTo, participant: null, body: null } : null,
      _data: {
        notifyName: m.senderName,
        type: m.media === 'audio' ? 'ptt' : (m.media ?? 'chat'),
        ...(m.senderPhoneId ? { key: { participant: m.senderId, participantPn: m.senderPhoneId } } : {}),
      },
    },
  };
}

function green(m: SimulatedMessage): unknown {
  const media = m.media ? MIME[m.media] : null;
  const quoted = m.replyTo
    ? { quotedMessage: { stanzaId: m.replyTo, participant: null, typeMessage: 'textMessage', textMessage: '' } }
    : {};
  const messageData = media
    ? {
        typeMessage: `${m.media}Message`,
        fileMessageData: {
          downloadUrl: `https://sw-media.storage.greenapi.net/1101000001/${m.messageId}.${media.ext}`,
          caption: m.text,
          fileName: `${m.messageId}.${media.ext}`,
          jpegThumbnail: '',
          mimeType: media.mime,
          forwardingScore: 0,
          isForwarded: false,
        },
        ...quoted,
      }
    : m.replyTo
      ? { typeMessage: 'extendedTextMessage', extendedTextMessageData: { text: m.text }, ...quoted }
      : { typeMessage: 'textMessage', textMessageData: { textMessage: m.text } };
  return {
    typeWebhook: 'incomingMessageReceived',
    instanceData: { idInstance: 1101000001, wid: SIMULATED_BOT_ID, typeInstance: 'whatsapp' },
    timestamp: seconds(m.timestamp),
    idMessage: m.messageId,
    senderData: {
      chatId: m.groupId,
      chatName: 'Community group',
      sender: m.senderId,
      senderName: m.senderName ?? '',
      senderContactName: '',
    },
    messageData,
  };
}

function evolution(m: SimulatedMessage, apiKey: string): unknown {
  const media = m.media ? MIME[m.media] : null;
  const contextInfo = m.replyTo
    ? { stanzaId: m.replyTo, participant: null, quotedMessage: { conversation: '' } }
    : null;
  const message = media
    ? {
        [`${m.media}Message`]: {
          url: `https://mmg.whatsapp.net/o1/v/t62.7118-24/${m.messageId}.enc`,
          mimetype: media.mime,
          ...(m.text ? { caption: m.text } : {}),
          fileLength: '48213',
          ...(contextInfo ? { contextInfo } : {}),
        },
      }
    : contextInfo
      ? { extendedTextMessage: { text: m.text, contextInfo } }
      : { conversation: m.text };
  return {
    event: 'messages.upsert',
    instance: 'kehila',
    data: {
      key: {
        remoteJid: m.groupId,
        fromMe: false,
        id: m.messageId,
        participant: baileysJid(m.senderId),
        ...(m.senderPhoneId ? { participantPn: baileysJid(m.senderPhoneId) } : {}),
      },
      pushName: m.senderName,
      status: 'DELIVERY_ACK',
      message,
      ...(contextInfo ? { contextInfo } : {}),
      messageType: Object.keys(message)[0],
      messageTimestamp: seconds(m.timestamp),
      instanceId: '5f9a3c1e-2b7d-4e8a-9c61-0d4f3b2a1e77',
      source: 'android',
    },
    destination: 'http://localhost:5173/webhooks/whatsapp/evolution',
    date_time: new Date().toISOString(),
    sender: baileysJid(SIMULATED_BOT_ID),
    server_url: 'http://localhost:8080',
    apikey: apiKey,
  };
}

function meta(m: SimulatedMessage): unknown {
  const from = digits(m.senderId);
  const media = m.media ? MIME[m.media] : null;
  const body = media
    ? m.media === 'audio'
      ? { type: 'audio', audio: { mime_type: media.mime, sha256: 'c2ltdWxhdGVk', id: `${Date.now()}`, voice: true } }
      : {
          type: m.media,
          [m.media as string]: { caption: m.text, mime_type: media.mime, sha256: 'c2ltdWxhdGVk', id: `${Date.now()}` },
        }
    : { type: 'text', text: { body: m.text } };
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: m.senderName ?? '' }, wa_id: from }],
              messages: [
                {
                  from,
                  group_id: m.groupId,
                  id: m.messageId,
                  timestamp: String(seconds(m.timestamp)),
                  ...(m.replyTo ? { context: { from, id: m.replyTo } } : {}),
                  ...body,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

function wahaParticipants(e: SimulatedParticipantEvent): unknown {
  return {
    id: `evt_${randomUUID().replace(/-/g, '').slice(0, 26)}`,
    timestamp: e.timestamp.getTime(),
    event: 'group.v2.participants',
    session: 'default',
    me: { id: SIMULATED_BOT_ID, pushName: 'Kehila Bot' },
    engine: 'GOWS',
    payload: {
      group: { id: e.groupId },
      type: e.action,
      timestamp: seconds(e.timestamp),
      participants: e.participants.map((p) => ({
        id: p.id,
        ...(p.phoneId ? { pn: p.phoneId } : {}),
        role: e.action === 'promote' ? 'admin' : 'participant',
      })),
    },
  };
}

const EVOLUTION_ACTION = { join: 'add', leave: 'remove', promote: 'promote', demote: 'demote' } as const;

function evolutionParticipants(e: SimulatedParticipantEvent, apiKey: string): unknown {
  return {
    event: 'group-participants.update',
    instance: 'kehila',
    data: {
      id: e.groupId,
      author: baileysJid(SIMULATED_BOT_ID),
      participants: e.participants.map((p) =>
        p.phoneId ? { id: p.id, phoneNumber: baileysJid(p.phoneId) } : baileysJid(p.id),
      ),
      action: EVOLUTION_ACTION[e.action],
    },
    destination: 'http://localhost:5173/webhooks/whatsapp/evolution',
    date_time: e.timestamp.toISOString(),
    sender: baileysJid(SIMULATED_BOT_ID),
    server_url: 'http://localhost:8080',
    apikey: apiKey,
  };
}

/**
 * The body and headers WAHA (`group.v2.participants`) or Evolution (`group-participants.update`)
 * send for a participant event. Green API sends none; Meta's `group_participants_update` is covered
 * by fixtures written from its documentation (tests/fixtures/whatsapp/meta).
 */
export function buildParticipantsWebhook(
  provider: 'waha' | 'evolution',
  event: SimulatedParticipantEvent,
  secrets: WhatsAppSecrets = LOCAL_WHATSAPP_SECRETS,
): SignedWebhook {
  const body = JSON.stringify(
    provider === 'waha' ? wahaParticipants(event) : evolutionParticipants(event, secrets.evolution?.apiKey ?? ''),
  );
  return { body, headers: signBody(provider, body, secrets) };
}

/** A message key id in the provider's style (Meta: wamid.…; others: WhatsApp's hex key ids). */
export function simulatedMessageId(provider: WhatsAppProvider): string {
  const hex = randomUUID().replace(/-/g, '').toUpperCase();
  if (provider === 'meta') return `wamid.HBgM${Buffer.from(hex).toString('base64').replace(/=+$/, '')}`;
  return `3EB0${hex.slice(0, 16)}`;
}

/** The body and headers a provider sends for one group message, signed with `secrets`. */
export function buildWebhook(
  provider: WhatsAppProvider,
  message: SimulatedMessage,
  secrets: WhatsAppSecrets = LOCAL_WHATSAPP_SECRETS,
): SignedWebhook {
  const json = { 'content-type': 'application/json' };
  switch (provider) {
    case 'waha': {
      const body = JSON.stringify(waha(message));
      return {
        body,
        headers: {
          ...json,
          'x-webhook-request-id': randomUUID(),
          'x-webhook-timestamp': String(Date.now()),
          ...(secrets.waha?.hmacKey
            ? { 'x-webhook-hmac': hmacHex('sha512', secrets.waha.hmacKey, body), 'x-webhook-hmac-algorithm': 'sha512' }
            : {}),
        },
      };
    }
    case 'green': {
      const body = JSON.stringify(green(message));
      const token = secrets.green?.webhookToken;
      return { body, headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
    }
    case 'evolution':
      return { body: JSON.stringify(evolution(message, secrets.evolution?.apiKey ?? '')), headers: json };
    case 'meta': {
      const body = JSON.stringify(meta(message));
      const secret = secrets.meta?.appSecret;
      return {
        body,
        headers: { ...json, ...(secret ? { 'x-hub-signature-256': `sha256=${hmacHex('sha256', secret, body)}` } : {}) },
      };
    }
  }
}

/** Signs an arbitrary body for a provider (fixtures, forged-signature tests). */
export function signBody(
  provider: WhatsAppProvider,
  body: string,
  secrets: WhatsAppSecrets = LOCAL_WHATSAPP_SECRETS,
): Record<string, string> {
  const json = { 'content-type': 'application/json' };
  switch (provider) {
    case 'waha':
      return {
        ...json,
        'x-webhook-hmac': hmacHex('sha512', secrets.waha?.hmacKey ?? '', body),
        'x-webhook-hmac-algorithm': 'sha512',
      };
    case 'green':
      return { ...json, authorization: `Bearer ${secrets.green?.webhookToken ?? ''}` };
    case 'evolution':
      return { ...json, apikey: secrets.evolution?.apiKey ?? '' };
    case 'meta':
      return { ...json, 'x-hub-signature-256': `sha256=${hmacHex('sha256', secrets.meta?.appSecret ?? '', body)}` };
  }
}
