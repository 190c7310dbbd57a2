import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '@kehila/shared';
import type { AiPort, Enrichment } from '@kehila/functions/core/ports/ai';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { createLocalObjectStore } from '@kehila/functions/adapters/storage/local';
import { loadConfig } from '@kehila/functions/core/config';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { type Deps } from '@kehila/functions/core/deps';
import { AppError } from '@kehila/functions/core/errors';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import type { ObjectStore } from '@kehila/functions/core/ports/storage';
import { IMPORT_MAX_UPLOAD_BYTES, IMPORT_STALE_SECONDS, IMPORT_TEXTS } from '@kehila/functions/core/imports/limits';
import {
  createImport,
  getImport,
  runImport,
  setImportDateOrder,
  startImport,
} from '@kehila/functions/core/imports/service';
import { processIngestBatch } from '@kehila/functions/core/messages/enrich-batch';
import { messageIdFor } from '@kehila/functions/core/messages/ids';
import { createCommunity } from '@kehila/functions/data/communities';
import { getImportJob, updateImportJob } from '@kehila/functions/data/imports';
import { getMessageById } from '@kehila/functions/data/messages';
import type { ImportTask, QueueName } from '@kehila/functions/core/queues';
import { freshTable, useStackEnv } from '../../support';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/exports');
const COMMUNITY = 'imports-community';
const GROUP = '120363099999999999@g.us';
const NO_GROUP = 'imports-no-group';

/** An AI port that enriches every message the same way: enough for storage and counters. */
const fakeAi = {
  name: 'local',
  embeddingDimensions: 3,
  async enrich(messages) {
    return messages.map((): Enrichment => ({
      topic: null,
      keywords: [],
      urgency: 'low',
      sentiment: 0,
      emotion: 'neutral',
      intent: 'question',
      toxicity: 0,
      action_items: [],
    }));
  },
} as Pick<AiPort, 'name' | 'embeddingDimensions' | 'enrich'> as AiPort;

let deps: Deps;
let objectsDir: string;
const queued: Record<QueueName, unknown[]> = {
  ingest: [],
  embed: [],
  import: [],
  summaries: [],
  bot: [],
  bi: [],
  rights: [],
  enrichment: [],
  alerts: [],
  participants: [],
};
/** Set to make the ingest queue refuse sends after that many batches (a worker dying midway). */
let failIngestAfterBatches: number | null = null;
let ingestBatches = 0;

const queues: QueueClient = {
  async send(queue, body) {
    queued[queue].push(body);
  },
  async sendBatch(queue, bodies) {
    if (queue === 'ingest') {
      ingestBatches += 1;
      if (failIngestAfterBatches !== null && ingestBatches > failIngestAfterBatches) throw new Error('SQS unavailable');
    }
    queued[queue].push(...bodies);
  },
};

beforeAll(async () => {
  useStackEnv();
  const db = await freshTable();
  objectsDir = mkdtempSync(join(tmpdir(), 'kehila-import-objects-'));
  deps = createLocalDeps(loadConfig(), {
    db,
    queues,
    storage: createLocalObjectStore({ dir: objectsDir, secret: 'test' }),
    ai: fakeAi,
    realtime: { publish: async () => undefined, revoke: async () => undefined },
  });
  const now = new Date();
  await createCommunity(db, blankCommunity({ id: COMMUNITY, name: 'Imports', groupId: GROUP, ownerId: 'u1', now }));
  await createCommunity(db, blankCommunity({ id: NO_GROUP, name: 'No group', groupId: null, ownerId: 'u1', now }));
});
afterAll(() => rmSync(objectsDir, { recursive: true, force: true }));

/** What SQS would do: run every queued import task, then feed the ingest queue to the enrich code in batches of 10. */
async function runQueues(token = 'delivery-1', receiveCount = 1): Promise<void> {
  for (const task of queued.import.splice(0) as ImportTask[]) {
    await runImport(deps, task, { token: `${token}-${task.import_id}`, receiveCount, maxReceiveCount: 3 });
  }
  const bodies = queued.ingest.splice(0);
  for (let i = 0; i < bodies.length; i += 10) {
    const records = bodies.slice(i, i + 10).map((b, j) => ({ id: `r${i + j}`, body: JSON.stringify(b) }));
    const outcome = await processIngestBatch(deps, records);
    expect([...outcome.values()].filter(Boolean)).toEqual([]);
  }
  queued.embed.length = 0;
}

async function upload(jobId: string, bytes: Buffer, communityId = COMMUNITY) {
  const job = await getImportJob(deps.db, communityId, jobId);
  if (!job) throw new Error('no job');
  await deps.storage.put(job.object_key, bytes, job.content_type);
}

async function importFile(file: string, options: { dayFirst?: boolean | null; tz?: string } = {}) {
  const bytes =
    typeof file === 'string' && file.includes('\n') ? Buffer.from(file) : readFileSync(join(FIXTURES, file));
  const name = file.includes('\n') ? 'generated.txt' : file;
  const { job } = await createImport(deps, {
    communityId: COMMUNITY,
    userId: 'u1',
    filename: name,
    size: bytes.length,
    dayFirst: options.dayFirst ?? null,
    tz: options.tz ?? 'Asia/Jerusalem',
  });
  await upload(job.id, bytes);
  expect((await startImport(deps, COMMUNITY, job.id)).status).toBe('queued');
  await runQueues();
  return getImport(deps, COMMUNITY, job.id);
}

const summary = (job: { imported: number; duplicates: number; system: number; unparsed: number }) => ({
  imported: job.imported,
  duplicates: job.duplicates,
  system: job.system,
  unparsed: job.unparsed,
});

describe('chat-export import through the pipeline', () => {
  it('imports an Android export: every message stored once, with its sender and source', async () => {
    const job = await importFile('android-en-12h.txt');
    expect(job.status).toBe('done');
    expect(job.total).toBe(8);
    expect(job.processed).toBe(8);
    expect(summary(job)).toEqual({ imported: 8, duplicates: 0, system: 9, unparsed: 0 });
    expect(job.unparsed_examples).toEqual([]);
  });

  it('stores an imported message as the Messages screen reads it', async () => {
    const sent: InboundMessage[] = [];
    const { job } = await createImport(deps, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename: 'ios-he-24h.txt',
      size: 10,
      dayFirst: null,
      tz: 'Asia/Jerusalem',
    });
    await upload(job.id, readFileSync(join(FIXTURES, 'ios-he-24h.txt')));
    await startImport(deps, COMMUNITY, job.id);
    for (const task of queued.import.splice(0) as ImportTask[]) {
      await runImport(deps, task, { token: 'he', receiveCount: 1, maxReceiveCount: 3 });
    }
    sent.push(...(queued.ingest as InboundMessage[]));
    await runQueues();
    const phone = sent.find((m) => m.sender_id === '972545551234@c.us');
    if (!phone) throw new Error('the phone sender was not sent');
    const stored = await getMessageById(deps.db, COMMUNITY, messageIdFor(GROUP, phone.provider_message_id));
    expect(stored).toMatchObject({
      content: 'מחפשת רו"ח טוב לחברה בע"מ, המלצות?',
      timestamp: '2024-02-05T07:25:00.000Z',
      Sender_name: null,
      sender_hash: '972545551234@c.us',
      source: 'import',
      group_id: GROUP,
    });
    const photo = sent.find((m) => m.media_type === 'image');
    const storedPhoto = await getMessageById(deps.db, COMMUNITY, messageIdFor(GROUP, photo?.provider_message_id ?? ''));
    expect(storedPhoto).toMatchObject({ content: null, media_type: 'image', Sender_name: 'יוסי כהן' });
    expect((await getImport(deps, COMMUNITY, job.id)).status).toBe('done');
  });

  it('adds nothing when the same file is imported again', async () => {
    const job = await importFile('android-en-12h.txt');
    expect(job.status).toBe('done');
    expect(summary(job)).toEqual({ imported: 0, duplicates: 8, system: 9, unparsed: 0 });
  });

  it('adds nothing when the zip of a chat already imported as .txt is imported', async () => {
    expect(summary(await importFile('ios-en-12h.txt'))).toEqual({ imported: 9, duplicates: 0, system: 6, unparsed: 0 });
    const again = await importFile('ios-en-12h.zip');
    expect(again.status).toBe('done');
    expect(summary(again)).toEqual({ imported: 0, duplicates: 9, system: 6, unparsed: 0 });
  });

  it('reports lines it did not understand, with examples', async () => {
    const job = await importFile('noisy.txt');
    expect(summary(job)).toEqual({ imported: 2, duplicates: 0, system: 0, unparsed: 4 });
    expect(job.unparsed_examples).toContain('31/31/2024, 10:01 - Dana Levi: A date no calendar has');
  });

  it('asks for the date order when the file cannot tell, then imports with the answer', async () => {
    const asked = await importFile('ambiguous.txt');
    expect(asked.status).toBe('needs_date_order');
    expect(asked.total).toBe(0);
    await expect(setImportDateOrder(deps, COMMUNITY, 'no-such-job', true)).rejects.toThrow(IMPORT_TEXTS.notFound);
    const answered = await setImportDateOrder(deps, COMMUNITY, asked.id, true);
    expect(answered.status).toBe('queued');
    await runQueues();
    const done = await getImport(deps, COMMUNITY, asked.id);
    expect(done.status).toBe('done');
    expect(summary(done)).toEqual({ imported: 4, duplicates: 0, system: 0, unparsed: 0 });
    await expect(setImportDateOrder(deps, COMMUNITY, asked.id, false)).rejects.toThrow(
      IMPORT_TEXTS.notWaitingForDateOrder,
    );
  });

  it('uses the admin’s order given up front', async () => {
    const job = await importFile('ambiguous.txt', { dayFirst: false });
    expect(job.status).toBe('done');
    // Month-first: 4 March, not 3 April, so these are other messages than the day-first import's.
    expect(summary(job)).toEqual({ imported: 4, duplicates: 0, system: 0, unparsed: 0 });
  });

  it('fails a file with no messages in plain words', async () => {
    const { job } = await createImport(deps, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename: 'notes.txt',
      size: 30,
      dayFirst: null,
      tz: 'Asia/Jerusalem',
    });
    await upload(job.id, Buffer.from('Shopping list\nmilk\neggs\n'));
    await startImport(deps, COMMUNITY, job.id);
    await runQueues();
    const failed = await getImport(deps, COMMUNITY, job.id);
    expect(failed).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.nothingFound, unparsed: 3 });
  });
});

describe('refusals in plain words', () => {
  const create = (patch: Partial<Parameters<typeof createImport>[1]> = {}) =>
    createImport(deps, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename: 'chat.txt',
      size: 100,
      dayFirst: null,
      tz: 'Asia/Jerusalem',
      ...patch,
    });

  it.each([
    ['a file that is not .txt or .zip', { filename: 'chat.pdf' }, IMPORT_TEXTS.wrongType, 400],
    ['a file over 50 MB', { size: IMPORT_MAX_UPLOAD_BYTES + 1 }, IMPORT_TEXTS.tooLarge, 400],
    ['an unknown time zone', { tz: 'Mars/Olympus' }, IMPORT_TEXTS.badTimeZone('Mars/Olympus'), 400],
    ['a community without a group', { communityId: NO_GROUP }, IMPORT_TEXTS.noGroup, 400],
  ])('refuses %s', async (_name, patch, message, status) => {
    const err = await create(patch).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ message, status });
  });

  it('returns an upload form for the job’s own key and content type, capped at the upload limit', async () => {
    const { job, upload: u } = await create({ filename: 'WhatsApp Chat with Founders.zip' });
    expect(job.status).toBe('uploading');
    expect(u.method).toBe('POST');
    expect(u.url).toBe('/local-objects');
    expect(u.fields).toMatchObject({
      key: `imports/${COMMUNITY}/${job.id}/export.zip`,
      'Content-Type': 'application/zip',
    });
    const policy = JSON.parse(Buffer.from(u.fields.Policy ?? '', 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, IMPORT_MAX_UPLOAD_BYTES]);
  });

  it('will not start before the file arrived', async () => {
    const { job } = await create();
    await expect(startImport(deps, COMMUNITY, job.id)).rejects.toThrow(IMPORT_TEXTS.notUploaded);
    expect((await getImport(deps, COMMUNITY, job.id)).status).toBe('uploading');
  });

  it('fails an upload larger than the limit and deletes it', async () => {
    const { job } = await create({ size: 10 });
    await upload(job.id, Buffer.alloc(IMPORT_MAX_UPLOAD_BYTES + 1, 0x41));
    await expect(startImport(deps, COMMUNITY, job.id)).rejects.toThrow(IMPORT_TEXTS.tooLarge);
    expect(await getImport(deps, COMMUNITY, job.id)).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.tooLarge });
    const stored = await getImportJob(deps.db, COMMUNITY, job.id);
    expect(await deps.storage.head(stored?.object_key ?? '')).toBeNull();
  });

  it('starting twice queues once', async () => {
    const { job } = await create();
    await upload(job.id, readFileSync(join(FIXTURES, 'android-he-24h.txt')));
    await startImport(deps, COMMUNITY, job.id);
    await startImport(deps, COMMUNITY, job.id);
    // The second start re-sends the task; the worker runs the job for one delivery only.
    expect(queued.import).toHaveLength(2);
    const tasks = queued.import.splice(0) as ImportTask[];
    await runImport(deps, tasks[0] as ImportTask, { token: 'first', receiveCount: 1, maxReceiveCount: 3 });
    await runImport(deps, tasks[1] as ImportTask, { token: 'second', receiveCount: 1, maxReceiveCount: 3 });
    expect(queued.ingest).toHaveLength(5);
    await runQueues();
    expect(summary(await getImport(deps, COMMUNITY, job.id))).toEqual({
      imported: 5,
      duplicates: 0,
      system: 6,
      unparsed: 0,
    });
  });
});

describe('a worker that dies midway', () => {
  /** A long export: 1,200 messages, one a minute from 1 May 2024 08:00. */
  const longExport = Array.from({ length: 1200 }, (_, i) => {
    const t = new Date(Date.UTC(2024, 4, 1, 8, i));
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(t.getUTCDate())}/${p(t.getUTCMonth() + 1)}/2024, ${p(t.getUTCHours())}:${p(t.getUTCMinutes())} - Sender ${i % 7}: message number ${i}`;
  }).join('\n');

  it('resumes after the last saved point on the retry of its delivery', async () => {
    const { job } = await createImport(deps, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename: 'long.txt',
      size: longExport.length,
      dayFirst: true,
      tz: 'Asia/Jerusalem',
    });
    await upload(job.id, Buffer.from(longExport));
    await startImport(deps, COMMUNITY, job.id);
    const task = queued.import.splice(0)[0] as ImportTask;
    ingestBatches = 0;
    failIngestAfterBatches = 59; // 50 batches (500 messages, saved) + 9 more, then SQS fails
    await expect(runImport(deps, task, { token: 'd1', receiveCount: 1, maxReceiveCount: 3 })).rejects.toThrow(
      'SQS unavailable',
    );
    failIngestAfterBatches = null;
    const stopped = await getImportJob(deps.db, COMMUNITY, job.id);
    expect(stopped).toMatchObject({ status: 'importing', total: 1200, sent: 500 });

    // Another delivery of the same job leaves it alone; the retry of this one resumes.
    await runImport(deps, task, { token: 'other', receiveCount: 1, maxReceiveCount: 3 });
    expect(queued.ingest).toHaveLength(590);
    await runImport(deps, task, { token: 'd1', receiveCount: 2, maxReceiveCount: 3 });
    expect(queued.ingest).toHaveLength(590 + 700);
    await runQueues();
    const done = await getImport(deps, COMMUNITY, job.id);
    expect(done.status).toBe('done');
    expect(done.imported).toBe(1200);
    // The 90 messages sent after the last save went out twice; the pipeline stored them once.
    expect(done.duplicates).toBe(90);
  });

  it('fails the job on its last attempt, with a message for the admin', async () => {
    const { job } = await createImport(deps, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename: 'again.txt',
      size: 100,
      dayFirst: null,
      tz: 'Asia/Jerusalem',
    });
    await upload(job.id, readFileSync(join(FIXTURES, 'android-en-24h.txt')));
    await startImport(deps, COMMUNITY, job.id);
    const task = queued.import.splice(0)[0] as ImportTask;
    ingestBatches = 0;
    failIngestAfterBatches = 0;
    for (const receiveCount of [1, 2, 3]) {
      await expect(runImport(deps, task, { token: 'd2', receiveCount, maxReceiveCount: 3 })).rejects.toThrow();
    }
    failIngestAfterBatches = null;
    expect(await getImport(deps, COMMUNITY, job.id)).toMatchObject({
      status: 'failed',
      error: IMPORT_TEXTS.unexpected,
    });
  });
});

describe('files the worker refuses, with the reason on the job', () => {
  async function queuedJob(bytes: Buffer, filename: string, d: Deps = deps) {
    const { job } = await createImport(d, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename,
      size: bytes.length,
      dayFirst: null,
      tz: 'Asia/Jerusalem',
    });
    await upload(job.id, bytes);
    await startImport(d, COMMUNITY, job.id);
    const task = queued.import.splice(0)[0] as ImportTask;
    return { id: job.id, task, key: `imports/${COMMUNITY}/${job.id}/export.${filename.split('.').pop()}` };
  }

  it('fails a file whose stored size is over the limit, without reading a byte of it', async () => {
    const { id, task } = await queuedJob(readFileSync(join(FIXTURES, 'android-en-24h.txt')), 'grown.txt');
    // The object changed after the start (uploaded again): the store's record says how large it is now.
    let reads = 0;
    const store: ObjectStore = {
      ...deps.storage,
      head: async () => ({ size: IMPORT_MAX_UPLOAD_BYTES + 1, contentType: 'text/plain' }),
      read: (key: string, range?: { start?: number; end?: number }) => {
        reads += 1;
        return deps.storage.read(key, range);
      },
      delete: (key: string) => deps.storage.delete(key),
    };
    const guarded = createLocalDeps(loadConfig(), {
      db: deps.db,
      queues,
      storage: store,
      ai: fakeAi,
      realtime: deps.realtime,
    });
    await runImport(guarded, task, { token: 'big', receiveCount: 1, maxReceiveCount: 3 });
    expect(reads).toBe(0);
    expect(await getImport(deps, COMMUNITY, id)).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.tooLarge });
    expect(queued.ingest).toHaveLength(0);
  });

  it.each([
    [
      'a zip bomb (a chat packed 1,000 to 1)',
      () => zipSync({ '_chat.txt': strToU8('31/12/2023, 21:41 - Dana: same\n'.repeat(200_000)) }, { level: 9 }),
      IMPORT_TEXTS.zipRatio,
    ],
    [
      'a zip with two chats',
      () =>
        zipSync({
          'WhatsApp Chat with Founders.txt': strToU8('31/12/2023, 21:41 - Dana: hi\n'),
          'WhatsApp Chat with Investors.txt': strToU8('31/12/2023, 21:42 - Yossi: hi\n'),
        }),
      IMPORT_TEXTS.severalChatsInZip,
    ],
    ['a binary file', () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0x49, 0x48]), IMPORT_TEXTS.notText],
  ])('refuses %s on its first attempt, sends nothing and deletes the file', async (_name, build, reason) => {
    const bytes = Buffer.from(build());
    const { id, task, key } = await queuedJob(bytes, bytes[0] === 0x50 ? 'export.zip' : 'export.txt');
    await runImport(deps, task, { token: `refuse-${id}`, receiveCount: 1, maxReceiveCount: 3 });
    expect(await getImport(deps, COMMUNITY, id)).toMatchObject({ status: 'failed', error: reason, total: 0 });
    expect(queued.ingest).toHaveLength(0);
    expect(await deps.storage.head(key)).toBeNull();
  });
});

describe('a job whose worker is gone', () => {
  const at = (ms: number) =>
    createLocalDeps(loadConfig(), {
      db: deps.db,
      queues,
      storage: deps.storage,
      ai: fakeAi,
      realtime: deps.realtime,
      now: () => new Date(Date.now() + ms),
    });

  async function runningJob(patch: Parameters<typeof updateImportJob>[4]) {
    const bytes = readFileSync(join(FIXTURES, 'android-he-24h.txt'));
    const { job } = await createImport(deps, {
      communityId: COMMUNITY,
      userId: 'u1',
      filename: 'crashed.txt',
      size: bytes.length,
      dayFirst: null,
      tz: 'Asia/Jerusalem',
    });
    await upload(job.id, bytes);
    await startImport(deps, COMMUNITY, job.id);
    queued.import.length = 0;
    // What a worker leaves behind when its process dies mid-run.
    await updateImportJob(deps.db, COMMUNITY, job.id, ['queued'], { worker_token: 'dead', ...patch });
    return job.id;
  }

  it('is failed with the reason once nothing was written for longer than a retry takes', async () => {
    const id = await runningJob({ status: 'parsing' });
    expect((await getImport(at((IMPORT_STALE_SECONDS - 60) * 1000), COMMUNITY, id)).status).toBe('parsing');
    const failed = await getImport(at((IMPORT_STALE_SECONDS + 60) * 1000), COMMUNITY, id);
    expect(failed).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.stalled });
    // A late retry of the dead delivery finds it failed and does nothing.
    await runImport(
      deps,
      { community_id: COMMUNITY, import_id: id },
      { token: 'dead', receiveCount: 3, maxReceiveCount: 3 },
    );
    expect(queued.ingest).toHaveLength(0);
    expect((await getImport(deps, COMMUNITY, id)).status).toBe('failed');
  });

  it('is failed when it stopped while sending, but not once every message was sent (the pipeline has them)', async () => {
    const sending = await runningJob({ status: 'importing', total: 5, sent: 2 });
    expect(await getImport(at((IMPORT_STALE_SECONDS + 60) * 1000), COMMUNITY, sending)).toMatchObject({
      status: 'failed',
      error: IMPORT_TEXTS.stalled,
    });
    const sent = await runningJob({ status: 'importing', total: 5, sent: 5 });
    expect((await getImport(at((IMPORT_STALE_SECONDS + 60) * 1000), COMMUNITY, sent)).status).toBe('importing');
  });

  it('stops before its time limit and resumes on the retry; on the last attempt it fails with the reason', async () => {
    const id = await runningJob({});
    const task = { community_id: COMMUNITY, import_id: id };
    const soon = Date.now() + 1000;
    await expect(
      runImport(deps, task, { token: 'timed', receiveCount: 1, maxReceiveCount: 3, deadline: soon }),
    ).rejects.toThrow(/time limit/);
    expect((await getImportJob(deps.db, COMMUNITY, id))?.status).toBe('parsing');
    await runImport(deps, task, { token: 'timed', receiveCount: 2, maxReceiveCount: 3 });
    await runQueues();
    expect(summary(await getImport(deps, COMMUNITY, id))).toMatchObject({ system: 6 });
    expect((await getImport(deps, COMMUNITY, id)).status).toBe('done');

    const last = await runningJob({});
    await expect(
      runImport(
        deps,
        { community_id: COMMUNITY, import_id: last },
        {
          token: 'late',
          receiveCount: 3,
          maxReceiveCount: 3,
          deadline: Date.now() + 1000,
        },
      ),
    ).rejects.toThrow(/time limit/);
    expect(await getImport(deps, COMMUNITY, last)).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.outOfTime });
  });
});
