import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InboundMessageSchema } from '@kehila/shared';
import { openExport } from '@kehila/functions/core/imports/archive';
import { parseChatExport } from '@kehila/functions/core/imports/parser';
import {
  createInboundConverter,
  phoneDigitsOfName,
  senderIdOf,
  toInboundMessages,
} from '@kehila/functions/core/imports/inbound';
import { packBatches } from '@kehila/functions/core/imports/service';

const FIXTURES = join(import.meta.dirname, '../../../../fixtures/exports');
const target = { communityId: 'c1', groupId: '120363041234567890@g.us', importId: 'imp1' };

function inboundOf(file: string, timeZone = 'Asia/Jerusalem', t = target) {
  const r = parseChatExport(readFileSync(join(FIXTURES, file), 'utf8'), { timeZone });
  if (r.kind !== 'parsed') throw new Error('not parsed');
  return toInboundMessages(r.messages, t);
}

describe('sender ids', () => {
  it.each([
    ['+972 50-123-4567', '972501234567'],
    ['+1 (415) 555-0100', '14155550100'],
    ['+44 7700 900123', '447700900123'],
    ['050-123-4567', null],
    ['Dana Levi', null],
    ['+12', null],
  ])('%j is a phone number: %s', (name, digits) => {
    expect(phoneDigitsOfName(name)).toBe(digits);
  });

  it('uses the WhatsApp id for a phone number', () => {
    expect(senderIdOf('+972 50-123-4567', 'c1')).toBe('972501234567@c.us');
  });

  it('gives a name a stable pseudo id per community', () => {
    const id = senderIdOf('Dana Levi', 'c1');
    expect(id).toMatch(/^import:[0-9a-f]{16}@import$/);
    expect(senderIdOf('  dana   LEVI ', 'c1')).toBe(id);
    expect(senderIdOf('Dana Levi', 'c2')).not.toBe(id);
    expect(senderIdOf('Yossi Cohen', 'c1')).not.toBe(id);
  });
});

describe('toInboundMessages', () => {
  it('builds valid InboundMessages for the ingest queue', () => {
    const messages = inboundOf('android-en-12h.txt');
    for (const m of messages) expect(InboundMessageSchema.parse(m)).toEqual(m);
    expect(messages[2]).toMatchObject({
      provider: 'import',
      import_id: 'imp1',
      group_id: target.groupId,
      community_id: 'c1',
      sender_id: '972527654321@c.us',
      // The number is the id; it is not repeated as a name.
      sender_name: null,
      reply_to: null,
      media_type: null,
    });
    expect(messages[3]).toMatchObject({ media_type: 'media', text: '' });
  });

  it('gives the same ids for the same file, and distinct ids to identical lines', () => {
    const first = inboundOf('android-en-12h.txt').map((m) => m.provider_message_id);
    const again = inboundOf('android-en-12h.txt').map((m) => m.provider_message_id);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    // "Thanks!!" twice in the same minute: two messages.
    expect(first[6]).not.toBe(first[7]);
  });

  it('gives the zip the ids of the same chat as a .txt', async () => {
    const zip = readFileSync(join(FIXTURES, 'ios-en-12h.zip'));
    const opened = await openExport({
      size: zip.length,
      async *read(start = 0, end = zip.length) {
        yield zip.subarray(start, end);
      },
    });
    let text = '';
    for await (const c of opened.chunks()) text += c;
    const r = parseChatExport(text, { timeZone: 'Asia/Jerusalem' });
    if (r.kind !== 'parsed') throw new Error('not parsed');
    const fromZip = toInboundMessages(r.messages, target).map((m) => m.provider_message_id);
    expect(fromZip).toHaveLength(9);
    expect(fromZip).toEqual(inboundOf('ios-en-12h.txt').map((m) => m.provider_message_id));
  });

  it('gives other ids when the export is read in another zone (other instants)', () => {
    const jerusalem = inboundOf('android-en-12h.txt').map((m) => m.provider_message_id);
    const utc = inboundOf('android-en-12h.txt', 'UTC').map((m) => m.provider_message_id);
    expect(utc.filter((id) => jerusalem.includes(id))).toEqual([]);
  });

  it('does not depend on the import job', () => {
    const a = inboundOf('ios-he-24h.txt').map((m) => m.provider_message_id);
    const b = inboundOf('ios-he-24h.txt', 'Asia/Jerusalem', { ...target, importId: 'imp2' }).map(
      (m) => m.provider_message_id,
    );
    expect(b).toEqual(a);
  });
});

describe('createInboundConverter (one message at a time)', () => {
  const at = (timestamp: string, text: string) => ({
    localTime: timestamp.slice(0, 19),
    timestamp,
    sender: 'Dana Levi',
    text,
    mediaType: null,
    line: 1,
  });

  it('tells identical messages apart even when a late delivery comes between them', () => {
    const convert = createInboundConverter(target);
    const ids = [
      at('2024-01-01T10:00:00.000Z', 'ok'),
      at('2024-01-01T10:05:00.000Z', 'later'),
      // Delivered late: listed after a later message, with the same time and text as the first.
      at('2024-01-01T10:00:00.000Z', 'ok'),
    ].map((m) => convert(m).provider_message_id);
    expect(new Set(ids).size).toBe(3);
  });

  it('counts repeats of identical messages the same way on every run, so re-importing adds nothing', () => {
    const messages = Array.from({ length: 50 }, (_, i) => at(`2024-01-01T10:0${i % 3}:00.000Z`, i % 2 ? 'ok' : 'yes'));
    const once = toInboundMessages(messages, target).map((m) => m.provider_message_id);
    const convert = createInboundConverter(target);
    expect(messages.map((m) => convert(m).provider_message_id)).toEqual(once);
    expect(new Set(once).size).toBe(50);
  });
});

describe('packBatches', () => {
  it('keeps SendMessageBatch calls within 10 entries and 256 KiB', () => {
    const base = inboundOf('android-en-24h.txt')[0];
    if (!base) throw new Error('no message');
    const small = Array.from({ length: 23 }, (_, i) => ({ ...base, provider_message_id: `p${i}` }));
    expect(packBatches(small).map((b) => b.length)).toEqual([10, 10, 3]);
    const big = Array.from({ length: 5 }, (_, i) => ({
      ...base,
      provider_message_id: `b${i}`,
      text: 'א'.repeat(60_000),
    }));
    const batches = packBatches(big);
    for (const b of batches) expect(Buffer.byteLength(JSON.stringify(b))).toBeLessThan(256 * 1024);
    expect(batches.flat()).toHaveLength(5);
  });
});
