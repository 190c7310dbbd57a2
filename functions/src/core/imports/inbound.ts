import { createHash, createHmac } from 'node:crypto';
import type { InboundMessage } from '@kehila/shared';
import type { ExportMessage } from './parser';
import { IMPORT_MAX_TEXT_CHARS } from './limits';

/** A sender written as an international phone number: "+972 50-123-4567", "+1 (415) 555-0100". */
const PHONE_NAME = /^\+\d[\d\s\-().]{5,}\d$/;

/** The digits of a sender name that is a phone number in international form, else null. */
export function phoneDigitsOfName(name: string): string | null {
  const n = name.trim();
  if (!PHONE_NAME.test(n)) return null;
  const digits = n.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

function normalisedName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The sender id of an exported message. A name that is a phone number is the WhatsApp id
 * itself (`<digits>@c.us`), so the person's imported and live messages meet. Any other name gets
 * a stable pseudo id, `import:<16 hex>@import`: an HMAC of the name keyed by the community, the
 * same on every import into that community and different across communities.
 */
export function senderIdOf(name: string, communityId: string): string {
  const digits = phoneDigitsOfName(name);
  if (digits) return `${digits}@c.us`;
  const hash = createHmac('sha256', `kehila-import-sender:${communityId}`).update(normalisedName(name)).digest('hex');
  return `import:${hash.slice(0, 16)}@import`;
}

/**
 * The provider message id of an exported message: a hash of its UTC time, its sender, media kind,
 * text and how many identical messages came before it in the file. The same file (or a later
 * export of the same chat) imported in the same zone gives the same ids, so the pipeline stores
 * nothing twice. The UTC time (not the time as written) is hashed because a stored message's key
 * holds its time: the same id must never come with two times.
 */
export function providerMessageIdOf(m: ExportMessage, senderId: string, occurrence: number): string {
  const h = createHash('sha256')
    .update([m.timestamp, senderId, m.mediaType ?? '', m.text.normalize('NFC'), String(occurrence)].join('\u0000'))
    .digest('hex');
  return `import-${h.slice(0, 32)}`;
}

/** What an import knows about where its messages go. */
export interface ImportTarget {
  readonly communityId: string;
  readonly groupId: string;
  readonly importId: string;
}

/**
 * The InboundMessages of an export, in file order, for the ingest queue. A phone-number sender
 * has no name apart from the number, which the id already carries, so its name is left empty.
 */
export function toInboundMessages(messages: readonly ExportMessage[], target: ImportTarget): InboundMessage[] {
  const seen = new Map<string, number>();
  return messages.map((m) => {
    const senderId = senderIdOf(m.sender, target.communityId);
    const key = [m.timestamp, senderId, m.mediaType ?? '', m.text].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return {
      community_id: target.communityId,
      group_id: target.groupId,
      provider: 'import',
      provider_message_id: providerMessageIdOf(m, senderId, occurrence),
      sender_id: senderId,
      sender_name: phoneDigitsOfName(m.sender) ? null : m.sender,
      timestamp: m.timestamp,
      text: m.text.length > IMPORT_MAX_TEXT_CHARS ? m.text.slice(0, IMPORT_MAX_TEXT_CHARS) : m.text,
      reply_to: null,
      media_type: m.mediaType,
      import_id: target.importId,
    };
  });
}
