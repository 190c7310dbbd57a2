import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExportFileError, openExport, type ExportSource } from '@kehila/functions/core/imports/archive';
import { IMPORT_MAX_CHAT_TEXT_BYTES, IMPORT_TEXTS } from '@kehila/functions/core/imports/limits';

const FIXTURES = join(import.meta.dirname, '../../../../fixtures/exports');

/** An upload held in memory, handed out in pieces of `piece` bytes; counts the bytes read. */
function source(bytes: Uint8Array, piece = 4096): ExportSource & { bytesRead: number; ranges: [number, number][] } {
  const s = {
    size: bytes.length,
    bytesRead: 0,
    ranges: [] as [number, number][],
    async *read(start = 0, end = bytes.length) {
      s.ranges.push([start, end]);
      for (let i = start; i < end; i += piece) {
        const chunk = bytes.subarray(i, Math.min(end, i + piece));
        s.bytesRead += chunk.length;
        yield chunk;
      }
    },
  };
  return s;
}

async function text(bytes: Uint8Array, piece?: number): Promise<string> {
  const opened = await openExport(source(bytes, piece));
  let out = '';
  for await (const c of opened.chunks()) out += c;
  return out;
}

/** Rewrites what a zip's central directory says about one file (a zip that lies). */
function withDeclared(zip: Uint8Array, name: string, declared: { size?: number; packedSize?: number }): Uint8Array {
  const out = Uint8Array.from(zip);
  const view = new DataView(out.buffer);
  const nameBytes = strToU8(name);
  for (let i = 0; i + 46 < out.length; i += 1) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const length = view.getUint16(i + 28, true);
    if (length !== nameBytes.length || !nameBytes.every((b, j) => out[i + 46 + j] === b)) continue;
    if (declared.packedSize !== undefined) view.setUint32(i + 20, declared.packedSize, true);
    if (declared.size !== undefined) view.setUint32(i + 24, declared.size, true);
    return out;
  }
  throw new Error(`${name} is not in the zip`);
}

/** Chat text that packs very tightly: the same line again and again. */
const repeated = (bytes: number) =>
  strToU8('31/12/2023, 21:41 - Dana: the same words again\n'.repeat(Math.ceil(bytes / 46)).slice(0, bytes));

const refusal = (message: string) => new ExportFileError(message);

describe('openExport: text files', () => {
  it('reads a .txt as UTF-8 without its byte order mark', async () => {
    expect(await text(Buffer.from('\ufeff31/12/2023, 21:41 - דנה: שלום\n', 'utf8'))).toBe(
      '31/12/2023, 21:41 - דנה: שלום\n',
    );
  });

  it('decodes characters split across pieces of the upload', async () => {
    const chat = '31/12/2023, 21:41 - דנה: שלום 👋\n';
    expect(await text(Buffer.from(`\ufeff${chat}`, 'utf8'), 1)).toBe(chat);
  });

  it.each([
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('31/12/2023, 21:41 - Dana: hi', 'utf16le')])],
    [
      'UTF-16 BE',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('31/12/2023, 21:41 - Dana: hi', 'utf16le').swap16()]),
    ],
  ])('reads a %s text file', async (_name, bytes) => {
    expect(await text(bytes, 3)).toBe('31/12/2023, 21:41 - Dana: hi');
  });

  it('refuses a binary file as it reads it', async () => {
    await expect(text(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))).rejects.toThrow(
      refusal(IMPORT_TEXTS.notText),
    );
  });
});

describe('openExport: zips', () => {
  it('takes _chat.txt out of the iOS zip and leaves the media alone', async () => {
    const zip = readFileSync(join(FIXTURES, 'ios-en-12h.zip'));
    expect(await text(zip, 100)).toBe(readFileSync(join(FIXTURES, 'ios-en-12h.txt'), 'utf8'));
  });

  it('takes the Android chat file out of a zip with media, a shared document and macOS leftovers', async () => {
    const zip = zipSync({
      '__MACOSX/._WhatsApp Chat with Founders.txt': strToU8('resource fork'),
      'WhatsApp Chat with Founders.txt': strToU8('31/12/2023, 21:41 - Dana: hi\n'),
      'IMG-20231231-WA0001.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
      'notes.txt': strToU8('x'),
    });
    const opened = await openExport(source(zip));
    expect(opened.entry).toBe('WhatsApp Chat with Founders.txt');
    expect(await text(zip)).toBe('31/12/2023, 21:41 - Dana: hi\n');
  });

  it('reads a chat stored without compression', async () => {
    const zip = zipSync({ '_chat.txt': strToU8('[31/12/2023, 21:41:05] Dana: hi') }, { level: 0 });
    expect(await text(zip, 5)).toBe('[31/12/2023, 21:41:05] Dana: hi');
  });

  it('unpacks the chat piece by piece as it is read, never whole', async () => {
    const chat = strToU8(
      Array.from(
        { length: 60_000 },
        (_, i) => `31/12/2023, 21:41 - Sender ${i % 17}: message number ${i * 7919}\n`,
      ).join(''),
    );
    const zip = zipSync({ '_chat.txt': chat }, { level: 1 });
    const opened = await openExport(source(zip));
    let largest = 0;
    let total = 0;
    for await (const c of opened.chunks()) {
      largest = Math.max(largest, c.length);
      total += c.length;
    }
    expect(total).toBe(chat.length);
    expect(largest).toBeLessThan(chat.length / 4);
  });

  it.each([
    ['a zip without a chat', zipSync({ 'IMG-1.jpg': new Uint8Array([1, 2, 3]) }), IMPORT_TEXTS.noChatInZip],
    ['a broken zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 7)]), IMPORT_TEXTS.badZip],
    [
      'a zip with two chats',
      zipSync({
        'WhatsApp Chat with Founders.txt': strToU8('31/12/2023, 21:41 - Dana: hi\n'),
        'WhatsApp Chat with Investors.txt': strToU8('31/12/2023, 21:42 - Yossi: hi\n'),
      }),
      IMPORT_TEXTS.severalChatsInZip,
    ],
    [
      'a zip with two iOS chats in folders',
      zipSync({ 'a/_chat.txt': strToU8('[1/1/24, 9:00:00] A: x'), 'b/_chat.txt': strToU8('[1/1/24, 9:00:00] B: y') }),
      IMPORT_TEXTS.severalChatsInZip,
    ],
    [
      'a zip of two text files, neither named as a chat',
      zipSync({ 'one.txt': strToU8('a'), 'two.txt': strToU8('b') }),
      IMPORT_TEXTS.severalChatsInZip,
    ],
  ])('refuses %s in plain words, before unpacking', async (_name, bytes, message) => {
    await expect(openExport(source(bytes))).rejects.toThrow(refusal(message));
  });

  it('refuses a chat whose directory says it is over the limit unpacked, before unpacking it', async () => {
    const zip = withDeclared(zipSync({ '_chat.txt': repeated(1000) }), '_chat.txt', {
      size: IMPORT_MAX_CHAT_TEXT_BYTES + 1,
    });
    await expect(openExport(source(zip))).rejects.toThrow(refusal(IMPORT_TEXTS.chatTooLarge));
  });

  it('refuses any other file over the limit unpacked', async () => {
    const zip = withDeclared(
      zipSync({ '_chat.txt': strToU8('[1/1/24, 9:00:00] A: x'), 'VID-1.mp4': new Uint8Array(2000) }),
      'VID-1.mp4',
      { size: IMPORT_MAX_CHAT_TEXT_BYTES + 1, packedSize: 50 * 1024 * 1024 },
    );
    await expect(openExport(source(zip))).rejects.toThrow(refusal(IMPORT_TEXTS.entryTooLarge));
  });

  it('refuses a file that packs more than 100 to 1 (a zip bomb) from the directory, reading none of its data', async () => {
    const media = Uint8Array.from({ length: 300 * 1024 }, (_, i) => (i * 2654435761) >>> 24);
    const zip = zipSync({ '_chat.txt': [repeated(8 * 1024 * 1024), { level: 9 }], 'IMG-1.jpg': [media, { level: 0 }] });
    const s = source(zip);
    await expect(openExport(s)).rejects.toThrow(refusal(IMPORT_TEXTS.zipRatio));
    // The chat comes first: its packed data starts after its 30-byte header and name.
    const dataStart = 30 + '_chat.txt'.length;
    const chatEnd = zip.length - media.length;
    expect(s.ranges.filter(([start, end]) => end > dataStart && start < chatEnd)).toEqual([]);
  });

  it('lets small files pack tightly: the ratio only matters above a megabyte', async () => {
    const small = repeated(200 * 1024);
    const zip = zipSync({ '_chat.txt': small }, { level: 9 });
    expect((await text(zip)).length).toBe(small.length);
  });

  it('stops unpacking as soon as a zip that lies about a file passes the ratio', async () => {
    const zip = withDeclared(zipSync({ '_chat.txt': repeated(8 * 1024 * 1024) }, { level: 9 }), '_chat.txt', {
      size: 900_000,
    });
    const opened = await openExport(source(zip));
    let read = 0;
    const reading = (async () => {
      for await (const c of opened.chunks()) read += c.length;
    })();
    await expect(reading).rejects.toThrow(refusal(IMPORT_TEXTS.zipRatio));
    expect(read).toBe(0);
  });

  it('refuses a zip whose file unpacks to more than its directory says', async () => {
    const chat = strToU8(Array.from({ length: 400 }, (_, i) => `31/12/2023, 21:41 - Dana: line ${i}\n`).join(''));
    const zip = withDeclared(zipSync({ '_chat.txt': chat }), '_chat.txt', { size: 1000 });
    await expect(text(zip)).rejects.toThrow(refusal(IMPORT_TEXTS.badZip));
  });
});
