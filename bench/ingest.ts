/**
 * Ingest benchmark. Starts its own local stacks (free port, in-memory engines, temp data dir, demo
 * community without demo messages) and posts signed WhatsApp webhooks at them:
 *
 * 1. Acceptance — the webhook path alone (no queue pollers, as in the cloud where the webhook
 *    Lambda runs apart from the workers): a concurrent burst → accepted msgs/s, ack p50/p99; then
 *    `--rate` msgs/s for `--seconds` → ack p50/p99 at that rate.
 * 2. Pipeline — the same stack with its workers: a burst, then the time until the queues drain
 *    (end-to-end msgs/s stored and indexed); then a sustained rate → ack p50/p99 while the workers
 *    run on their worker thread, webhook → stored p50/p95 and webhook → searchable p50/p95.
 *
 * "Stored" is when the enrichment worker publishes `message.inserted` (after the conditional put,
 * the aggregates and the embed request), observed on the local realtime hub; "searchable" is when
 * the embed worker's upsert into the search port returns (text), and when a document with a vector
 * is upserted (meaning), observed by wrapping the port. The hooks add no load; afterwards a sample
 * is looked up by id through the search port to check them.
 *
 *   npm run bench:ingest -- [--burst 2000] [--concurrency 50] [--rate 200] [--seconds 10]
 *                           [--pollers 4] [--provider waha]
 *
 * Targets (issue 4): ≥ 200 msgs/s accepted, p99 ack ≤ 50 ms, p95 webhook → searchable ≤ 2 s.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { WhatsAppProviderSchema, type WhatsAppProvider } from '@kehila/shared';
import { localHub } from '@kehila/functions/adapters/realtime/local-hub';
import { buildWebhook, simulatedMessageId } from '@kehila/functions/adapters/whatsapp/payloads';
import type { SearchDoc, SearchPort } from '@kehila/functions/adapters/search/port';
import { messageIdFor } from '@kehila/functions/core/messages/ids';
import { queues } from '@kehila/functions/workers/queues';
import { DEMO_COMMUNITY } from '../infra/local/seed';
import { startLocalStack, type LocalStack } from '../infra/local/stack';

const { values } = parseArgs({
  options: {
    burst: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    pollers: { type: 'string', default: '4' },
    provider: { type: 'string', default: 'waha' },
  },
});
const provider: WhatsAppProvider = WhatsAppProviderSchema.parse(values.provider);
const burst = Number(values.burst);
const concurrency = Number(values.concurrency);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const pollers = Number(values.pollers);

const TEXTS = [
  'Does anyone know a good accountant for an early-stage startup?',
  "We're hiring a senior backend engineer (Node, AWS), referrals welcome",
  'Urgent: our cloud credits expire on Friday, anyone with an AWS contact?',
  'Reminder: pitch practice moved to Thursday 18:00 at the Azrieli lobby',
  'מישהו מכיר רואה חשבון טוב לסטארטאפ בתחילת הדרך?',
  'תזכורת: מפגש הפיצ׳ים עבר ליום חמישי ב-18:00',
  'Looking for a designer who has done fintech onboarding flows',
  'סגרנו סבב סיד! תודה לכל מי שעשה היכרויות',
];
const SENDERS = [
  '972501234567@c.us',
  '972527654321@c.us',
  '972548889900@c.us',
  '184467440737095@lid',
  '447700900123@c.us',
];

const pct = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0) : NaN;
};
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : 'n/a');
const ok = (pass: boolean) => (pass ? '✓' : '✗');

// Only the benchmark's own traffic: no seeded demo backlog in the queues.
process.env.KEHILA_DEMO_MESSAGES = '0';
const group = DEMO_COMMUNITY.groupId;
const communityId = DEMO_COMMUNITY.id;
const postedAt = new Map<string, number>();

let seq = 0;
async function post(url: string): Promise<{ status: number; ms: number }> {
  const i = seq++;
  const messageId = simulatedMessageId(provider);
  const { body, headers } = buildWebhook(provider, {
    groupId: group,
    messageId,
    senderId: SENDERS[i % SENDERS.length] as string,
    senderName: `Sender ${i % SENDERS.length}`,
    timestamp: new Date(),
    text: `${TEXTS[i % TEXTS.length]} #${i}`,
    replyTo: null,
    media: null,
  });
  const started = performance.now();
  postedAt.set(messageIdFor(group, messageId), started);
  try {
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    // A refused or timed-out connection is a failed delivery (the gateway would retry it).
    return { status: 0, ms: performance.now() - started };
  }
}

/** Posts `n` webhooks from `c` concurrent connections; returns the acks, failures and seconds taken. */
async function fireBurst(url: string, n: number, c: number) {
  const acks: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (next < n) {
        next += 1;
        const r = await post(url);
        acks.push(r.ms);
        if (r.status !== 200) failed += 1;
      }
    }),
  );
  return { acks, failed, seconds: (performance.now() - started) / 1000 };
}

/** Posts at a steady rate (not waiting for answers before the next), as a busy group would. */
async function firePaced(url: string, perSecond: number, forSeconds: number) {
  const acks: number[] = [];
  let failed = 0;
  const total = Math.round(perSecond * forSeconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      post(url).then((r) => {
        acks.push(r.ms);
        if (r.status !== 200) failed += 1;
      }),
    );
  }
  await Promise.all(inFlight);
  return { acks, failed, total };
}

async function start(pollerConcurrency: number): Promise<{ stack: LocalStack; url: string }> {
  const stack = await startLocalStack({ port: 0, web: 'none', seed: true, retryDelaySeconds: 1, pollerConcurrency });
  return { stack, url: `${stack.url}/webhooks/whatsapp/${provider}` };
}

console.log(
  `Ingest benchmark — ${provider} webhooks; this machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// 1. Acceptance: the webhook path alone.
{
  console.log('Starting a local stack without queue pollers…');
  const { stack, url } = await start(0);
  for (let i = 0; i < 20; i += 1) await post(url);
  const b = await fireBurst(url, burst, concurrency);
  const perSecond = (burst - b.failed) / b.seconds;
  console.log(`
1. Acceptance (webhook path alone): ${burst} webhooks, ${concurrency} concurrent (${b.failed} failed)
  accepted            ${perSecond.toFixed(0)} msgs/s   ${ok(perSecond >= 200)} target ≥ 200
  ack p50 / p99       ${ms(pct(b.acks, 0.5))} / ${ms(pct(b.acks, 0.99))}   ${ok(pct(b.acks, 0.99) <= 50)} target p99 ≤ 50 ms
`);
  const paced = await firePaced(url, rate, seconds);
  console.log(`  at ${rate} msgs/s for ${seconds} s (${paced.failed} failed): ack p50 / p99 ${ms(pct(paced.acks, 0.5))} / ${ms(
    pct(paced.acks, 0.99),
  )}   ${ok(pct(paced.acks, 0.99) <= 50)} target p99 ≤ 50 ms
`);
  await stack.close();
}

// 2. The whole pipeline in one process.
console.log(`Starting a local stack with ${pollers} pollers per queue (ingest batch ${queues.ingest.batchSize})…`);
const { stack, url } = await start(pollers);
const storedAt = new Map<string, number>();
const textAt = new Map<string, number>();
const vectorAt = new Map<string, number>();
localHub().subscribe(communityId, {
  send(data) {
    const event = JSON.parse(data) as { type: string; message?: { msg_id: string } };
    if (event.type === 'message.inserted' && event.message && !storedAt.has(event.message.msg_id)) {
      storedAt.set(event.message.msg_id, performance.now());
    }
  },
});
let search: SearchPort | null = null;
try {
  search = stack.deps.search;
  const upsert = search.upsert.bind(search);
  search.upsert = async (docs: readonly SearchDoc[]) => {
    await upsert(docs);
    const now = performance.now();
    for (const d of docs) {
      if (!textAt.has(d.msgId)) textAt.set(d.msgId, now);
      if (d.vector && !vectorAt.has(d.msgId)) vectorAt.set(d.msgId, now);
    }
  };
} catch (err) {
  console.log(`The search port is not available (${(err as Error).message}): measuring webhook → stored only.`);
  search = null;
}
const reset = () => [postedAt, storedAt, textAt, vectorAt].forEach((m) => m.clear());

// Warm up: load every handler and worker module and the AI and search engines once.
for (let i = 0; i < 20; i += 1) await post(url);
await stack.drain(120_000);
reset();

const b = await fireBurst(url, burst, concurrency);
const drainStart = performance.now();
const drained = await stack.drain(600_000);
const drainSeconds = (performance.now() - drainStart) / 1000;
const perSecond = (burst - b.failed) / b.seconds;
console.log(`
2a. Pipeline burst: ${burst} webhooks, ${concurrency} concurrent (${b.failed} failed)
  accepted            ${perSecond.toFixed(0)} msgs/s while the workers run (on their own thread)
  ack p50 / p99       ${ms(pct(b.acks, 0.5))} / ${ms(pct(b.acks, 0.99))}
  drained             ${drained ? `${drainSeconds.toFixed(1)} s after the last ack` : 'NOT within 600 s'}: end to end ${(burst / (b.seconds + drainSeconds)).toFixed(0)} msgs/s stored and indexed
`);

reset();
const { acks, failed, total } = await firePaced(url, rate, seconds);
await stack.drain(600_000);
await new Promise((r) => setTimeout(r, 500));

const lat = (seen: Map<string, number>) =>
  [...postedAt].flatMap(([id, t]) => (seen.has(id) ? [(seen.get(id) as number) - t] : []));
const stored = lat(storedAt);
const text = lat(textAt);
const vector = lat(vectorAt);
let sampleFound = 0;
const sample = [...postedAt.keys()].filter((_, i) => i % Math.max(1, Math.floor(total / 20)) === 0).slice(0, 20);
if (search) {
  for (const id of sample) {
    const res = await search.text({ communityId, idPartial: id, order: 'desc', limit: 1 });
    if (res.hits.some((h) => h.msgId === id)) sampleFound += 1;
  }
}
console.log(`2b. Pipeline at ${rate} msgs/s for ${seconds} s = ${total} webhooks (${failed} failed)
  ack p50 / p99       ${ms(pct(acks, 0.5))} / ${ms(pct(acks, 0.99))}   ${ok(pct(acks, 0.99) <= 50)} target p99 ≤ 50 ms
  webhook → stored    p50 ${ms(pct(stored, 0.5))}, p95 ${ms(pct(stored, 0.95))} (${stored.length}/${total})
${
  search
    ? `  webhook → searchable (text)     p50 ${ms(pct(text, 0.5))}, p95 ${ms(pct(text, 0.95))} (${text.length}/${total})   ${ok(pct(text, 0.95) <= 2000)} target p95 ≤ 2 s
  webhook → searchable (meaning)  p50 ${ms(pct(vector, 0.5))}, p95 ${ms(pct(vector, 0.95))} (${vector.length}/${total})
  sample found by id through the search port: ${sampleFound}/${sample.length}`
    : '  webhook → searchable: not measured (no search port)'
}
`);

await stack.close();
process.exit(0);
