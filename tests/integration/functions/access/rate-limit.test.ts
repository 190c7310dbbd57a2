import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { AppError } from '@kehila/functions/core/errors';
import { emailRateSubject, enforceRateLimit, rateSubject } from '@kehila/functions/core/access/rate-limit';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';
import { api, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';

/** Takes one request at a fixed time; the 429's seconds to wait, or null when it fits. */
async function take(deps: Deps, at: number, subject: string, limit = { bucket: `t-${subject}`, limit: 3, windowSeconds: 60 }) {
  try {
    await enforceRateLimit({ db: deps.db, now: () => new Date(at * 1000) }, limit, subject);
    return null;
  } catch (err) {
    if (err instanceof AppError && err.kind === 'too_many_requests') return err.retryAfter ?? -1;
    throw err;
  }
}

describe('per-user rate limits', () => {
  let deps: Deps;
  beforeAll(() => {
    deps = useStackEnv();
  });

  it('lets `limit` requests through in a window, then answers how long to wait, and opens again in the next window', async () => {
    const subject = `u:${crypto.randomUUID()}`;
    const windowStart = 1_800_000_000; // a multiple of 60
    expect(await take(deps, windowStart + 10, subject)).toBeNull();
    expect(await take(deps, windowStart + 11, subject)).toBeNull();
    expect(await take(deps, windowStart + 12, subject)).toBeNull();
    expect(await take(deps, windowStart + 15, subject)).toBe(45);
    expect(await take(deps, windowStart + 59, subject)).toBe(1);
    expect(await take(deps, windowStart + 60, subject)).toBeNull();
  });

  it('counts each caller apart, and never lets concurrent requests take more than the limit', async () => {
    const [a, b] = [`u:${crypto.randomUUID()}`, `u:${crypto.randomUUID()}`];
    const limit = { bucket: 'concurrent', limit: 3, windowSeconds: 60 };
    const at = 1_800_000_120;
    const results = await Promise.all(Array.from({ length: 12 }, () => take(deps, at, a, limit)));
    expect(results.filter((r) => r === null)).toHaveLength(3);
    expect(await take(deps, at, b, limit)).toBeNull();
  });

  it('keys anonymous callers by a digest of their address, never the address itself', () => {
    const subject = rateSubject(null, '203.0.113.7');
    expect(subject).toMatch(/^ip:[A-Za-z0-9_-]{22}$/);
    expect(subject).not.toContain('203.0.113.7');
    expect(rateSubject({ id: 'user-1' }, '203.0.113.7')).toBe('u:user-1');
  });

  it('keys per-account budgets by a digest of the e-mail, the same whatever its case or spaces', () => {
    const subject = emailRateSubject('Dana@Example.com ');
    expect(subject).toMatch(/^email:[A-Za-z0-9_-]{22}$/);
    expect(subject).not.toContain('dana');
    expect(emailRateSubject('dana@example.com')).toBe(subject);
    expect(emailRateSubject('noa@example.com')).not.toBe(subject);
  });

  it('answers a search past its budget with 429, the wait in Retry-After, and leaves other users alone', async () => {
    const heavy = await signedInUser('rate-heavy');
    const other = await signedInUser('rate-other');
    const communityId = (await communityWithGroup(deps, freshGroupId(), [heavy.id, other.id])).id;
    const path = `/api/communities/${communityId}/search?q=parking`;
    // Requests may straddle a window boundary: go on until the first 429 (at most two windows' worth).
    let refused: Awaited<ReturnType<typeof api>> | null = null;
    let fine = 0;
    for (let i = 0; i < RATE_LIMITS.search.limit * 2 + 1 && !refused; i++) {
      const res = await api(path, { token: heavy.token });
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(200);
        fine++;
      }
    }
    expect(refused).not.toBeNull();
    expect(fine).toBeGreaterThanOrEqual(RATE_LIMITS.search.limit);
    const wait = Number(refused!.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(RATE_LIMITS.search.windowSeconds);
    expect(refused!.body).toEqual({
      message: `For security purposes, please wait ${wait} seconds before trying again.`,
      code: 'too_many_requests',
      retryAfter: wait,
    });
    expect((await api(path, { token: other.token })).status).toBe(200);
  });
});
