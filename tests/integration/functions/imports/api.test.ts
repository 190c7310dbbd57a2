import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@kehila/functions/data/table-client';
import type { ImportJob } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { IMPORT_TEXTS } from '@kehila/functions/core/imports/limits';
import { keys } from '@kehila/functions/data/keys';
import { DEMO_SENDERS, generateDemoMessages } from '../../../../infra/local/demo/messages';
import { demoMessageCount } from '../../../../infra/local/plugins/demo-messages';
import { api, signIn, stack, useStackEnv } from '../../support';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/exports');
const BASE = '/api/communities/demo-community/imports';

let admin: string;
let member: string;
let deps: Deps;

beforeAll(async () => {
  deps = useStackEnv();
  admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
  member = (await signIn('member@example.com', 'kehila-demo')).IdToken;
});

interface Created {
  job: ImportJob;
  upload: { url: string; method: 'POST'; fields: Record<string, string> };
}

async function create(file: string, body: Record<string, unknown> = {}): Promise<Created> {
  const size = readFileSync(join(FIXTURES, file)).length;
  const res = await api(BASE, { token: admin, method: 'POST', body: { filename: file, size, ...body } });
  expect(res.status).toBe(200);
  return res.body as unknown as Created;
}

/** Posts a file with an upload form, as the browser does: the fields as given (or changed), then the file. */
async function post(upload: Pick<Created['upload'], 'url' | 'fields'>, bytes: Uint8Array, fields = upload.fields) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'export');
  return fetch(new URL(upload.url, stack().url), { method: 'POST', body: form });
}

async function until(jobId: string, done: (j: ImportJob) => boolean, timeoutMs = 25_000): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(`${BASE}/${jobId}`, { token: admin });
    expect(res.status).toBe(200);
    const job = res.body as unknown as ImportJob;
    if (done(job) || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function importThrough(file: string, body: Record<string, unknown> = {}): Promise<ImportJob> {
  const { job, upload } = await create(file, body);
  expect((await post(upload, readFileSync(join(FIXTURES, file)))).status).toBe(204);
  const started = await api(`${BASE}/${job.id}/start`, { token: admin, method: 'POST' });
  expect(started.status).toBe(200);
  expect(['queued', 'parsing', 'importing', 'done']).toContain((started.body as unknown as ImportJob).status);
  return until(job.id, (j) => j.status === 'done' || j.status === 'failed' || j.status === 'needs_date_order');
}

const counts = (j: ImportJob) => ({
  imported: j.imported,
  duplicates: j.duplicates,
  system: j.system,
  unparsed: j.unparsed,
});

describe('chat-export import over the API of the local stack', () => {
  it('is for admins only', async () => {
    const res = await api(BASE, { token: member, method: 'POST', body: { filename: 'chat.txt', size: 10 } });
    expect(res.status).toBe(403);
  });

  it('refuses a file type it cannot read, in plain words', async () => {
    const res = await api(BASE, { token: admin, method: 'POST', body: { filename: 'chat.pdf', size: 10 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_TEXTS.wrongType);
  });

  it('hands out an upload form that only takes its own key and type, and starts only once the file is there', async () => {
    const { job, upload } = await create('android-he-24h.txt');
    expect(job.status).toBe('uploading');
    expect(upload.url).toBe('/local-objects');
    const early = await api(`${BASE}/${job.id}/start`, { token: admin, method: 'POST' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(IMPORT_TEXTS.notUploaded);
    const changes: Record<string, string>[] = [
      { 'Content-Type': 'application/zip' },
      { key: `imports/demo-community/other/export.txt` },
    ];
    for (const change of changes) {
      const wrong = await post(upload, Buffer.from('x'), { ...upload.fields, ...change });
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toContain('<Code>AccessDenied</Code>');
    }
    expect((await api(`${BASE}/${job.id}/start`, { token: admin, method: 'POST' })).status).toBe(400);
  });

  it('imports an export end to end: upload, start, progress until done', async () => {
    const job = await importThrough('android-en-12h.txt');
    expect(job.status).toBe('done');
    expect(job.total).toBe(8);
    expect(job.processed).toBe(8);
    expect(counts(job)).toEqual({ imported: 8, duplicates: 0, system: 9, unparsed: 0 });
  });

  it('adds nothing when the same export is imported again', async () => {
    const job = await importThrough('android-en-12h.txt');
    expect(job.status).toBe('done');
    expect(counts(job)).toEqual({ imported: 0, duplicates: 8, system: 9, unparsed: 0 });
  });

  it('asks for the date order and continues with the answer', async () => {
    const asked = await importThrough('ambiguous.txt');
    expect(asked.status).toBe('needs_date_order');
    const answered = await api(`${BASE}/${asked.id}/date-order`, {
      token: admin,
      method: 'POST',
      body: { day_first: true },
    });
    expect(answered.status).toBe(200);
    const done = await until(asked.id, (j) => j.status === 'done' || j.status === 'failed');
    expect(counts(done)).toEqual({ imported: 4, duplicates: 0, system: 0, unparsed: 0 });
  });

  it('answers 404 for an import that does not exist', async () => {
    const res = await api(`${BASE}/no-such-import`, { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(IMPORT_TEXTS.notFound);
  });
});

describe('the local object store behind the gateway', () => {
  const key = 'tests/form-upload/export.txt';
  const leftovers = () => {
    const dir = join(stack().env.LOCAL_OBJECTS_DIR ?? '', '.uploads');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('stores a form upload within its size range and answers as S3 does (204, ETag)', async () => {
    const form = await deps.storage.presignPost(key, { contentType: 'text/plain', maxBytes: 1000 });
    const res = await post(form, Buffer.alloc(1000, 0x61));
    expect(res.status).toBe(204);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await deps.storage.head(key)).toEqual({ size: 1000, contentType: 'text/plain' });
    await deps.storage.delete(key);
  });

  it('refuses a file over the size range with EntityTooLarge, keeping nothing of it', async () => {
    const form = await deps.storage.presignPost(key, { contentType: 'text/plain', maxBytes: 1000 });
    const res = await post(form, Buffer.alloc(300_000, 0x61));
    expect(res.status).toBe(400);
    const xml = await res.text();
    expect(xml).toContain('<Code>EntityTooLarge</Code>');
    expect(xml).toContain('<MaxSizeAllowed>1000</MaxSizeAllowed>');
    expect(await deps.storage.head(key)).toBeNull();
    expect(leftovers()).toEqual([]);
  });

  it('refuses an empty file, a body that is not a form, and a form that expired', async () => {
    const form = await deps.storage.presignPost(key, { contentType: 'text/plain', maxBytes: 1000 });
    const empty = await post(form, new Uint8Array(0));
    expect([empty.status, await empty.text()]).toEqual([400, expect.stringContaining('EntityTooSmall')]);
    const notForm = await fetch(new URL(form.url, stack().url), { method: 'POST', body: 'hello' });
    expect([notForm.status, await notForm.text()]).toEqual([400, expect.stringContaining('MalformedPOSTRequest')]);
    const expired = await deps.storage.presignPost(key, {
      contentType: 'text/plain',
      maxBytes: 1000,
      expiresSeconds: -1,
    });
    const late = await post(expired, Buffer.from('x'));
    expect([late.status, await late.text()]).toEqual([403, expect.stringContaining('Policy expired')]);
    expect(await deps.storage.head(key)).toBeNull();
  });

  it('serves an object on a presigned GET (and HEAD), and refuses it unsigned', async () => {
    await deps.storage.put('tests/hello.txt', Buffer.from('שלום'), 'text/plain; charset=utf-8');
    const url = new URL(await deps.storage.presignGet('tests/hello.txt'), stack().url);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await got.text()).toBe('שלום');
    expect((await fetch(url, { method: 'HEAD' })).headers.get('content-length')).toBe('8');
    const unsigned = await fetch(new URL('/local-objects/tests/hello.txt', stack().url));
    expect(unsigned.status).toBe(403);
    await deps.storage.delete('tests/hello.txt');
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('demo messages of the local stack', () => {
  it('were sent once through the pipeline and stored for the demo community', async () => {
    const marker = await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: keys.demoMessagesMarker() }));
    expect(marker.Item).toMatchObject({ count: demoMessageCount({}, true) });
    const senders = new Set(DEMO_SENDERS.map((s) => s.id));
    const deadline = Date.now() + 25_000;
    let stored: Record<string, unknown>[] = [];
    while (Date.now() < deadline) {
      const res = await deps.db.doc.send(
        new QueryCommand({
          TableName: deps.db.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.messagePartition('demo-community') },
        }),
      );
      // Imported fixtures share a sender with the demo; the demo's provider ids say which are its own.
      stored = (res.Items ?? []).filter(
        (i) => String(i.provider_message_id).startsWith('demo-') && senders.has(String(i.sender_hash)),
      );
      if (stored.length >= demoMessageCount({}, true)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(stored).toHaveLength(demoMessageCount({}, true));
  });

  it('are the same for the same options', () => {
    const options = { count: 500, now: new Date('2026-01-15T12:00:00Z'), communityId: 'c', groupId: 'g@g.us' };
    const a = generateDemoMessages(options);
    expect(generateDemoMessages(options)).toEqual(a);
    expect(a).toHaveLength(500);
    expect(a.some((m) => /[\u0590-\u05ff]/.test(m.text))).toBe(true);
    expect(a.some((m) => m.sender_id.endsWith('@lid'))).toBe(true);
    expect(a.some((m) => m.reply_to)).toBe(true);
    expect(a.some((m) => m.media_type)).toBe(true);
    const times = a.map((m) => Date.parse(m.timestamp));
    expect(Math.max(...times)).toBeLessThan(Date.parse('2026-01-15T12:00:00Z'));
    expect(Math.min(...times)).toBeGreaterThan(Date.parse('2025-11-30T00:00:00Z'));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });
});
