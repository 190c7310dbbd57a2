import { Inflate } from 'fflate';
import { IMPORT_MAX_CHAT_TEXT_BYTES, IMPORT_MAX_ZIP_RATIO, IMPORT_TEXTS, IMPORT_ZIP_RATIO_FLOOR_BYTES } from './limits';

/** A file that is not a readable WhatsApp export; its message is fit to show the admin. */
export class ExportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

/** The uploaded file: its size and its bytes, read in ranges as often as needed (the object store's `read`). */
export interface ExportSource {
  readonly size: number;
  /** Bytes from `start` (default 0) to `end` (exclusive, default the end), as they arrive. */
  read(start?: number, end?: number): AsyncIterable<Uint8Array>;
}

/** The chat text of an export, which can be read from its start as many times as needed. */
export interface ExportText {
  /** Where the text comes from: the file itself, or the named entry of a zip. */
  readonly entry: string | null;
  /** The text in pieces as it is read (and unpacked); throws ExportFileError when the file breaks a rule. */
  chunks(): AsyncIterable<string>;
}

/** Pieces of deflated data handed to the inflater at once: at most ~1,000 times this comes out. */
const INFLATE_SLICE = 16 * 1024;
/** A zip's central directory larger than this is not an export's (about 100,000 files). */
const MAX_ZIP_DIRECTORY_BYTES = 8 * 1024 * 1024;
/** End of central directory record: 22 bytes and a comment of up to 65,535. */
const EOCD_MIN = 22;
const EOCD_MAX = EOCD_MIN + 0xffff;

const u16 = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) | (u16(b, i + 2) << 16)) >>> 0;

async function readAll(source: ExportSource, start: number, end: number): Promise<Uint8Array> {
  const out = new Uint8Array(Math.max(0, end - start));
  let at = 0;
  for await (const chunk of source.read(start, end)) {
    const room = out.length - at;
    out.set(room < chunk.length ? chunk.subarray(0, room) : chunk, at);
    at += Math.min(room, chunk.length);
  }
  if (at !== out.length) throw new ExportFileError(IMPORT_TEXTS.badZip);
  return out;
}

/** One file of a zip, from its central directory. */
interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly encrypted: boolean;
  readonly packedSize: number;
  readonly size: number;
  readonly headerOffset: number;
}

/**
 * The files listed in a zip's central directory (the index at its end: names, sizes and where each
 * file starts), read without unpacking anything. ZIP64 archives (over 65,535 files or 4 GB) are not
 * exports and are refused.
 */
async function listZip(source: ExportSource): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, source.size - EOCD_MAX);
  const tail = await readAll(source, tailStart, source.size);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i -= 1) {
    if (u32(tail, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExportFileError(IMPORT_TEXTS.badZip);
  const count = u16(tail, eocd + 10);
  const dirSize = u32(tail, eocd + 12);
  const dirOffset = u32(tail, eocd + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff)
    throw new ExportFileError(IMPORT_TEXTS.badZip);
  if (dirSize > MAX_ZIP_DIRECTORY_BYTES || dirOffset + dirSize > tailStart + eocd) {
    throw new ExportFileError(IMPORT_TEXTS.badZip);
  }
  const dir =
    dirOffset >= tailStart
      ? tail.subarray(dirOffset - tailStart, dirOffset - tailStart + dirSize)
      : await readAll(source, dirOffset, dirOffset + dirSize);
  const entries: ZipEntry[] = [];
  let i = 0;
  for (let n = 0; n < count; n += 1) {
    if (i + 46 > dir.length || u32(dir, i) !== 0x02014b50) throw new ExportFileError(IMPORT_TEXTS.badZip);
    const flags = u16(dir, i + 8);
    const nameLength = u16(dir, i + 28);
    const next = i + 46 + nameLength + u16(dir, i + 30) + u16(dir, i + 32);
    if (next > dir.length) throw new ExportFileError(IMPORT_TEXTS.badZip);
    const nameBytes = dir.subarray(i + 46, i + 46 + nameLength);
    const entry: ZipEntry = {
      // Bit 11: the name is UTF-8; older tools write code page 437, read here as Latin-1.
      name: new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes),
      method: u16(dir, i + 10),
      encrypted: (flags & 1) === 1,
      packedSize: u32(dir, i + 20),
      size: u32(dir, i + 24),
      headerOffset: u32(dir, i + 42),
    };
    if (entry.packedSize === 0xffffffff || entry.size === 0xffffffff || entry.headerOffset === 0xffffffff) {
      throw new ExportFileError(IMPORT_TEXTS.badZip);
    }
    entries.push(entry);
    i = next;
  }
  return entries;
}

const baseName = (name: string) => name.split('/').pop() ?? '';

/**
 * Which .txt of a zip is the chat: iOS names it `_chat.txt`; Android "WhatsApp Chat with ….txt"
 * (translated in other languages, always with "WhatsApp"). Other .txt files (documents shared in
 * the chat) are media; macOS resource forks (`__MACOSX/`, `._*`) are never it. More than one
 * candidate is refused: one import is one chat.
 */
function pickChatEntry(entries: readonly ZipEntry[]): ZipEntry {
  const texts = entries.filter(
    (e) => /\.txt$/i.test(baseName(e.name)) && !e.name.startsWith('__MACOSX/') && !baseName(e.name).startsWith('._'),
  );
  const ios = texts.filter((e) => baseName(e.name) === '_chat.txt');
  const android = texts.filter((e) => /whatsapp/i.test(baseName(e.name)));
  const pool = ios.length > 0 ? ios : android.length > 0 ? android : texts;
  if (pool.length === 0) throw new ExportFileError(IMPORT_TEXTS.noChatInZip);
  if (pool.length > 1) throw new ExportFileError(IMPORT_TEXTS.severalChatsInZip);
  return pool[0] as ZipEntry;
}

/** Whether `unpacked` bytes from `packed` bytes is a ratio no export has (small files excepted). */
const overRatio = (unpacked: number, packed: number) =>
  unpacked > IMPORT_ZIP_RATIO_FLOOR_BYTES && unpacked > packed * IMPORT_MAX_ZIP_RATIO;

type Decoder = InstanceType<typeof TextDecoder>;

/**
 * Text decoding as the bytes arrive: UTF-8 (a BOM is dropped), or UTF-16 when the text starts with
 * a UTF-16 BOM. A NUL byte in UTF-8 means the file is not text.
 */
async function* decode(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: Decoder | null = null;
  let head = new Uint8Array(0);
  let utf8 = true;
  const start = (b: Uint8Array) => {
    if (b[0] === 0xff && b[1] === 0xfe) decoder = new TextDecoder('utf-16le');
    else if (b[0] === 0xfe && b[1] === 0xff) decoder = new TextDecoder('utf-16be');
    else decoder = new TextDecoder('utf-8');
    utf8 = decoder.encoding === 'utf-8';
  };
  const text = (b: Uint8Array) => {
    if (utf8 && b.includes(0)) throw new ExportFileError(IMPORT_TEXTS.notText);
    return (decoder as Decoder).decode(b, { stream: true });
  };
  for await (const chunk of bytes) {
    if (!decoder) {
      // Two bytes tell the encoding; a file may arrive one byte at a time.
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      if (joined.length < 2) {
        head = joined;
        continue;
      }
      start(joined);
      const out = text(joined);
      if (out) yield out;
      continue;
    }
    const out = text(chunk);
    if (out) yield out;
  }
  if (!decoder && head.length > 0) {
    start(head);
    const out = text(head);
    if (out) yield out;
  }
  const rest = (decoder as Decoder | null)?.decode() ?? '';
  if (rest) yield rest;
}

/** Removes the byte-order mark the decoders leave at the start (UTF-8's is dropped by TextDecoder, UTF-16's is not). */
async function* withoutBom(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  for await (const c of chunks) {
    const out = first ? c.replace(/^\ufeff/, '') : c;
    first = false;
    if (out) yield out;
  }
}

/**
 * The unpacked bytes of one zip entry, inflated piece by piece and counted as they come out: the
 * count may never pass the size the zip declared, the limit, or the ratio (a zip whose directory
 * lies is stopped as soon as it does).
 */
async function* unpack(source: ExportSource, entry: ZipEntry, dataStart: number): AsyncGenerator<Uint8Array> {
  const dataEnd = dataStart + entry.packedSize;
  if (entry.method === 0) {
    yield* source.read(dataStart, dataEnd);
    return;
  }
  let out: Uint8Array[] = [];
  let unpacked = 0;
  let packed = 0;
  const inflater = new Inflate((data) => {
    unpacked += data.length;
    if (unpacked > IMPORT_MAX_CHAT_TEXT_BYTES) throw new ExportFileError(IMPORT_TEXTS.chatTooLarge);
    if (overRatio(unpacked, packed)) throw new ExportFileError(IMPORT_TEXTS.zipRatio);
    if (unpacked > entry.size) throw new ExportFileError(IMPORT_TEXTS.badZip);
    if (data.length > 0) out.push(data);
  });
  const push = (slice: Uint8Array, final: boolean) => {
    try {
      inflater.push(slice, final);
    } catch (err) {
      if (err instanceof ExportFileError) throw err;
      throw new ExportFileError(IMPORT_TEXTS.badZip);
    }
  };
  for await (const chunk of source.read(dataStart, dataEnd)) {
    for (let i = 0; i < chunk.length; i += INFLATE_SLICE) {
      const slice = chunk.subarray(i, i + INFLATE_SLICE);
      packed += slice.length;
      push(slice, false);
      if (out.length > 0) {
        const ready = out;
        out = [];
        yield* ready;
      }
    }
  }
  push(new Uint8Array(0), true);
  yield* out;
  if (unpacked !== entry.size) throw new ExportFileError(IMPORT_TEXTS.badZip);
}

/**
 * Opens an uploaded export for reading: a text file as it is; a zip after checking, from its
 * directory and before unpacking anything, that it holds exactly one chat (.txt), that no file in
 * it is larger than the limit unpacked, and that none packs tighter than the ratio (a zip bomb).
 * The chat is then unpacked as it is read, never whole in memory. Throws ExportFileError with a
 * plain reason.
 */
export async function openExport(source: ExportSource): Promise<ExportText> {
  const magic = await readAll(source, 0, Math.min(4, source.size));
  const isZip = magic.length === 4 && magic[0] === 0x50 && magic[1] === 0x4b && (magic[2] === 3 || magic[2] === 5);
  if (!isZip) return { entry: null, chunks: () => withoutBom(decode(source.read())) };

  const entries = await listZip(source);
  const chat = pickChatEntry(entries);
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    if (e.size > IMPORT_MAX_CHAT_TEXT_BYTES) {
      throw new ExportFileError(e === chat ? IMPORT_TEXTS.chatTooLarge : IMPORT_TEXTS.entryTooLarge);
    }
    if (overRatio(e.size, e.packedSize)) throw new ExportFileError(IMPORT_TEXTS.zipRatio);
  }
  if (chat.encrypted || (chat.method !== 0 && chat.method !== 8)) throw new ExportFileError(IMPORT_TEXTS.badZip);
  const header = await readAll(source, chat.headerOffset, Math.min(source.size, chat.headerOffset + 30));
  if (u32(header, 0) !== 0x04034b50) throw new ExportFileError(IMPORT_TEXTS.badZip);
  const dataStart = chat.headerOffset + 30 + u16(header, 26) + u16(header, 28);
  if (dataStart + chat.packedSize > source.size) throw new ExportFileError(IMPORT_TEXTS.badZip);
  return { entry: chat.name, chunks: () => withoutBom(decode(unpack(source, chat, dataStart))) };
}
