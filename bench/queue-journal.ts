/**
 * Queue journal benchmark (issue 16, docs/decisions/0005-local-queue-journal.md): what journalling the
 * local SQS costs the webhook's acknowledgement, and how fast a restart gives the queue back.
 *
 * Starts two engine hosts, one journalling to a temp dir (as `npm start` does) and one in memory (as
 * the tests do), sends the same SendMessageBatch calls to both, interleaved so that the machine's load
 * weighs on both alike, and prints p50/p99 per call; then kills the journalled one with `kill -9`
 * (holding --backlog undeleted messages) and times the restart until its queue is back.
 *
 *   npm run bench:queue -- [--calls 3000] [--body-bytes 900] [--backlog 20000]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GetQueueAttributesCommand, SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { startEngineHost } from '../infra/local/engines/engine-host';
import { ensureQueues, localSqsClient } from '../infra/local/engines/sqs';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    'body-bytes': { type: 'string', default: '900' },
    backlog: { type: 'string', default: '20000' },
  },
});
const calls = Number(values.calls);
const body = 'x'.repeat(Number(values['body-bytes']));
const backlog = Number(values.backlog);

const percentile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const batch = (sqs: SQSClient, url: string) =>
  sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: url,
      Entries: Array.from({ length: 10 }, (_, i) => ({ Id: String(i), MessageBody: body })),
    }),
  );
const depth = async (sqs: SQSClient, url: string) =>
  Number(
    (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] })))
      .Attributes?.ApproximateNumberOfMessages ?? 0,
  );

const dir = mkdtempSync(join(tmpdir(), 'kehila-bench-journal-'));
const journal = join(dir, 'sqs', 'journal.ndjson');
let exited: () => void = () => undefined;
const gone = new Promise<void>((resolve) => (exited = resolve));
const journalled = await startEngineHost({ sqsJournal: journal, onExit: () => exited() });
const inMemory = await startEngineHost({});
const a = {
  sqs: localSqsClient(journalled.sqs),
  url: (await ensureQueues(journalled.sqs)).ingest.url,
  ms: [] as number[],
};
const b = { sqs: localSqsClient(inMemory.sqs), url: (await ensureQueues(inMemory.sqs)).ingest.url, ms: [] as number[] };

console.log(`queue journal benchmark: ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`);
for (let i = 0; i < calls; i += 1) {
  for (const side of [a, b]) {
    const started = performance.now();
    await batch(side.sqs, side.url);
    side.ms.push(performance.now() - started);
  }
}
const line = (name: string, ms: number[]) =>
  `  ${name.padEnd(12)} p50 ${percentile(ms, 0.5).toFixed(2)} ms  p99 ${percentile(ms, 0.99).toFixed(2)} ms`;
console.log(`SendMessageBatch of 10 × ${body.length} B, ${calls} calls each, interleaved:`);
console.log(line('journalled', a.ms));
console.log(line('in memory', b.ms));
await inMemory.close();

// Top the journalled queue up to the backlog, then kill -9 and time the restart until it is all back.
for (let held = calls * 10; held < backlog; held += 10) await batch(a.sqs, a.url);
const held = Math.max(backlog, calls * 10);
process.kill(journalled.pid, 'SIGKILL');
await gone;
const bytes = statSync(journal).size;
const restartAt = performance.now();
const again = await startEngineHost({ sqsJournal: journal });
const sqs = localSqsClient(again.sqs);
const url = (await ensureQueues(again.sqs)).ingest.url;
const back = await depth(sqs, url);
const restartMs = performance.now() - restartAt;
console.log(
  `restart after kill -9 with ${held} messages (${(bytes / 1e6).toFixed(1)} MB journal): ${back} back in ${restartMs.toFixed(0)} ms`,
);
await again.close();
rmSync(dir, { recursive: true, force: true });
process.exit(back === held ? 0 : 1);
