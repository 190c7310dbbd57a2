import { describe, expect, it } from 'vitest';
import { MalformedFormError, formBoundary, readForm, type FormEvent } from '../../../../infra/local/multipart-form';

/** A form encoded as a browser (or fetch) encodes it: its body and Content-Type. */
async function encoded(fields: Record<string, string>, file: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file]), 'chat.txt');
  const res = new Response(form);
  return { body: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}

async function* pieces(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(events: AsyncIterable<FormEvent>) {
  const fields: Record<string, string> = {};
  const file: Buffer[] = [];
  let filename: string | null = null;
  let ended = false;
  for await (const ev of events) {
    if (ev.kind === 'field') fields[ev.name] = ev.value;
    if (ev.kind === 'file') filename = ev.filename;
    if (ev.kind === 'data') file.push(Buffer.from(ev.chunk));
    if (ev.kind === 'file-end') ended = true;
  }
  return { fields, filename, file: Buffer.concat(file), ended };
}

describe('multipart/form-data reader', () => {
  it('finds the boundary of a form Content-Type, and nothing in another', () => {
    expect(formBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(formBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(formBoundary('application/json')).toBeNull();
    expect(formBoundary(undefined)).toBeNull();
  });

  it('reads the fields and the file of a form however the body is split', async () => {
    // File bytes that look like the start of a delimiter, and line breaks, must come through as sent.
    const file = new TextEncoder().encode('31/12/2023, 21:41 - Dana: hi\r\n\r\n--\r\n-- not a boundary\r\n');
    const { body, contentType } = await encoded({ key: 'imports/c/j/export.txt', 'Content-Type': 'text/plain' }, file);
    const boundary = formBoundary(contentType) ?? '';
    for (const size of [1, 3, 17, 100_000]) {
      const got = await collect(readForm(pieces(body, size), boundary));
      expect(got).toEqual({
        fields: { key: 'imports/c/j/export.txt', 'Content-Type': 'text/plain' },
        filename: 'chat.txt',
        file: Buffer.from(file),
        ended: true,
      });
    }
  });

  it('passes the file on as it arrives, holding no more than a piece', async () => {
    const file = new Uint8Array(2 * 1024 * 1024).fill(0x61);
    const { body, contentType } = await encoded({ key: 'k' }, file);
    let largest = 0;
    let total = 0;
    for await (const ev of readForm(pieces(body, 64 * 1024), formBoundary(contentType) ?? '')) {
      if (ev.kind === 'data') {
        largest = Math.max(largest, ev.chunk.length);
        total += ev.chunk.length;
      }
    }
    expect(total).toBe(file.length);
    expect(largest).toBeLessThanOrEqual(64 * 1024 + 100);
  });

  it('refuses a body that ends before its closing boundary', async () => {
    const { body, contentType } = await encoded({ key: 'k' }, new Uint8Array(10));
    await expect(
      collect(readForm(pieces(body.subarray(0, body.length - 10), 64), formBoundary(contentType) ?? '')),
    ).rejects.toThrow(MalformedFormError);
  });

  it('refuses a part without a name, and a text field too long to be ours', async () => {
    const noName = new TextEncoder().encode('--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n');
    await expect(collect(readForm(pieces(noName, 8), 'b'))).rejects.toThrow(MalformedFormError);
    const long = new TextEncoder().encode(
      `--b\r\nContent-Disposition: form-data; name="key"\r\n\r\n${'x'.repeat(70_000)}\r\n--b--\r\n`,
    );
    await expect(collect(readForm(pieces(long, 1024), 'b'))).rejects.toThrow(/too long/);
  });
});
