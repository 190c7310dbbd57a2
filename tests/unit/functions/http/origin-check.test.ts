import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { route } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import type { Deps } from '@kehila/functions/core/deps';
import { ORIGIN_VERIFY_HEADER, matchesOriginSecret } from '@kehila/functions/http/origin-check';
import { createAreaHandler, implement, type HttpEvent } from '@kehila/functions/http/route-handler';
import { setDeps } from '@kehila/functions/wiring/deps';

const CURRENT = 'c'.repeat(20) + 'urrent-value-of-the-origin-secret';
const PREVIOUS = 'p'.repeat(20) + 'revious-value-of-the-origin-secret';
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginVerifySecret-AbCdEf';

describe('origin secret matching', () => {
  it('accepts the current value and, during a rotation, the previous one', () => {
    expect(matchesOriginSecret(CURRENT, JSON.stringify({ current: CURRENT }))).toBe(true);
    const rotating = JSON.stringify({ current: CURRENT, previous: PREVIOUS });
    expect(matchesOriginSecret(CURRENT, rotating)).toBe(true);
    expect(matchesOriginSecret(PREVIOUS, rotating)).toBe(true);
    expect(matchesOriginSecret(PREVIOUS, JSON.stringify({ current: CURRENT }))).toBe(false);
  });

  it('refuses a missing, empty, wrong or merely prefixed value', () => {
    const secret = JSON.stringify({ current: CURRENT });
    for (const presented of [undefined, '', 'nope', CURRENT.slice(0, -1), `${CURRENT}x`, CURRENT.toUpperCase()]) {
      expect(matchesOriginSecret(presented, secret), String(presented)).toBe(false);
    }
  });

  it('fails loudly on a secret that is not {"current": ...} of at least 32 characters', () => {
    expect(() => matchesOriginSecret(CURRENT, 'not json')).toThrow(/not JSON/);
    expect(() => matchesOriginSecret(CURRENT, JSON.stringify({ value: CURRENT }))).toThrow(/"current"/);
    expect(() => matchesOriginSecret('short', JSON.stringify({ current: 'short' }))).toThrow(/32 characters/);
  });
});

const ping = route({
  method: 'POST',
  path: '/api/ping',
  auth: 'public',
  area: 'system',
  summary: 'test route',
  body: z.object({ n: z.number() }),
  response: z.object({ n: z.number() }),
});

describe('area handler behind CloudFront', () => {
  const ran = vi.fn();
  const handler = createAreaHandler(
    [
      implement(ping, async ({ body }) => {
        ran(body.n);
        return { n: body.n };
      }),
    ],
    {},
  );
  const ctx = { functionName: 'test', awsRequestId: '1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
  const call = async (headers: Record<string, string>, body = '{"n":1}') => {
    const event: HttpEvent = {
      routeKey: 'POST /api/ping',
      rawPath: '/api/ping',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      isBase64Encoded: false,
      requestContext: { requestId: 'r1', http: { method: 'POST', path: '/api/ping', sourceIp: '198.51.100.7' } },
    };
    const res = await handler(event, ctx);
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  let secretString = JSON.stringify({ current: CURRENT });
  const secretsManager = vi.fn(async (request: Request) => {
    expect(request.headers.get('x-amz-target')).toBe('secretsmanager.GetSecretValue');
    expect(await request.json()).toEqual({ SecretId: SECRET_ARN });
    return new Response(JSON.stringify({ SecretString: secretString }), { status: 200 });
  });

  beforeEach(() => {
    ran.mockClear();
    secretsManager.mockClear();
    secretString = JSON.stringify({ current: CURRENT });
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubGlobal('fetch', secretsManager);
    setDeps({
      config: loadConfig({
        STAGE: 'cloud',
        AWS_REGION: 'eu-west-1',
        TABLE_NAME: 't',
        ORIGIN_VERIFY_SECRET_NAME: SECRET_ARN,
      }),
      now: () => new Date(),
    } as unknown as Deps);
  });
  afterEach(() => {
    setDeps(undefined);
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("refuses with 403 a request without CloudFront's header, before reading its body", async () => {
    expect(await call({}, 'not even json')).toEqual({ status: 403, body: { message: 'Forbidden', code: 'forbidden' } });
    expect(await call({ [ORIGIN_VERIFY_HEADER]: 'guessed' })).toMatchObject({ status: 403 });
    expect(ran).not.toHaveBeenCalled();
  });

  it("serves a request carrying CloudFront's header, reading the secret once for many requests", async () => {
    expect(await call({ [ORIGIN_VERIFY_HEADER]: CURRENT })).toEqual({ status: 200, body: { n: 1 } });
    expect(await call({ [ORIGIN_VERIFY_HEADER]: CURRENT }, '{"n":2}')).toEqual({ status: 200, body: { n: 2 } });
    expect(ran.mock.calls).toEqual([[1], [2]]);
    expect(secretsManager).toHaveBeenCalledTimes(1);
  });

  it('accepts the previous value while a rotation is under way', async () => {
    secretString = JSON.stringify({ current: CURRENT, previous: PREVIOUS });
    setDeps({
      config: loadConfig({ STAGE: 'cloud', TABLE_NAME: 't', ORIGIN_VERIFY_SECRET_NAME: SECRET_ARN }),
      now: () => new Date(),
    } as unknown as Deps);
    expect((await call({ [ORIGIN_VERIFY_HEADER]: PREVIOUS })).status).toBe(200);
    expect((await call({ [ORIGIN_VERIFY_HEADER]: CURRENT })).status).toBe(200);
  });

  it('takes every request where the deployment names no origin secret (the local stack)', async () => {
    setDeps({ config: loadConfig({ STAGE: 'local', TABLE_NAME: 't' }), now: () => new Date() } as unknown as Deps);
    expect((await call({})).status).toBe(200);
    expect(secretsManager).not.toHaveBeenCalled();
  });
});
