import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { route } from '@kehila/shared';
import { createAreaHandler, HttpReply, implement, type HttpEvent } from '@kehila/functions/http/route-handler';
import { setDeps } from '@kehila/functions/wiring/deps';
import { loadConfig } from '@kehila/functions/core/config';
import { type Deps } from '@kehila/functions/core/deps';
import { fail } from '@kehila/functions/core/errors';
import type { Context } from 'aws-lambda';

const echo = route({
  method: 'POST',
  path: '/api/echo/{name}',
  auth: 'user',
  area: 'system',
  summary: 'test route',
  params: z.object({ name: z.string().min(2, 'Name is too short') }),
  query: z.object({ times: z.coerce.number().int().default(1) }),
  body: z.object({ text: z.string({ error: 'Text is required' }) }),
  response: z.object({ out: z.string(), by: z.string() }),
});
const open = route({
  method: 'GET',
  path: '/api/open',
  auth: 'public',
  area: 'system',
  summary: 'x',
  response: z.object({ n: z.number() }),
});
const raw = route({
  method: 'POST',
  path: '/api/raw',
  auth: 'webhook',
  area: 'system',
  summary: 'x',
  body: 'raw',
  response: z.object({}),
});

const small = route({
  method: 'POST',
  path: '/api/small',
  auth: 'public',
  area: 'system',
  summary: 'x',
  maxBodyBytes: 10,
  body: z.object({ a: z.string() }),
  response: z.object({}),
});
const bare = route({
  method: 'POST',
  path: '/api/bare',
  auth: 'public',
  area: 'system',
  summary: 'x',
  response: z.object({}),
});

const handler = createAreaHandler(
  [
    implement(echo, async ({ params, query, body, user }) => ({
      out: body.text.repeat(query.times) + params.name,
      by: user.id,
    })),
    implement(open, async () => ({ n: 'not a number' }) as unknown as { n: number }),
    implement(raw, async ({ body }) => {
      if (body.toString('utf8') === 'teapot') throw fail.forbidden('No tea');
      return new HttpReply(200, `got ${body.length}`);
    }),
    implement(small, async () => ({})),
    implement(bare, async () => ({})),
  ],
  {},
);

function event(over: Partial<HttpEvent> & { claims?: Record<string, string> }): HttpEvent {
  const { claims, ...rest } = over;
  return {
    routeKey: 'POST /api/echo/{name}',
    rawPath: '/api/echo/dana',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r1',
      http: { method: 'POST', path: '/api/echo/dana', sourceIp: '127.0.0.1' },
      ...(claims ? { authorizer: { jwt: { claims: { token_use: 'id', ...claims } } } } : {}),
    },
    ...rest,
  };
}
const ctx = { functionName: 'test', awsRequestId: '1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const call = async (e: HttpEvent) => {
  const res = await handler(e, ctx);
  let body: Record<string, unknown> = {};
  if (res.headers['content-type']?.startsWith('application/json'))
    body = JSON.parse(res.body) as Record<string, unknown>;
  return { status: res.statusCode, body, raw: res.body };
};

describe('area handler', () => {
  beforeEach(() =>
    setDeps({ config: loadConfig({ STAGE: 'local', TABLE_NAME: 't' }), now: () => new Date() } as unknown as Deps),
  );
  afterEach(() => setDeps(undefined));

  it('parses params, query and body with the contract and passes the verified user', async () => {
    const res = await call(
      event({
        pathParameters: { name: 'dana' },
        queryStringParameters: { times: '2' },
        body: '{"text":"hi "}',
        claims: { sub: 'u1' },
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { out: 'hi hi dana', by: 'u1' } });
  });

  it('answers 401 Not authenticated on a user route without claims', async () => {
    const res = await call(event({ pathParameters: { name: 'dana' }, body: '{"text":"x"}' }));
    expect(res).toMatchObject({ status: 401, body: { message: 'Not authenticated', code: 'unauthorized' } });
  });

  it("answers 400 with the schema's own message and every issue", async () => {
    const res = await call(event({ pathParameters: { name: 'd' }, body: '{}', claims: { sub: 'u1' } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Name is too short');
    expect(res.body.issues).toEqual([{ path: 'params.name', message: 'Name is too short' }]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call(event({ pathParameters: { name: 'dana' }, body: '{nope', claims: { sub: 'u1' } }));
    expect(res).toMatchObject({ status: 400, body: { message: 'Request body is not valid JSON' } });
  });

  it('refuses to send a response that breaks the contract', async () => {
    const res = await call(event({ routeKey: 'GET /api/open' }));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Something went wrong. Please try again.');
  });

  it('hands raw bodies (base64 included) to webhook routes and maps AppErrors', async () => {
    const ok = await call(
      event({ routeKey: 'POST /api/raw', body: Buffer.from('abcd').toString('base64'), isBase64Encoded: true }),
    );
    expect(ok).toMatchObject({ status: 200, raw: 'got 4' });
    const no = await call(event({ routeKey: 'POST /api/raw', body: 'teapot' }));
    expect(no).toMatchObject({ status: 403, body: { message: 'No tea', code: 'forbidden' } });
  });

  it('accepts only ID tokens, as the local gateway does: an access token of the same pool is 401', async () => {
    const res = await call(
      event({ pathParameters: { name: 'dana' }, body: '{"text":"x"}', claims: { sub: 'u1', token_use: 'access' } }),
    );
    expect(res).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('answers 413 for a body over the route limit, before reading it', async () => {
    const res = await call(event({ routeKey: 'POST /api/small', body: '{"a":"0123456789"}' }));
    expect(res).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
  });

  it('answers 415 for a JSON route sent another content type', async () => {
    const res = await call(
      event({ routeKey: 'POST /api/small', headers: { 'content-type': 'text/plain' }, body: '{"a":"x"}' }),
    );
    expect(res).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
  });

  it('answers 400 to a body sent to a route that takes none, and to a query parameter it does not declare', async () => {
    expect((await call(event({ routeKey: 'POST /api/bare', body: '{}' }))).status).toBe(400);
    const res = await call(
      event({
        pathParameters: { name: 'dana' },
        queryStringParameters: { sneaky: '1' },
        body: '{"text":"x"}',
        claims: { sub: 'u1' },
      }),
    );
    expect(res).toMatchObject({ status: 400, body: { message: 'Unknown query parameter: sneaky' } });
  });

  it('answers 404 for a route key the area does not serve', async () => {
    expect((await call(event({ routeKey: 'GET /api/other' }))).status).toBe(404);
  });
});
