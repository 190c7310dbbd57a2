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

/** Identical messages are told apart only within this distance of the latest time seen (see createInboundConverter). */
const OCCURRENCE_WINDOW_MS = 86_400_000;
/** At most this many recent messages are remembered for it (a day of a very busy group). */
const OCCURRENCE_MAX_TRACKED = 100_000;

/**
 * Turns an export's messages, in file order, into InboundMessages for the ingest queue. A
 * phone-number sender has no name apart from the number, which the id already carries, so its
 * name is left empty. The occurrence of each message among identical ones (same time, sender,
 * media and text) is counted as it goes; only messages within a day of the latest time seen (at
 * most OCCURRENCE_MAX_TRACKED) are remembered, since exports are in time order (late deliveries
 * step back a little). The same file always gives the same ids, and memory stays bounded.
 */
export function createInboundConverter(target: ImportTarget): (m: ExportMessage) => InboundMessage {
  /** Per timestamp (in insertion order, so the oldest come first), how often each message was seen. */
  const byTime = new Map<string, { at: number; seen: Map<string, number> }>();
  let tracked = 0;
  let latest = -Infinity;
  // A chat has few senders: each name's id (an HMAC) is computed once.
  const senders = new Map<string, string>();
  return (m) => {
    let senderId = senders.get(m.sender);
    if (senderId === undefined) {
      senderId = senderIdOf(m.sender, target.communityId);
      if (senders.size < 10_000) senders.set(m.sender, senderId);
    }
    const at = Date.parse(m.timestamp);
    latest = Math.max(latest, at);
    for (const [ts, bucket] of byTime) {
      if (bucket.at >= latest - OCCURRENCE_WINDOW_MS && tracked < OCCURRENCE_MAX_TRACKED) break;
      byTime.delete(ts);
      tracked -= bucket.seen.size;
    }
    let bucket = byTime.get(m.timestamp);
    if (!bucket) {
      bucket = { at, seen: new Map() };
      byTime.set(m.timestamp, bucket);
    }
    // The id of the first occurrence names the message (a hash is smaller to keep than the text).
    const first = providerMessageIdOf(m, senderId, 0);
    const occurrence = bucket.seen.get(first) ?? 0;
    if (occurrence === 0) tracked += 1;
    bucket.seen.set(first, occurrence + 1);
    return {
      community_id: target.communityId,
      group_id: target.groupId,
      provider: 'import',
      provider_message_id: occurrence === 0 ? first : providerMessageIdOf(m, senderId, occurrence),
      sender_id: senderId,
      sender_name: phoneDigitsOfName(m.sender) ? null : m.sender,
      timestamp: m.timestamp,
      text: m.text.length > IMPORT_MAX_TEXT_CHARS ? m.text.slice(0, IMPORT_MAX_TEXT_CHARS) : m.text,
      reply_to: null,
      media_type: m.mediaType,
      import_id: target.importId,
    };
  };
}

/** The InboundMessages of an export held in memory, in file order (see createInboundConverter). */
export function toInboundMessages(messages: readonly ExportMessage[], target: ImportTarget): InboundMessage[] {
  return messages.map(createInboundConverter(target));
}
