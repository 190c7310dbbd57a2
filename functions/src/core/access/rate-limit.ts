import { createHash } from 'node:crypto';
import type { RateLimit } from '@kehila/shared/api/contract';
import { takeFromWindow } from '../../data/rate-limits';
import type { Deps } from '../deps';
import { fail } from '../errors';

/** The text of a 429 (S1 §8's rate-limit wording). */
export function rateLimitMessage(retryAfter: number): string {
  return `For security purposes, please wait ${retryAfter} seconds before trying again.`;
}

/**
 * Who a budget is counted for: the user, or on public routes the source address. Addresses are
 * stored only as a digest (the key must not hold a raw IP).
 */
export function rateSubject(user: { id: string } | null, sourceIp: string): string {
  if (user) return `u:${user.id}`;
  return `ip:${createHash('sha256').update(sourceIp, 'utf8').digest('base64url').slice(0, 22)}`;
}

/**
 * The subject of a per-account budget (`per: 'email'`): the e-mail the request names, trimmed and in
 * lower case, stored only as a digest.
 */
export function emailRateSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('base64url');
  return `email:${digest.slice(0, 22)}`;
}

/** Takes one request from the caller's budget of a route, or answers 429 with the seconds to wait. */
export async function enforceRateLimit(
  deps: Pick<Deps, 'db' | 'now'>,
  limit: RateLimit,
  subject: string,
): Promise<void> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const start = nowSeconds - (nowSeconds % limit.windowSeconds);
  const fits = await takeFromWindow(deps.db, {
    bucket: limit.bucket,
    subject,
    start,
    seconds: limit.windowSeconds,
    limit: limit.limit,
  });
  if (!fits) {
    const retryAfter = Math.max(1, start + limit.windowSeconds - nowSeconds);
    throw fail.tooManyRequests(rateLimitMessage(retryAfter), retryAfter);
  }
}
