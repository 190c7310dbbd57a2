/**
 * Import benchmark (issue 16): how fast the import worker reads a WhatsApp chat export and how much
 * memory it takes, for exports of 100,000 and 1,000,000 lines.
 *
 * Each export is generated deterministically (the seeded PRNG of the demo data, texts and senders
 * of the demo group): an Android day-first 24-hour export, messages a few seconds to ten minutes
 * apart over months, 5% of them with a second line, 2% media, 1% group events. Each size then runs
 * in a child process of its own, so its peak memory is its own: the child runs the real worker code
 * (`runImport`: the object store's metadata check, the survey pass, the message pass, the job's
 * progress writes to a table) against the local filesystem object store and dynalite (started by
 * the parent, so the table's memory is not the child's). The ingest queue is replaced by a sink
 * that serialises each SendMessageBatch as the SQS client would and drops it: what is measured is
 * the worker, not the queue.
 *
 * It prints per size: lines, messages sent, time, lines/s, and the child's resident memory (RSS)
 * before the import and at its peak (the kernel's high-water mark). Target (issue 16): a
 * 1,000,000-line export imports with the process under 300 MB.
 *
 * By default each export is uploaded as a zip (`_chat.txt` inside, as WhatsApp makes it): a
 * 1,000,000-line chat is ~75 MB of text, over the 50 MB upload limit as a .txt, ~20 MB zipped. So
 * the worker also unpacks it as it reads (twice, once per pass). `--format txt` uploads the text
 * itself (refused above 50 MB, as the app would).
 *
 *   npm run bench:import -- [--lines 100000,1000000] [--seed 20240101] [--format zip|txt]
 */
import { fork } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Zip, ZipDeflate } from 'fflate';
import type { InboundMessage } from '@kehila/shared';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { createLocalObjectStore, writeLocalObject } from '@kehila/functions/adapters/storage/local';
import { seededRandom } from '@kehila/functions/adapters/ai/local/hash';
import { loadConfig } from '@kehila/functions/core/config';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import { createImport, runImport, startImport } from '@kehila/functions/core/imports/service';
import type { ImportTask } from '@kehila/functions/core/queues';
import { createCommunity } from '@kehila/functions/data/communities';
import { createDb } from '@kehila/functions/data/db';
import { getImportJob } from '@kehila/functions/data/imports';
import { createDeps } from '@kehila/functions/wiring/deps';
import { DEMO_SENDERS, generateDemoMessages } from '../infra/local/demo/messages';
import { ensureTable, startDynamo } from '../infra/local/engines/dynamodb';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '100000,1000000' },
    seed: { type: 'string', default: '20240101' },
    format: { type: 'string', default: 'zip' },
    child: { type: 'string' },
  },
});

/** What a child reports. */
interface RunResult {
  readonly lines: number;
  readonly bytes: number;
  readonly sent: number;
  readonly batches: number;
  /** JSON the SendMessageBatch calls would have carried. */
  readonly serialisedBytes: number;
  readonly total: number;
  readonly system: number;
  readonly unparsed: number;
  readonly status: string;
  readonly ms: number;
  readonly rssBeforeMb: number;
  readonly heapPeakMb: number;
  readonly rssPeakMb: number;
}

/** What the parent hands a child. */
interface RunInput {
  readonly file: string;
  readonly format: 'zip' | 'txt';
  readonly lines: number;
  readonly objectsDir: string;
  readonly dynamoEndpoint: string;
  readonly table: string;
}

const COMMUNITY = 'bench-import';
const GROUP = '120363000000000042@g.us';
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Writes an export of exactly `lines` lines to `file`, the same for the same seed. Returns the
 * messages it holds (what the import should send).
 */
async function writeExport(file: string, lines: number, seed: number): Promise<number> {
  const rand = seededRandom(seed);
  const pool = generateDemoMessages({
    count: 3000,
    seed,
    now: new Date('2024-06-01T12:00:00Z'),
    communityId: COMMUNITY,
    groupId: GROUP,
  })
    .map((m) => m.text.replace(/\s*\n\s*/g, ' ').trim())
    .filter((t) => t.length > 0);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const out = createWriteStream(file);
  const p = (n: number) => String(n).padStart(2, '0');
  let at = Date.UTC(2023, 0, 1, 8, 0, 0);
  let written = 0;
  let messages = 0;
  let buffer = '';
  const line = async (text: string) => {
    buffer += `${text}\n`;
    written += 1;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once('drain', () => r()));
      buffer = '';
    }
  };
  while (written < lines) {
    at += Math.floor(rand() * 600) * 1000 + 3000;
    const d = new Date(at);
    const stamp = `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}, ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
    const sender = pick(DEMO_SENDERS).name;
    const roll = rand();
    if (roll < 0.01) {
      await line(`${stamp} - ${sender} added ${pick(DEMO_SENDERS).name}`);
      continue;
    }
    messages += 1;
    if (roll < 0.03) {
      await line(`${stamp} - ${sender}: <Media omitted>`);
    } else if (roll < 0.08 && written + 2 <= lines) {
      await line(`${stamp} - ${sender}: ${pick(pool)}`);
      await line(pick(pool));
    } else {
      await line(`${stamp} - ${sender}: ${pick(pool)}`);
    }
  }
  out.write(buffer);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return messages;
}

/**
 * Packs a chat text into a zip as WhatsApp does (`_chat.txt`, deflated), streaming: a 1,000,000-line
 * export is larger than the 50 MB upload limit as text, so it travels as a zip, as real ones do.
 */
async function zipExport(textFile: string, zipFile: string): Promise<void> {
  const out = createWriteStream(zipFile);
  const done = new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, data, final) => {
      if (err) return reject(err);
      out.write(data);
      if (final) out.end(() => resolve());
    });
    const entry = new ZipDeflate('_chat.txt', { level: 6 });
    zip.add(entry);
    const input = createReadStream(textFile);
    input.on('data', (chunk) => entry.push(chunk as Buffer));
    input.on('end', () => {
      entry.push(new Uint8Array(0), true);
      zip.end();
    });
    input.on('error', reject);
  });
  await done;
}

/** The child: one import of the file through the worker code, measured. */
async function runChild(input: RunInput): Promise<RunResult> {
  const db = createDb({ region: 'us-east-1', tableName: input.table, endpoints: { dynamodb: input.dynamoEndpoint } });
  let sent = 0;
  let batches = 0;
  let serialisedBytes = 0;
  const sink: QueueClient = {
    async send(_queue: string, body: unknown) {
      serialisedBytes += JSON.stringify(body).length;
    },
    async sendBatch(_queue: string, bodies: readonly unknown[]) {
      batches += 1;
      sent += bodies.length;
      serialisedBytes += JSON.stringify(bodies as InboundMessage[]).length;
    },
  };
  const storage = createLocalObjectStore({ dir: input.objectsDir, secret: 'bench' });
  // The import worker's own wiring (the object store and the queues), as its Lambda has.
  const deps = createDeps(
    loadConfig({ TABLE_NAME: input.table, STAGE: 'local' }),
    { queues: () => sink, storage: () => storage },
    { db },
  );
  await createCommunity(
    db,
    blankCommunity({ id: COMMUNITY, name: 'Import bench', groupId: GROUP, ownerId: 'bench', now: new Date() }),
  ).catch(() => undefined);
  const bytes = statSync(input.file).size;
  const { job } = await createImport(deps, {
    communityId: COMMUNITY,
    userId: 'bench',
    filename: `WhatsApp Chat with Founders.${input.format}`,
    size: bytes,
    dayFirst: null,
    tz: 'Asia/Jerusalem',
  });
  const stored = await getImportJob(db, COMMUNITY, job.id);
  await writeLocalObject(
    input.objectsDir,
    stored?.object_key ?? '',
    { tempFile: input.file },
    stored?.content_type ?? 'text/plain',
  );
  await startImport(deps, COMMUNITY, job.id);
  const task: ImportTask = { community_id: COMMUNITY, import_id: job.id };

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  // The kernel keeps the RSS high-water mark; the heap's own peak is sampled.
  let heapPeak = 0;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  await runImport(deps, task, { token: 'bench', receiveCount: 1, maxReceiveCount: 3 });
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = await getImportJob(db, COMMUNITY, job.id);
  return {
    lines: input.lines,
    bytes,
    sent,
    batches,
    serialisedBytes,
    total: after?.total ?? 0,
    system: after?.system ?? 0,
    unparsed: after?.unparsed ?? 0,
    status: after?.status ?? 'missing',
    ms,
    rssBeforeMb: mb(rssBefore),
    heapPeakMb: mb(heapPeak),
    // maxRSS is in kilobytes: the process's high-water mark, which includes the import.
    rssPeakMb: mb(process.resourceUsage().maxRSS * 1024),
  };
}

// The local engines take any credentials; the SDK's notice about future Node versions is noise here.
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

if (values.child) {
  const result = await runChild(JSON.parse(values.child) as RunInput);
  process.send?.(result);
  process.exit(0);
}

const seed = Number(values.seed);
const format = values.format === 'txt' ? 'txt' : 'zip';
const sizes = values.lines.split(',').map((s) => Number(s.trim()));
console.log(`Import bench: ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}, Node ${process.version}`);
const dynamo = await startDynamo();
const table = 'bench-import';
await ensureTable(dynamo.endpoint, table);
const work = mkdtempSync(join(tmpdir(), 'kehila-bench-import-'));
const rows: (RunResult & { expected: number })[] = [];
try {
  for (const lines of sizes) {
    const text = join(work, `export-${lines}.txt`);
    const expected = await writeExport(text, lines, seed);
    const textMb = mb(statSync(text).size);
    let file = text;
    if (format === 'zip') {
      file = join(work, `export-${lines}.zip`);
      await zipExport(text, file);
      rmSync(text);
    }
    console.log(
      `  ${lines.toLocaleString('en')} lines: ${textMb} MB of text${format === 'zip' ? ` in a ${mb(statSync(file).size)} MB zip` : ''}, ` +
        `${expected.toLocaleString('en')} messages; importing…`,
    );
    const input: RunInput = {
      file,
      format,
      lines,
      objectsDir: join(work, 'objects'),
      dynamoEndpoint: dynamo.endpoint,
      table,
    };
    const result = await new Promise<RunResult>((resolve, reject) => {
      const child = fork(new URL(import.meta.url), ['--child', JSON.stringify(input)], {
        execArgv: [...process.execArgv, '--expose-gc'],
        env: {
          ...process.env,
          POWERTOOLS_LOG_LEVEL: 'SILENT',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      });
      child.once('message', (m) => resolve(m as RunResult));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? undefined : reject(new Error(`the import child exited with ${code}`)),
      );
    });
    rows.push({ ...result, expected });
  }
} finally {
  await dynamo.close();
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n(${format === 'zip' ? 'zip: MB is the upload; the worker unpacks the chat as it reads' : 'text'})`);
console.log(
  '\n| lines | MB | messages sent (expected) | batches (JSON MB) | time | lines/s | RSS before | RSS peak | heap peak |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.lines.toLocaleString('en')} | ${mb(r.bytes)} | ${r.sent.toLocaleString('en')} (${r.expected.toLocaleString('en')}) | ` +
      `${r.batches.toLocaleString('en')} (${mb(r.serialisedBytes)}) | ` +
      `${(r.ms / 1000).toFixed(1)} s | ${Math.round(r.lines / (r.ms / 1000)).toLocaleString('en')} | ${r.rssBeforeMb} MB | ${r.rssPeakMb} MB | ${r.heapPeakMb} MB |`,
  );
}
for (const r of rows) {
  if (r.sent !== r.expected || r.total !== r.expected || r.status !== 'importing') {
    console.log(
      `  ! ${r.lines} lines: sent ${r.sent}, job total ${r.total}, status ${r.status}: not what the export holds`,
    );
    process.exitCode = 1;
  }
}
const largest = rows.at(-1);
if (largest) {
  console.log(
    `\nTarget (issue 16): ${largest.lines.toLocaleString('en')} lines under 300 MB RSS: ${largest.rssPeakMb < 300 ? 'met' : 'NOT met'} (${largest.rssPeakMb} MB).`,
  );
}
