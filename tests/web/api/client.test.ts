import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { route, routes } from '@kehila/shared';
import { clientRouteTable } from '../../../web/build/client-routes';
import { ApiRequestError, createApiClient } from '../../../web/src/api/client';
import type { ClientRoutes } from '../../../web/src/api/routes';
import { jsonResponse, meBody } from '../helpers/render-app';

const publicRoute = routes.health;
const communityRoute = route({
  method: 'POST',
  path: '/api/communities/{communityId}/notes',
  auth: 'admin',
  area: 'communities',
  summary: 'test route',
  params: z.object({ communityId: z.string() }),
  query: z.object({ dryRun: z.boolean().optional(), tag: z.array(z.string()).optional() }),
  body: z.object({ text: z.string() }),
  response: z.object({ id: z.string(), created_at: z.string() }),
});

function client(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, token: string | null = 'tok-1') {
  const fetchFn = vi.fn(fetchImpl);
  const callApi = createApiClient({
    baseUrl: 'https://api.example.com/',
    getIdToken: async () => token,
    fetch: fetchFn as unknown as typeof fetch,
  });
  return { callApi, fetchFn };
}

async function caught(promise: Promise<unknown>): Promise<ApiRequestError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

describe('callApi', () => {
  it('adds the bearer ID token to a signed-in route and parses the response', async () => {
    const { callApi, fetchFn } = client(async () => jsonResponse(200, meBody('dana')));
    const me = await callApi(routes.me);
    expect(me.profile?.username).toBe('dana');
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/api/me');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('sends no token to a public route', async () => {
    const { callApi, fetchFn } = client(
      async () => jsonResponse(200, { ok: true, stage: 'local', time: '2025-01-01T00:00:00Z' }),
      null,
    );
    await callApi(publicRoute);
    expect((fetchFn.mock.calls[0]![1].headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('builds the path from params, the query string and a JSON body', async () => {
    const { callApi, fetchFn } = client(async () => jsonResponse(201, { id: 'n1', created_at: 'now' }));
    const out = await callApi(communityRoute, {
      params: { communityId: 'c 1/2' },
      query: { dryRun: true, tag: ['a', 'b'] },
      body: { text: 'שלום' },
    });
    expect(out).toEqual({ id: 'n1', created_at: 'now' });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/api/communities/c%201%2F2/notes?dryRun=true&tag=a&tag=b');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ text: 'שלום' }));
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it("raises ApiRequestError with the server's message, code, status and retryAfter", async () => {
    const { callApi } = client(async () =>
      jsonResponse(429, {
        message: 'For security purposes, you can only request this after 42 seconds.',
        code: 'rate_limited',
        retryAfter: 42,
      }),
    );
    const err = await caught(callApi(routes.me));
    expect(err.message).toBe('For security purposes, you can only request this after 42 seconds.');
    expect(err.code).toBe('rate_limited');
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBe(42);
  });

  it('carries validation issues from the server', async () => {
    const issues = [{ path: 'text', message: 'Required' }];
    const { callApi } = client(async () => jsonResponse(400, { message: 'Invalid request', code: 'invalid', issues }));
    const err = await caught(callApi(communityRoute, { params: { communityId: 'c1' }, body: { text: '' } }));
    expect(err.issues).toEqual(issues);
  });

  it('falls back to the S1 §8 text when the error body is not the API error shape', async () => {
    const { callApi } = client(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await caught(callApi(routes.me));
    expect(err).toMatchObject({ message: 'Something went wrong. Please try again.', code: 'http_502', status: 502 });
  });

  it('takes retryAfter from the Retry-After header when the body has none', async () => {
    const { callApi } = client(async () => new Response('', { status: 429, headers: { 'retry-after': '60' } }));
    expect((await caught(callApi(routes.me))).retryAfter).toBe(60);
  });

  it('reports a network failure with the S1 §8 text', async () => {
    const { callApi } = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await caught(callApi(routes.me));
    expect(err).toMatchObject({
      message: 'Poor network connection. Please check your internet and try again.',
      code: 'network',
      status: 0,
    });
  });

  it('fails without calling the API when a signed-in route has no token', async () => {
    const { callApi, fetchFn } = client(async () => jsonResponse(200, meBody('dana')), null);
    const err = await caught(callApi(routes.me));
    expect(err).toMatchObject({
      code: 'unauthenticated',
      status: 401,
      message: 'Authentication issue. Please sign in again.',
    });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('rejects a response that does not match the contract (development and tests: the route carries its schema)', async () => {
    const { callApi } = client(async () => jsonResponse(200, { id: 42 }));
    const err = await caught(callApi(routes.me));
    expect(err.code).toBe('invalid_response');
  });

  it("trusts the server's answer for a route without schemas, as the production build's routes are", async () => {
    const built = clientRouteTable().me;
    expect(built).not.toHaveProperty('response');
    const { callApi, fetchFn } = client(async () => jsonResponse(200, meBody('dana')));
    const me = await callApi(built as ClientRoutes['me']);
    expect(me).toEqual(meBody('dana'));
    expect(fetchFn.mock.calls[0]![0]).toBe('https://api.example.com/api/me');
  });

  it('carries the reason of a 402 (the paywall)', async () => {
    const { callApi } = client(async () =>
      jsonResponse(402, { message: 'Your Free Trial Has Ended', code: 'payment_required', reason: 'trial_ended' }),
    );
    const err = await caught(callApi(routes.me));
    expect(err).toMatchObject({
      status: 402,
      code: 'payment_required',
      reason: 'trial_ended',
      message: 'Your Free Trial Has Ended',
    });
  });

  it("falls back to the S1 §8 text for a gateway's own JSON error (no code)", async () => {
    const { callApi } = client(async () => jsonResponse(401, { message: 'Unauthorized' }));
    const err = await caught(callApi(routes.me));
    expect(err).toMatchObject({
      message: 'Authentication issue. Please sign in again.',
      code: 'http_401',
      status: 401,
    });
  });

  it('times out with the S1 §8 text', async () => {
    const fetchFn = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const callApi = createApiClient({
      baseUrl: '',
      getIdToken: async () => 't',
      fetch: fetchFn as unknown as typeof fetch,
      timeoutMs: 10,
    });
    const err = await caught(callApi(routes.me));
    expect(err).toMatchObject({
      code: 'timeout',
      message: 'Request timed out. Please check your connection and try again.',
    });
  });
});
