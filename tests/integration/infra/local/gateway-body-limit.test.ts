import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, bodyLimitOf, routes, type RuntimeConfig } from '@kehila/shared';
import { startGateway, type Gateway } from '../../../../infra/local/gateway';
import { inProcessGatewayOptions, useStackEnv } from '../../support';

const MB = 1024 * 1024;

interface Sent {
  status: number;
  body: string;
  connection: string | undefined;
  /** Bytes the client had handed to the socket when the answer came. */
  sentWhenAnswered: number;
}

/**
 * Posts `total` bytes to the gateway, chunked (no Content-Length) unless `declareLength`, from one
 * reused 64 KB chunk so the client itself allocates nothing per chunk. Resolves with the answer as
 * soon as it arrives, even while the client is still sending (the gateway closes the connection).
 */
function post(gateway: Gateway, path: string, total: number, declareLength: boolean): Promise<Sent> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const source = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gateway.address.port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(declareLength ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (res) => {
        const sentWhenAnswered = sent;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, sentWhenAnswered }),
        );
      },
    );
    // Once the gateway has answered and closed, the rest of the upload fails: that is the point.
    req.on('error', (err) => (req.destroyed && sent > 0 ? undefined : reject(err)));
    source.pipe(req);
  });
}

/** Samples this process's memory while `work` runs; returns the work's result and the peak growth. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; arrayBuffers: number; rss: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peak = before;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = {
      ...peak,
      arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers),
      rss: Math.max(peak.rss, now.rss),
    };
  }, 5);
  try {
    const result = await work();
    return { result, arrayBuffers: peak.arrayBuffers - before.arrayBuffers, rss: peak.rss - before.rss };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The local gateway stops reading a body at the route's limit and answers 413 (in the API's error
 * shape, as the route handler would), never buffering what comes after: a 50 MB chunked upload
 * costs the gateway's process about the limit, not 50 MB. The gateway runs in this test's process
 * so its memory is the one measured.
 */
describe('request bodies past the route limit at the local gateway', () => {
  let gateway: Gateway;

  beforeAll(async () => {
    useStackEnv();
    gateway = await startGateway({
      ...inProcessGatewayOptions(),
      port: 0,
      host: '127.0.0.1',
      runtimeConfig: () => ({}) as RuntimeConfig,
    });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers a 50 MB chunked body on a webhook route with 413 without holding it in memory', async () => {
    const limit = bodyLimitOf(routes.billingWebhook);
    const { result, arrayBuffers, rss } = await peakGrowth(() => post(gateway, '/webhooks/billing', 50 * MB, false));
    expect(result.status).toBe(413);
    expect(ApiErrorSchema.parse(JSON.parse(result.body))).toMatchObject({
      code: 'payload_too_large',
      message: `Request body is too large (at most ${limit} bytes)`,
    });
    // Buffers held at any moment stay near the limit; buffering the body would add 50 MB (twice, when joined).
    expect(arrayBuffers).toBeLessThan(16 * MB);
    expect(rss).toBeLessThan(40 * MB);
    // The answer came long before the client could send it all, and the connection is not drained.
    expect(result.sentWhenAnswered).toBeLessThan(50 * MB);
    expect(result.connection).toBe('close');
  });

  it('answers a declared 50 MB body with 413 before reading any of it', async () => {
    const { result, arrayBuffers } = await peakGrowth(() => post(gateway, '/webhooks/billing', 50 * MB, true));
    expect(result.status).toBe(413);
    expect(ApiErrorSchema.parse(JSON.parse(result.body)).code).toBe('payload_too_large');
    expect(arrayBuffers).toBeLessThan(16 * MB);
  });

  it('still takes a body within the limit (the webhook then checks its signature)', async () => {
    const sent = await post(gateway, '/webhooks/billing', 64 * 1024, false);
    expect(sent.status).toBe(401);
    expect(sent.connection).not.toBe('close');
  });
});
