/**
 * A streaming reader of `multipart/form-data` bodies (RFC 7578) for the local object store's form
 * uploads: text fields are collected, a file part is passed on chunk by chunk as it arrives, so a
 * body of any size is read with a few buffers of memory.
 */

/** What the reader found, in body order. */
export type FormEvent =
  | { readonly kind: 'field'; readonly name: string; readonly value: string }
  | { readonly kind: 'file'; readonly name: string; readonly filename: string; readonly contentType: string | null }
  | { readonly kind: 'data'; readonly chunk: Buffer }
  | { readonly kind: 'file-end' };

/** A body that is not well-formed multipart/form-data (S3 answers MalformedPOSTRequest). */
export class MalformedFormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedFormError';
  }
}

/** Longest header block of one part, and longest text field: more is not a form we sent. */
const MAX_PART_HEADERS = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;

/** The boundary of a `multipart/form-data; boundary=…` Content-Type, or null. */
export function formBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2] ?? null;
  return boundary && boundary.length <= 70 ? boundary : null;
}

function parseDisposition(headers: string): { name: string; filename: string | null; contentType: string | null } {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-type') contentType = value;
    if (header !== 'content-disposition') continue;
    if (!/^form-data\b/i.test(value)) throw new MalformedFormError('A part is not form-data.');
    name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? null;
    filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1] ?? null;
  }
  if (name === null) throw new MalformedFormError('A part has no name.');
  return { name, filename, contentType };
}

/**
 * Reads `body` as multipart/form-data with `boundary`, yielding each text field, then for a file
 * part its start, its bytes as they arrive and its end. Stop iterating to stop reading the body.
 * Throws MalformedFormError when the body is not well-formed.
 */
export async function* readForm(body: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<FormEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary has no line break before it: start with one so every delimiter looks alike.
  let buf: Buffer = Buffer.from('\r\n');
  type State = 'preamble' | 'after-delimiter' | 'headers' | 'field' | 'file' | 'done';
  // Cast, so the checks after each step do not narrow it to its first value (the steps change it).
  let state = 'preamble' as State;
  let field: { name: string; parts: Buffer[]; bytes: number } | null = null;

  const advance = function* (): Generator<FormEvent> {
    for (;;) {
      if (state === 'preamble') {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          buf = buf.subarray(Math.max(0, buf.length - delimiter.length));
          return;
        }
        buf = buf.subarray(at + delimiter.length);
        state = 'after-delimiter';
      } else if (state === 'after-delimiter') {
        if (buf.length < 2) return;
        const two = buf.subarray(0, 2).toString('latin1');
        if (two === '--') {
          state = 'done';
          return;
        }
        if (two !== '\r\n') throw new MalformedFormError('A boundary is not followed by a line break.');
        buf = buf.subarray(2);
        state = 'headers';
      } else if (state === 'headers') {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > MAX_PART_HEADERS) throw new MalformedFormError('The headers of a part are too long.');
          return;
        }
        const part = parseDisposition(buf.subarray(0, end).toString('utf8'));
        buf = buf.subarray(end + 4);
        if (part.filename !== null) {
          state = 'file';
          yield { kind: 'file', name: part.name, filename: part.filename, contentType: part.contentType };
        } else {
          state = 'field';
          field = { name: part.name, parts: [], bytes: 0 };
        }
      } else if (state === 'field' || state === 'file') {
        const at = buf.indexOf(delimiter);
        // Without a whole delimiter in view, all but its length may be passed on: the rest could
        // be the start of one.
        const take = at >= 0 ? at : Math.max(0, buf.length - delimiter.length);
        if (take > 0) {
          const chunk = buf.subarray(0, take);
          if (state === 'file') yield { kind: 'data', chunk };
          else if (field) {
            field.bytes += chunk.length;
            if (field.bytes > MAX_FIELD_BYTES) throw new MalformedFormError(`The field ${field.name} is too long.`);
            field.parts.push(Buffer.from(chunk));
          }
          buf = buf.subarray(take);
        }
        if (at < 0) return;
        buf = buf.subarray(delimiter.length);
        if (state === 'file') yield { kind: 'file-end' };
        else if (field) yield { kind: 'field', name: field.name, value: Buffer.concat(field.parts).toString('utf8') };
        field = null;
        state = 'after-delimiter';
      } else {
        return;
      }
    }
  };

  for await (const chunk of body) {
    buf = buf.length === 0 ? Buffer.from(chunk) : Buffer.concat([buf, chunk]);
    yield* advance();
    if (state === 'done') return;
  }
  yield* advance();
  if (state !== 'done') throw new MalformedFormError('The body ends before its closing boundary.');
}
