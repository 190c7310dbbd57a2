/**
 * Dashboard and analytics benchmark (issue 11): loads N messages over 90 days (default 100,000, with
 * a first measurement at 10,000) into an in-memory dynalite, with the aggregates the enrich worker
 * writes for them, then prints for each size
 *   - the dashboard route (90 days, the default window) and the insights route (90 days) p50/p95,
 *     invoked in-process as the local gateway does (authorization, paywall, table reads);
 *   - a scan-and-aggregate of the same range (read every message, count in memory; what the spec's
 *     client does), p50/p95;
 *   - the ratio of the two, and how the routes' p95 moved from 10k to 100k (flat = cost by days);
 *   - per route, the table requests per call and the process's CPU per call (the local engine runs
 *     in this process: the steadier figure on a shared machine).
 * After each load it seals the finished days as the nightly schedule does (aggregate-blocks.ts) and
 * prints how long that took; today stays live.
 *
 *   npm run bench:dashboard -- [--messages 100000] [--first 10000] [--rounds 40] [--scan-rounds 5] [--cpu-profile f]
 *
 * Targets (issue 11): p95 ≤ 50 ms locally, ≥ 20× faster than the scan at 100k, flat from 10k to 100k.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Context } from 'aws-lambda';
import { EMOTIONS, INTENTS, defaultDeliverySchedule, type Message, type Profile } from '@kehila/shared';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { batchWrite, createDb, type Db } from '@kehila/functions/data/db';
import { addDelta, applyBucketAdds, bucketAddsOf, type BucketAdd } from '@kehila/functions/data/aggregates';
import { markLateDays } from '@kehila/functions/data/aggregate-blocks';
import { sealCommunity } from '@kehila/functions/core/analytics/seal';
import { createCommunity } from '@kehila/functions/data/communities';
import { putMember } from '@kehila/functions/data/memberships';
import { messageItem } from '@kehila/functions/data/messages';
import { createProfile } from '@kehila/functions/data/profiles';
import { putDeliverySchedule } from '@kehila/functions/data/summary-settings';
import { seededRandom } from '@kehila/functions/adapters/ai/local/hash';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';
import { ensureTable, startDynamo } from '../infra/local/engines/dynamodb';
import { lambdaContext } from '../infra/local/lambda-context';
import { aggregateRows, scanMessages } from '../tests/support/analytics-oracle';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    first: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '40' },
    'scan-rounds': { type: 'string', default: '5' },
    /** Writes a V8 CPU profile of the first size's route calls (open in Chrome DevTools). */
    'cpu-profile': { type: 'string' },
  },
});
const N = Number(values.messages);
const FIRST = Math.min(N, Number(values.first));
const ROUNDS = Number(values.rounds);
const SCAN_ROUNDS = Number(values['scan-rounds']);
const COMMUNITY = 'bench-dashboard';
const GROUP = '120363000000000001@g.us';
const USER = 'bench-user';
const DAYS = 90;
const TZ = 'Asia/Kolkata';

type Rng = () => number;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const TOPICS = [
  'Hiring & Jobs',
  'Events',
  'Questions & Help',
  'Social',
  'Technology',
  'Marketing',
  'Fundraising',
  'Networking',
];
const WORDS = [
  'rent',
  'jobs',
  'meetup',
  'aws',
  'funding',
  'שכירות',
  'משרה',
  'כנס',
  'pitch',
  'design',
  'react',
  'lawyer',
];

/** Message `i` of the corpus: spread over the 90 days to `now`, 400 senders, enriched fields filled. */
function messageAt(i: number, now: number): { message: Message; senderKey: string } {
  const r = seededRandom(i + 1);
  const at = now - Math.floor(r() * DAYS * 86_400_000);
  const sender = Math.floor(r() ** 2 * 400);
  const message: Message = {
    msg_id: `bench-${i}`,
    group_id: GROUP,
    content: `message ${i}`,
    timestamp: new Date(at).toISOString(),
    Sender_name: `Sender ${sender}`,
    sender_hash: `9725${String(sender).padStart(8, '0')}@c.us`,
    topic: r() < 0.9 ? pick(r, TOPICS) : null,
    keywords: [pick(r, WORDS), pick(r, WORDS), `w${Math.floor(r() * 3000)}`],
    urgency: pick(r, ['high', 'medium', 'low', 'low', 'low'] as const),
    sentiment: Math.round((r() * 2 - 1) * 1000) / 1000,
    action_items: [],
    emotion: pick(r, EMOTIONS),
    intent: r() < 0.95 ? pick(r, INTENTS) : null,
    cluster_id: null,
    toxicity: Math.round(r() ** 4 * 1000) / 1000,
  };
  return { message, senderKey: `s${String(sender).padStart(5, '0')}` };
}

/**
 * Stores messages `from`..`to`-1 and adds what the worker would add to the aggregates: the worker's
 * own deltas (`bucketAddsOf`) merged per bucket (`applyBucketAdds` merges a batch's deltas the same
 * way; ADDs commute, so one update per bucket and 60 attributes leaves the very items that one update
 * per message batch would), then, as the worker does after its updates, the blocks of the days that
 * may be sealed invalidated (`markLateDays`, once per day). Message items go in BatchWrites of 25,
 * four streams at a time. The first version wrote every chunk's updates as they came: about 2 updates
 * per message (hour buckets rarely merge within a chunk) and 9 invalidations per day per chunk, which
 * put 100,000 messages out of reach on a shared machine.
 */
async function load(db: Db, from: number, to: number, now: number): Promise<void> {
  const STREAMS = 4;
  const CHUNK = 1000;
  const began = performance.now();
  const merged = new Map<string, BucketAdd>();
  const mergeIn = (a: BucketAdd) => {
    const id = `${a.kind}\n${a.bucket}`;
    const prev = merged.get(id);
    if (!prev) merged.set(id, { ...a, delta: { ...a.delta }, names: { ...a.names } });
    else {
      addDelta(prev.delta, a.delta);
      if (a.names) Object.assign(prev.names ?? {}, a.names);
    }
  };
  for (let i = from; i < to; i += CHUNK * STREAMS) {
    await Promise.all(
      Array.from({ length: STREAMS }, async (_, s) => {
        const lo = i + s * CHUNK;
        const hi = Math.min(to, lo + CHUNK);
        if (lo >= hi) return;
        const rows = Array.from({ length: hi - lo }, (_, k) => messageAt(lo + k, now));
        await batchWrite(
          db,
          rows.map(({ message, senderKey }) => ({
            PutRequest: {
              Item: messageItem({
                communityId: COMMUNITY,
                message,
                senderKey,
                provider: 'waha',
                providerMessageId: message.msg_id,
                receivedAt: message.timestamp,
              }),
            },
          })),
        );
        for (const r of rows) for (const a of bucketAddsOf(COMMUNITY, r.message, r.senderKey)) mergeIn(a);
      }),
    );
    process.stdout.write(`\r  stored ${Math.min(to, i + CHUNK * STREAMS).toLocaleString('en')} messages`);
  }
  const stored = performance.now();
  const buckets = [...merged.values()];
  // A few buckets at a time: the engine never sees thousands of requests at once.
  for (let k = 0; k < buckets.length; k += 16) {
    await applyBucketAdds(db, buckets.slice(k, k + 16));
    if (k % 800 === 0) process.stdout.write(`\r  stored ${(to - from).toLocaleString('en')} messages, buckets ${k}/${buckets.length}`);
  }
  const updated = performance.now();
  await markLateDays(db, buckets, new Date(now));
  process.stdout.write(
    `\r  stored ${(to - from).toLocaleString('en')} messages in ${((stored - began) / 1000).toFixed(0)} s, ` +
      `${buckets.length} buckets updated in ${((updated - stored) / 1000).toFixed(0)} s, ` +
      `blocks of late days invalidated in ${((performance.now() - updated) / 1000).toFixed(0)} s\n`,
  );
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await f();
  return [v, performance.now() - t];
}

async function call(route: 'dashboard' | 'insights', query: Record<string, string>): Promise<HttpResult> {
  const mod = (await import('@kehila/functions/http/analytics/index')) as {
    handler: (e: HttpEvent, c: Context) => Promise<HttpResult>;
  };
  const path = `/api/communities/${COMMUNITY}/analytics/${route}`;
  const event: HttpEvent = {
    routeKey: `GET /api/communities/{communityId}/analytics/${route}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: {},
    queryStringParameters: query,
    pathParameters: { communityId: COMMUNITY },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'bench',
      http: { method: 'GET', path, sourceIp: '127.0.0.1' },
      authorizer: { jwt: { claims: { sub: USER, email: 'bench@example.com', token_use: 'id' } } },
    },
  };
  return mod.handler(event, lambdaContext('bench'));
}

interface Figures {
  readonly dashboard: number[];
  readonly insights: number[];
  readonly scan: number[];
  /** Per route: table requests per call by command, and the process's CPU ms per call (client and engine: both run here). */
  readonly profile: Record<'dashboard' | 'insights', { requests: Map<string, number>; cpuMs: number[] }>;
}

/** Table requests by command name while counting (the routes' reads per call). */
let counting: Map<string, number> | null = null;

function countRequests(db: Db) {
  const send = db.doc.send.bind(db.doc) as (command: object, ...rest: unknown[]) => Promise<unknown>;
  (db.doc as { send: unknown }).send = (command: object, ...rest: unknown[]) => {
    if (counting) {
      const name = command.constructor.name.replace(/Command$/, '');
      counting.set(name, (counting.get(name) ?? 0) + 1);
    }
    return send(command, ...rest);
  };
}

async function profiled(
  profile: { requests: Map<string, number>; cpuMs: number[] },
  f: () => Promise<HttpResult>,
): Promise<[HttpResult, number]> {
  counting = new Map();
  const cpu = process.cpuUsage();
  const out = await timed(f);
  const used = process.cpuUsage(cpu);
  profile.cpuMs.push((used.user + used.system) / 1000);
  for (const [k, v] of counting) profile.requests.set(k, (profile.requests.get(k) ?? 0) + v);
  counting = null;
  return out;
}

function post(session: Session, method: string): Promise<unknown> {
  return new Promise((resolve, reject) => session.post(method, (err, res) => (err ? reject(err) : resolve(res))));
}

async function measure(db: Db, now: number, scanRounds = SCAN_ROUNDS): Promise<Figures> {
  const out: Figures = {
    dashboard: [],
    insights: [],
    scan: [],
    profile: { dashboard: { requests: new Map(), cpuMs: [] }, insights: { requests: new Map(), cpuMs: [] } },
  };
  for (let round = 0; round < ROUNDS + 3; round++) {
    const warm = round >= 3;
    const scratch = () => ({ requests: new Map<string, number>(), cpuMs: [] as number[] });
    const [d, dMs] = await profiled(warm ? out.profile.dashboard : scratch(), () => call('dashboard', {}));
    if (d.statusCode !== 200) throw new Error(`dashboard answered ${d.statusCode}: ${d.body}`);
    const [s, sMs] = await profiled(warm ? out.profile.insights : scratch(), () =>
      call('insights', { days: String(DAYS) }),
    );
    if (s.statusCode !== 200) throw new Error(`insights answered ${s.statusCode}: ${s.body}`);
    // The first rounds warm the handler's imports and connections.
    if (round >= 3) {
      out.dashboard.push(dMs);
      out.insights.push(sMs);
    }
  }
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  for (let round = 0; round < scanRounds; round++) {
    const [, scanMs] = await timed(async () => aggregateRows(await scanMessages(db, COMMUNITY, from, to), TZ));
    out.scan.push(scanMs);
  }
  return out;
}

function report(n: number, f: Figures) {
  const routeP95 = Math.max(pct(f.dashboard, 95), pct(f.insights, 95));
  console.log(`\n${n.toLocaleString('en')} messages over ${DAYS} days`);
  console.log(
    `  dashboard route   p50 ${ms(pct(f.dashboard, 50)).padStart(10)}  p95 ${ms(pct(f.dashboard, 95)).padStart(10)}`,
  );
  console.log(
    `  insights route    p50 ${ms(pct(f.insights, 50)).padStart(10)}  p95 ${ms(pct(f.insights, 95)).padStart(10)}`,
  );
  console.log(`  scan + aggregate  p50 ${ms(pct(f.scan, 50)).padStart(10)}  p95 ${ms(pct(f.scan, 95)).padStart(10)}`);
  for (const route of ['dashboard', 'insights'] as const) {
    const p = f.profile[route];
    const calls = p.cpuMs.length;
    const reqs = [...p.requests].map(([k, v]) => `${k} ${(v / calls).toFixed(1)}`).join(', ');
    console.log(
      `  ${route}: table requests per call ${reqs}; process CPU per call p50 ${ms(pct(p.cpuMs, 50))} (engine included)`,
    );
  }
  console.log(
    `  scan p50 / slower route p50: ${(pct(f.scan, 50) / Math.max(pct(f.dashboard, 50), pct(f.insights, 50))).toFixed(1)}×`,
  );
  return routeP95;
}

async function main() {
  console.log(
    `dashboard bench: ${FIRST.toLocaleString('en')} then ${N.toLocaleString('en')} messages, ${ROUNDS} rounds per route, ` +
      `${SCAN_ROUNDS} scans (${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}: other processes slow every figure)`,
  );
  const dynamo = await startDynamo();
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  await ensureTable(dynamo.endpoint, 'bench');
  const db = createDb({ region: 'us-east-1', tableName: 'bench', endpoints: { dynamodb: dynamo.endpoint } });
  countRequests(db);
  const nowDate = new Date();
  const now = nowDate.getTime();
  const config = loadConfig({ STAGE: 'local', TABLE_NAME: db.table });
  setDeps(createLocalDeps(config, { db }));
  await createCommunity(
    db,
    blankCommunity({ id: COMMUNITY, name: 'Bench', groupId: GROUP, ownerId: USER, now: nowDate }),
  );
  // The community's zone (its summary delivery settings): a half-hour zone, hours read per quarter.
  await putDeliverySchedule(
    db,
    COMMUNITY,
    { ...defaultDeliverySchedule({ group_language: 'English' }), time_zone: TZ, updated_at: nowDate.toISOString() },
    false,
  );
  await putMember(db, blankMember({ userId: USER, communityId: COMMUNITY, role: 'Admin', now: nowDate }));
  await createProfile(db, {
    id: USER,
    username: 'bench',
    group_id: null,
    subscription_status: null,
    subscription_plan: null,
    lemon_squeezy_customer_id: null,
    subscription_ends_at: null,
    trial_ends_at: new Date(now + 7 * 86_400_000).toISOString(),
    phone_number: null,
    created_at: nowDate.toISOString(),
    updated_at: nowDate.toISOString(),
  } as Profile);

  const seal = async (at: number) => {
    const [report, sealMs] = await timed(() => sealCommunity({ db, now: () => new Date(at) }, COMMUNITY));
    console.log(
      `  (sealed through ${report.through}: ${report.built} blocks written in ${(sealMs / 1000).toFixed(1)} s, ${report.raced} left invalid)`,
    );
  };
  const [, firstMs] = await timed(() => load(db, 0, FIRST, now));
  console.log(
    `  (${FIRST.toLocaleString('en')} messages and their aggregates written in ${(firstMs / 1000).toFixed(0)} s)`,
  );
  await seal(now);
  const profiler = values['cpu-profile'] ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.start');
  }
  const small = await measure(db, now, profiler ? 0 : SCAN_ROUNDS);
  if (profiler) {
    const { profile } = (await post(profiler, 'Profiler.stop')) as { profile: unknown };
    writeFileSync(values['cpu-profile'] ?? 'dashboard.cpuprofile', JSON.stringify(profile));
    profiler.disconnect();
  }
  const p95Small = report(FIRST, small);

  let p95Large = p95Small;
  let large = small;
  if (N > FIRST) {
    const [, restMs] = await timed(() => load(db, FIRST, N, now));
    console.log(`  (${(N - FIRST).toLocaleString('en')} more written in ${(restMs / 1000).toFixed(0)} s)`);
    await seal(now);
    large = await measure(db, now);
    p95Large = report(N, large);
  }

  const speedup = pct(large.scan, 50) / Math.max(pct(large.dashboard, 50), pct(large.insights, 50));
  console.log('\nTargets (issue 11):');
  const ok = (b: boolean) => (b ? 'PASS' : 'FAIL');
  console.log(`  ${ok(p95Large <= 50)} routes' p95 ≤ 50 ms at ${N.toLocaleString('en')} (${ms(p95Large)})`);
  console.log(
    `  ${ok(speedup >= 20)} ≥ 20× faster than the scan at ${N.toLocaleString('en')} (${speedup.toFixed(1)}×)`,
  );
  console.log(
    `  ${ok(p95Large <= p95Small * 1.5 + 5)} flat from ${FIRST.toLocaleString('en')} to ${N.toLocaleString('en')} (p95 ${ms(p95Small)} → ${ms(p95Large)})`,
  );
  setDeps(undefined);
  await dynamo.close();
}

await main();
