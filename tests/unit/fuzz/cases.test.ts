import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes, type AnyRoute, type RouteName } from '@kehila/shared';
import { casesFor, type FuzzCase } from '../../support/fuzz/cases';
import { fuzzContext } from '../../support/fuzz/context';
import { expectedStatuses, judge } from '../../support/fuzz/oracle';
import { fuzzSeed, Rng } from '../../support/fuzz/rng';
import { defOf } from '../../support/fuzz/schemas';

const names = Object.keys(routes) as RouteName[];
const ctx = fuzzContext('fuzz-community', { msgId: 'fuzz-msg', importId: 'fuzz-import', connectionId: 'fuzz-conn' });
const generate = (seed: number, count: number) =>
  new Map(names.map((n) => [n, casesFor(n, ctx, new Rng(seed).fork(n), count)] as const));

/** The fuzz test's own guarantees: the same seed, the same requests; and every request is one the contract refuses. */
// Generating and judging every route's cases takes seconds on a loaded two-core machine; the default 5 s
// timeout is a hang guard, not a figure, so these tests get a longer one.
const GENERATION_TIMEOUT_MS = 60_000;

describe('fuzz cases from the route declarations', () => {
  const cases = generate(7, 200);

  it('makes the same requests for the same seed, and other ones for another seed', () => {
    const fingerprint = (list: readonly FuzzCase[]) =>
      list.map(
        (c) =>
          `${c.method} ${c.target} ${JSON.stringify(c.headers)} ${createHash('sha1').update(c.body).digest('hex')}`,
      );
    const once = generate(7, 20);
    const again = generate(7, 20);
    const other = generate(8, 20);
    for (const n of names) {
      expect(fingerprint(again.get(n) ?? [])).toEqual(fingerprint(once.get(n) ?? []));
      expect(fingerprint(other.get(n) ?? [])).not.toEqual(fingerprint(once.get(n) ?? []));
    }
  }, GENERATION_TIMEOUT_MS);

  it('makes 200 requests per route, each refused by the contract or by what it carries', () => {
    for (const n of names) {
      const list = cases.get(n) ?? [];
      expect(list).toHaveLength(200);
      for (const c of list) {
        const judged = judge(c);
        expect(judged.route).toBe(c.verdict.route);
        // The fuzzer adds one thing the contract cannot know: a well-formed community id that is not the seeded one.
        if (c.verdict.stage === 'community') expect(c.verdict.params?.communityId).not.toBe('fuzz-community');
        else expect(judged.stage).toBe(c.verdict.stage);
        if (!c.verdict.stage) expect(c.verdict.route).toBe(n);
        expect(c.allowed.length).toBeGreaterThan(0);
        expect(c.allowed.every((s) => s >= 200 && s < 500)).toBe(true);
      }
    }
  }, GENERATION_TIMEOUT_MS);

  it('refuses a request the contract takes for its cursor only when the target still carries the cursor', () => {
    // Seed 20 once cut a cursor off with a fragment (`/messages#x?cursor=…`) and expected a 400 for it.
    for (const seed of [7, 20]) {
      for (const n of names) {
        const query = (routes[n] as AnyRoute).query;
        if (!query || !('cursor' in (defOf(query).shape ?? {}))) continue;
        for (const c of casesFor(n, ctx, new Rng(seed).fork(n), 200)) {
          if (!c.verdict.stage) expect(judge(c).query?.cursor, c.target).toBeDefined();
        }
      }
    }
  });

  it('damages bodies, parameters, query strings, envelopes and signatures across the routes', () => {
    const kinds = new Set([...cases.values()].flat().map((c) => c.kind));
    expect([...kinds].sort()).toEqual(
      [
        'body',
        'cursor',
        'json',
        'media',
        'no-body',
        'params',
        'path',
        'query',
        'size',
        'unknown-query',
        'webhook',
      ].sort(),
    );
    const stages = new Set([...cases.values()].flat().map((c) => c.verdict.stage));
    for (const s of ['route', 'size', 'no-body', 'media', 'unknown-query', 'params', 'query', 'json', 'body', null]) {
      expect(stages).toContain(s);
    }
  });

  it('sends signed webhook bodies whose group ids are past the table’s key limit yet still group ids', () => {
    const signed = (cases.get('whatsappWebhook') ?? []).filter((c) => c.label.includes('signature valid'));
    const longGroupIds = signed.flatMap((c) =>
      [...c.body.toString('utf8').matchAll(/"([^"]*@g\.us)"/g)].map((m) => m[1] ?? '').filter((g) => g.length > 2048),
    );
    expect(longGroupIds.length).toBeGreaterThan(0);
    expect(longGroupIds.every((g) => g.startsWith('1'))).toBe(true);
  });

  it('expects 401 of a caller without a user and 403 of a weaker role once the envelope and path pass', () => {
    const bodyCase = (cases.get('updateCommunityInfo') ?? []).find((c) => c.verdict.stage === 'body');
    const sizeCase = (cases.get('updateCommunityInfo') ?? []).find((c) => c.verdict.stage === 'size');
    expect(bodyCase && sizeCase).toBeTruthy();
    if (!bodyCase || !sizeCase) return;
    expect(expectedStatuses(bodyCase.verdict, 'anonymous', bodyCase.allowed)).toEqual([401]);
    expect(expectedStatuses(bodyCase.verdict, 'member', bodyCase.allowed)).toEqual([403]);
    expect(expectedStatuses(bodyCase.verdict, 'admin', bodyCase.allowed)).toEqual([400]);
    expect(expectedStatuses(sizeCase.verdict, 'anonymous', sizeCase.allowed)).toEqual([401]);
    expect(expectedStatuses(sizeCase.verdict, 'member', sizeCase.allowed)).toEqual([413]);
  });
});

describe('the fuzz seed', () => {
  it('is the fixed default unless FUZZ_SEED names another', () => {
    expect(fuzzSeed(undefined, 42)).toBe(42);
    expect(fuzzSeed('', 42)).toBe(42);
    expect(fuzzSeed('7', 42)).toBe(7);
    expect(fuzzSeed('0x10', 42)).toBe(16);
    expect(() => fuzzSeed('seven', 42)).toThrow(/FUZZ_SEED/);
  });

  it('gives the same sequence for the same seed', () => {
    const a = new Rng(1);
    const b = new Rng(1);
    expect(Array.from({ length: 5 }, () => a.u32())).toEqual(Array.from({ length: 5 }, () => b.u32()));
    expect(new Rng(1).fork('x').u32()).not.toBe(new Rng(1).fork('y').u32());
  });
});
