import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyHash, signBody, verifySignature } from '@kehila/functions/core/billing/signature';

const secret = 'whsec-test';
const body = '{"meta":{"event_name":"subscription_created"},"data":{"id":"1"}}';
const good = createHmac('sha256', secret).update(body).digest('hex');

describe('Lemon Squeezy webhook signature (X-Signature: hex HMAC-SHA256 of the raw body)', () => {
  it('signs as Lemon Squeezy does', () => {
    expect(signBody(body, secret)).toBe(good);
  });

  it.each([
    ['the right signature', body, good, true],
    ['upper-case hex', body, good.toUpperCase(), true],
    ['a tampered body', body.replace('1', '2'), good, false],
    ['another secret', body, createHmac('sha256', 'other').update(body).digest('hex'), false],
    ['no header', body, undefined, false],
    ['an empty header', body, '', false],
    ['not hex', body, 'z'.repeat(64), false],
    ['a truncated signature', body, good.slice(0, 32), false],
  ])('%s → %s', (_n, b, sig, expected) => {
    expect(verifySignature(b, sig, secret)).toBe(expected);
  });

  it('refuses everything without a secret', () => {
    expect(verifySignature(body, good, '')).toBe(false);
  });

  it('identifies a body by its SHA-256', () => {
    expect(bodyHash(body)).toMatch(/^[0-9a-f]{64}$/);
    expect(bodyHash(body)).toBe(bodyHash(body));
    expect(bodyHash(body)).not.toBe(bodyHash(`${body} `));
  });
});
