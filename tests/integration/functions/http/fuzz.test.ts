import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, routes, type AnyRoute, type Profile, type RateLimit, type RouteName } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { createCommunity } from '@kehila/functions/data/communities';
import type { Db } from '@kehila/functions/data/db';
import { putMember } from '@kehila/functions/data/memberships';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import { createProfile } from '@kehila/functions/data/profiles';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../../infra/local/engines/net';
import { createApiGateway, type AreaHandler } from '../../../../infra/local/gateway';
import { casesFor, stageCounts, type FuzzCase } from '../../../support/fuzz/cases';
import { anonymousAuthorization, fuzzContext } from '../../../support/fuzz/context';
import { BEFORE_ROLE, expectedStatuses, standing, type Caller } from '../../../support/fuzz/oracle';
import { fuzzSeed, Rng } from '../../../support/fuzz/rng';
import { operatorUser } from '../accounts/users';
import { freshTable, inProcessGatewayOptions, loadAreaHandler, signIn, stack } from '../../support';

/** The fixed seed of the run; FUZZ_SEED replays another one. */
const SEED = fuzzSeed(process.env.FUZZ_SEED, 0x6b65686c);
/** Malformed requests per route (each sent as every caller). */
const PER_ROUTE = 200;
/** Requests in flight at once (two cores; the table engine is the bottleneck). */
const CONCURRENCY = 8;
const CALLERS: readonly Caller[] = ['anonymous', 'member', 'admin'];

const stamp = Date.now().toString(36);
const communityId = `fuzz-${stamp}`;
const msgId = `fuzz-msg-${stamp}`;

/** Every item of a table, keyed by pk and sk, as canonical JSON (a Scan: the test reads the whole table). */
async function snapshot(tableName: string): Promise<Map<string, string>> {
  const client = new DynamoDBClient({
    region: LOCAL_REGION,
    endpoint: stack().dynamoEndpoint,
    credentials: LOCAL_CREDENTIALS,
  });
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  const out = new Map<string, string>();
  try {
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
      for (const item of page.Items ?? [])
        out.set(`${item.pk?.S ?? ''}|${item.sk?.S ?? ''}`, JSON.stringify(canonical(item)));
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    client.destroy();
  }
  return out;
}

/** Runs `tasks` with at most `limit` at once, results in order. */
async function pool<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

/** The budget a request spends (its route's rate limit, once it gets past the envelope, path and role), if any. */
function budgetOf(c: FuzzCase, caller: Caller): RateLimit | undefined {
  const route = c.verdict.route ? (routes[c.verdict.route] as AnyRoute) : undefined;
  if (!route?.rateLimit || standing(route.auth, caller) !== 'allowed') return undefined;
  // A budget per e-mail is counted once the whole request is valid, and none of these is.
  if (route.rateLimit.per === 'email') return undefined;
  return c.verdict.stage && BEFORE_ROLE.has(c.verdict.stage) ? undefined : route.rateLimit;
}

/** The nth source address of a public route's callers (the first is the loopback every other request comes from). */
const sourceAddress = (n: number) => (n === 0 ? '127.0.0.1' : `10.77.${n >> 8}.${n & 255}`);

/** A member or admin of the seeded community: a Cognito user of the local pool, in trial. */
async function seededUser(db: Db, role: 'Member' | 'Admin', i: number, now: Date) {
  const email = `fuzz-${role.toLowerCase()}-${i}-${stamp}@example.com`;
  const id = await operatorUser(email);
  const tokens = await signIn(email, 'secret1');
  const iso = now.toISOString();
  await createProfile(db, {
    id,
    username: `fuzz${i}`,
    group_id: null,
    subscription_status: null,
    subscription_plan: null,
    lemon_squeezy_customer_id: null,
    subscription_ends_at: null,
    trial_ends_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    phone_number: null,
    created_at: iso,
    updated_at: iso,
  } as Profile);
  await putMember(db, blankMember({ userId: id, communityId, role, now }));
  return { idToken: tokens.IdToken, accessToken: tokens.AccessToken };
}

interface Answer {
  readonly c: FuzzCase;
  readonly caller: Caller;
  readonly status: number;
  readonly body: string;
  /** The request reached a route handler (else the gateway answered it). */
  readonly reached: boolean;
  readonly sends: number;
}

/**
 * A seeded fuzz test driven by the route declarations: for every route, PER_ROUTE malformed
 * requests (bodies, path parameters, query strings, envelopes, webhook signatures) that the contract
 * refuses, each sent as an anonymous caller, a member and an admin of a seeded community, through
 * the local gateway's API (route match, JWT check, body limit, the API Gateway v2 event) into the
 * cloud's handlers, on a table of its own. Nothing may answer 5xx; every answer is the status the
 * contract gives for the first check the request fails, in the API's error shape (API Gateway's own
 * `{message}` where the gateway answers); no stored item changes but rate-limit windows and what
 * accepted signed deliveries record; no queue message is sent; and no input is cut short by a rate
 * limit (rate-limited requests are spread over enough users).
 */
describe('fuzzing every route of the contract', () => {
  const rng = new Rng(SEED);
  const names = Object.keys(routes) as RouteName[];
  const ctx = fuzzContext(communityId, { msgId, importId: `fuzz-import-${stamp}`, connectionId: `fuzz-conn-${stamp}` });
  let cases: FuzzCase[][] = [];
  const current = new AsyncLocalStorage<string>();
  const reached = new Set<string>();
  const sent: (string | undefined)[] = [];
  let tableName = '';
  let send: (c: FuzzCase, caller: Caller, authorization: string | undefined) => Promise<Answer>;
  /** Who sends each request of a member or admin: the nth user of the role, by the budget it spends. */
  const userOf = new Map<string, number>();
  const users: Record<'member' | 'admin', { idToken: string; accessToken: string }[]> = { member: [], admin: [] };

  beforeAll(async () => {
    cases = names.map((name) => casesFor(name, ctx, rng.fork(name), PER_ROUTE));
    Object.assign(process.env, stack().env);
    const db = await freshTable();
    tableName = db.table;
    process.env.TABLE_NAME = tableName;
    const queues: QueueClient = {
      async send() {
        sent.push(current.getStore());
      },
      async sendBatch(_queue, bodies) {
        for (let i = 0; i < bodies.length; i++) sent.push(current.getStore());
      },
    };
    setDeps(createLocalDeps(loadConfig(), { db, queues }));

    const spent = new Map<string, number>();
    let needed = 1;
    for (const c of cases.flat()) {
      // A public route has no authorizer: every caller counts against its source address, so those
      // requests are spread over addresses as the others are spread over users.
      const byAddress = routes[c.name].auth === 'public';
      for (const caller of ['member', 'admin', 'anonymous'] as const) {
        const budget = budgetOf(c, caller);
        if (!budget || (caller === 'anonymous' && !byAddress)) continue;
        const spender = byAddress ? 'address' : caller;
        const n = spent.get(`${spender}:${budget.bucket}`) ?? 0;
        spent.set(`${spender}:${budget.bucket}`, n + 1);
        userOf.set(`${c.name}#${c.index}#${caller}`, Math.floor(n / budget.limit));
        if (!byAddress) needed = Math.max(needed, Math.floor(n / budget.limit) + 1);
      }
    }
    const now = new Date();
    await createCommunity(db, blankCommunity({ id: communityId, name: 'Fuzz', groupId: null, ownerId: null, now }));
    const made = await pool(
      Array.from({ length: needed * 2 }, (_, i) => () => seededUser(db, i % 2 ? 'Admin' : 'Member', i >> 1, now)),
      4,
    );
    made.forEach((u, i) => users[i % 2 ? 'admin' : 'member'].push(u));
    await putMessageIfNew(db, {
      communityId,
      message: {
        msg_id: msgId,
        group_id: '120363099999999999@g.us',
        content: 'A message the fuzz test must never change',
        timestamp: '2026-01-15T10:00:00.000Z',
        Sender_name: 'Dana',
        sender_hash: 'fuzz-sender',
        topic: null,
        keywords: [],
        urgency: 'low',
        sentiment: 0,
        action_items: [],
        emotion: 'neutral',
        intent: 'social',
        cluster_id: null,
        toxicity: 0,
      },
      senderKey: 'fuzz',
      provider: 'waha',
      providerMessageId: msgId,
      receivedAt: now.toISOString(),
    });

    // The gateway's API part, in this process: its handlers run on the deps set above.
    const api = await createApiGateway(
      inProcessGatewayOptions(async (area): Promise<AreaHandler> => {
        const handler = await loadAreaHandler(area);
        return (event, context) => {
          const key = current.getStore();
          if (key) reached.add(key);
          return handler(event, context);
        };
      }),
    );
    send = async (c, caller, authorization) => {
      const key = `${c.name}#${c.index}#${caller}`;
      const result = await current.run(key, () =>
        api({
          method: c.method,
          target: c.target,
          headers: {
            host: 'localhost',
            'user-agent': 'kehila-fuzz',
            ...(c.body.length ? { 'content-length': String(c.body.length) } : {}),
            ...(authorization === undefined ? {} : { authorization }),
            ...c.headers,
          },
          sourceIp: routes[c.name].auth === 'public' ? sourceAddress(userOf.get(key) ?? 0) : '127.0.0.1',
          readBody: async (limit) => (c.body.length > limit ? null : c.body),
        }),
      );
      return {
        c,
        caller,
        status: result.statusCode,
        body: result.body,
        reached: reached.has(key),
        sends: sent.filter((k) => k === key).length,
      };
    };
  }, 300_000);

  it('answers every malformed request with the contract’s 4xx, never a 5xx, and changes nothing', async () => {
    const before = await snapshot(tableName);
    const anonymous = rng.fork('anonymous');
    const tasks = cases.flat().flatMap((c) =>
      CALLERS.map((caller) => {
        const authorization =
          caller === 'anonymous'
            ? anonymousAuthorization(anonymous, users.member[0] ?? { idToken: '', accessToken: '' })
            : `Bearer ${users[caller][userOf.get(`${c.name}#${c.index}#${caller}`) ?? 0]?.idToken ?? ''}`;
        return () => send(c, caller, authorization);
      }),
    );
    const started = performance.now();
    const answers = await pool(tasks, CONCURRENCY);
    const seconds = (performance.now() - started) / 1000;
    const after = await snapshot(tableName);

    // Violations grouped by what went wrong where, one example each, so a report stays readable.
    const groups = new Map<string, { n: number; example: string }>();
    const violation = (group: string, example: string) => {
      const g = groups.get(group);
      if (g) g.n++;
      else groups.set(group, { n: 1, example });
    };
    const statuses: Record<string, number> = {};
    const limited = new Set<FuzzCase>();
    let dropped = 0;
    let unknownBilling = 0;
    for (const a of answers) {
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      const where = `${a.c.name} #${a.c.index} as ${a.caller}: ${a.c.method} ${a.c.target.slice(0, 160)} (${a.c.label.slice(0, 160)})`;
      const kind = `${a.c.name} ${a.c.kind}→${a.c.verdict.stage ?? 'semantic'}`;
      const expected = expectedStatuses(a.c.verdict, a.caller, a.c.allowed);
      let parsed: unknown;
      try {
        parsed = JSON.parse(a.body);
      } catch {
        parsed = undefined;
      }
      if (a.status >= 500) violation(`${a.status} on ${kind}`, `${where}: ${a.body.slice(0, 300)}`);
      else if (a.status !== 429 && !expected.includes(a.status)) {
        violation(
          `${a.status} (expected ${expected.join('/')}) on ${kind} as ${a.caller}`,
          `${where}: ${a.body.slice(0, 200)}`,
        );
      }
      if (a.status >= 400 && a.status < 500 && !ApiErrorSchema.safeParse(parsed).success) {
        // Where the gateway itself answers (no route, the JWT check), API Gateway's own body is `{"message": ...}`.
        const gatewayOwn =
          !a.reached &&
          JSON.stringify(parsed) === JSON.stringify({ message: a.status === 401 ? 'Unauthorized' : 'Not Found' });
        if (!gatewayOwn) violation(`error body not in the API's shape on ${kind}`, `${where}: ${a.body.slice(0, 200)}`);
      }
      if (a.status < 300 && a.c.name === 'whatsappWebhook')
        dropped += Number((parsed as { dropped?: number }).dropped ?? 0);
      if (a.status < 300 && a.c.name === 'billingWebhook' && (parsed as { ok?: boolean }).ok === false)
        unknownBilling++;
      // No community here owns a group, so not even an accepted delivery may queue anything.
      if (a.sends > 0) violation(`queue messages sent on ${kind}`, where);
      if (a.status === 429 && a.c.verdict.route && standing(routes[a.c.verdict.route].auth, a.caller) === 'allowed') {
        limited.add(a.c);
      }
    }

    // Only rate-limit windows may change, and what accepted signed deliveries record: the count of
    // events of groups nobody owns, and a receipt per billing event of a user unknown here.
    const changed: string[] = [];
    let droppedCounted = 0;
    let receipts = 0;
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      if (key.startsWith('RATE#') || before.get(key) === after.get(key)) continue;
      if (key.startsWith('STATS#webhooks|DROPPED#') && !before.has(key)) {
        droppedCounted += Number((JSON.parse(after.get(key) ?? '{}') as { count?: { N?: string } }).count?.N ?? 0);
      } else if (key.startsWith('WEBHOOK#billing|') && !before.has(key)) receipts++;
      else changed.push(`${before.has(key) ? (after.has(key) ? 'changed' : 'removed') : 'added'} ${key}`);
    }

    const counts = (o: Record<string, number>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
    console.log(
      [
        `fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it): ${answers.length} requests to ${names.length} routes in ${seconds.toFixed(1)} s (${Math.round(answers.length / seconds)}/s)`,
        `statuses: ${counts(statuses)}`,
        `first check failed: ${counts(stageCounts(cases.flat()))}`,
        `${users.member.length} members, ${users.admin.length} admins; accepted signed deliveries recorded ${droppedCounted} dropped events, ${receipts} billing receipts`,
      ].join('\n'),
    );

    const report = [...groups].map(([group, { n, example }]) => `${n}× ${group}\n    e.g. ${example}`);
    expect(report, `${report.length} kinds of violation`).toEqual([]);
    expect(changed).toEqual([]);
    expect(droppedCounted).toBe(dropped);
    expect(receipts).toBe(unknownBilling);
    for (const list of cases) {
      const validated = list.filter((c) => !limited.has(c)).length;
      expect(validated, `${list[0]?.name}: inputs validated, not cut short by a rate limit`).toBeGreaterThanOrEqual(
        PER_ROUTE,
      );
    }
  }, 300_000);
});
