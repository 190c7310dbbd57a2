import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteName } from '@kehila/shared';
import { hmacHex } from '@kehila/functions/adapters/whatsapp/signatures';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { LOCAL_BILLING_WEBHOOK_SECRET } from '@kehila/functions/core/billing/settings';
import { encodeCursor } from '@kehila/functions/core/cursor';
import { keys } from '@kehila/functions/data/keys';
import type { FuzzContext, Signature } from './cases';
import type { Rng } from './rng';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'whatsapp');

/** Genuine webhook bodies to damage: the recorded gateway fixtures, and billing events of nobody known here. */
function webhookSamples(name: RouteName, provider: string | undefined): readonly string[] {
  if (name === 'billingWebhook') {
    const event = (eventName: string, attributes: Record<string, unknown>) =>
      JSON.stringify({
        meta: { event_name: eventName, test_mode: true, custom_data: { user_id: 'nobody-known-here' } },
        data: { type: 'subscriptions', id: 'sub-fuzz', attributes },
      });
    return [
      event('subscription_created', {
        customer_id: 777,
        variant_id: 1,
        variant_name: 'Pro',
        user_email: 'nobody-known-here@example.com',
        status: 'active',
        renews_at: '2027-01-01T00:00:00.000000Z',
        ends_at: null,
        updated_at: '2026-01-01T00:00:00.000000Z',
      }),
      event('subscription_payment_failed', { subscription_id: 'sub-fuzz', updated_at: '2026-01-01T00:00:00Z' }),
      event('order_created', { total: 1000 }),
    ];
  }
  return provider ? (FIXTURE_BODIES[provider] ?? ['{}']) : ['{}'];
}

/** The recorded webhook bodies of each gateway (tests/fixtures/whatsapp/<provider>/*.json), read once. */
const FIXTURE_BODIES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ['waha', 'green', 'evolution', 'meta'].map((provider) => {
    const dir = join(FIXTURES, provider);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    return [provider, files.map((f) => readFileSync(join(dir, f), 'utf8'))];
  }),
);

const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

/** A webhook's authentication headers: right, or wrong in one of the ways a forger would try. */
function webhookHeaders(
  name: RouteName,
  provider: string | undefined,
  body: Buffer,
  signature: Exclude<Signature, 'none'>,
  rng: Rng,
): Record<string, string> {
  const s = LOCAL_WHATSAPP_SECRETS;
  const valid = signature === 'valid';
  const wrongHex = (right: string) =>
    rng.pick([flip(right), right.slice(0, -2), `${right}00`, rng.bytes(right.length / 2).toString('hex'), '', 'zz']);
  const hex = (alg: 'sha256' | 'sha512', key: string) =>
    valid ? hmacHex(alg, key, body) : wrongHex(hmacHex(alg, key, body));
  const token = (right: string) =>
    valid ? right : rng.pick([`${right}x`, right.toUpperCase(), right.slice(1), 'wrong', ` ${right}-`]);
  if (name === 'billingWebhook') return { 'x-signature': hex('sha256', LOCAL_BILLING_WEBHOOK_SECRET) };
  switch (provider) {
    case 'waha':
      return { 'x-webhook-hmac': hex('sha512', s.waha.hmacKey), 'x-webhook-hmac-algorithm': 'sha512' };
    case 'green':
      return { authorization: `Bearer ${token(s.green.webhookToken)}` };
    case 'evolution':
      return { apikey: token(s.evolution.apiKey) };
    case 'meta':
      return { 'x-hub-signature-256': `sha256=${hex('sha256', s.meta.appSecret)}` };
    default:
      return {};
  }
}

/** Cursors no page returned: malformed or of another community (`bad`), or of a valid shape (`shaped`). */
function cursors(communityId: string, msgId: string, rng: Rng): { bad: string[]; shaped: string[] } {
  const pk = keys.messagePartition(communityId);
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  return {
    bad: [
      rng.bytes(rng.between(1, 300)).toString('base64url'),
      rng.bytes(rng.between(1, 60)).toString('base64'),
      '!!!',
      'a b',
      '%%%',
      'x'.repeat(2049),
      b64('null'),
      b64('[]'),
      b64('{}'),
      b64('"x"'),
      b64('{"v":1}'),
      b64('{"v":1,"m":"table"'),
      encodeCursor({ v: 1, m: 'table', k: { pk: keys.messagePartition('another-community'), sk: 'x' } }),
      encodeCursor({ v: 2, m: 'table', k: { pk, sk: '2026-01-01' } }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: 'x'.repeat(301) } }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: 5 } }),
      encodeCursor({ v: 1, m: 'table', k: { pk } }),
      encodeCursor({ v: 1, m: 'search', c: 5 }),
      encodeCursor({ v: 1, m: 'search', c: 'x'.repeat(2049) }),
      encodeCursor({ v: 1, m: 'other' }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: 'x' }, extra: '__proto__' }).slice(0, -3),
    ],
    shaped: [
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: '' } }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: '\u0000' } }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: 'zzzz' } }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: `2026-01-15T10:00:00.000Z#${msgId}` } }),
      encodeCursor({ v: 1, m: 'table', k: { pk, sk: '1999-01-01T00:00:00.000Z#x' } }),
      encodeCursor({ v: 1, m: 'search', c: rng.bytes(rng.between(1, 40)).toString('base64url') }),
      encodeCursor({ v: 1, m: 'search', c: encodeCursor(['x', 1]) }),
      encodeCursor({ v: 1, m: 'search', c: encodeCursor([1e308, -1]) }),
      encodeCursor({ v: 1, m: 'search', c: encodeCursor(['', '', '']) }),
    ],
  };
}

/** Authorization headers of a caller without a user: none, malformed, forged, or a token of the wrong kind. */
export function anonymousAuthorization(rng: Rng, member: { idToken: string; accessToken: string }): string | undefined {
  const [h, p, s] = member.idToken.split('.');
  return rng.pick([
    undefined,
    undefined,
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic dXNlcjpwYXNz',
    `Bearer ${h}.${p}.${flip(s ?? '')}`,
    `Bearer ${h}.${Buffer.from('{"sub":"someone","token_use":"id"}').toString('base64url')}.${s}`,
    `Bearer ${member.accessToken}`,
    `Bearer ${'a'.repeat(10_000)}`,
    `Bearer ${h}.${p}`,
    `bearer ${h}..${s}`,
  ]);
}

/**
 * What the fuzzer knows of the local stack it sends to: the seeded community and object ids, the
 * gateways' recorded webhook bodies and the local webhook secrets (to sign, or to sign wrongly),
 * and the cursor format (to make cursors no page returned).
 */
export function fuzzContext(
  communityId: string,
  ids: { msgId: string; importId: string; connectionId: string },
): FuzzContext {
  const evolutionKey = Buffer.from(LOCAL_WHATSAPP_SECRETS.evolution.apiKey);
  return {
    communityId,
    ids,
    webhookSamples,
    webhookHeaders,
    // Evolution also takes its apikey from the body: an unsigned body must not carry the real one.
    unsign: (body) => {
      const at = body.indexOf(evolutionKey);
      if (at < 0) return body;
      const out = Buffer.from(body);
      out.fill('x'.charCodeAt(0), at, at + evolutionKey.length);
      return out;
    },
    cursors: (rng) => cursors(communityId, ids.msgId, rng),
  };
}
