import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../../infra/local/static';

let root = '';
let server: Server;
let base = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kehila-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'app-x1.css'), 'body{margin:0}'.repeat(50));
  writeFileSync(join(root, 'assets', 'font-x2.woff2'), 'woff2 bytes');
  const serve = staticSite(root);
  server = createServer((req, res) => void serve(req, res, () => undefined));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

function fetchRaw(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the local static site (serves web/dist as CloudFront does)', () => {
  it('sends text gzip-compressed to a browser that accepts gzip', async () => {
    const { headers, body } = await fetchRaw('/assets/app-x1.css', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString()).toBe('body{margin:0}'.repeat(50));
  });

  it('sends text as it is to a client that does not accept gzip', async () => {
    const { headers, body } = await fetchRaw('/assets/app-x1.css');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString()).toBe('body{margin:0}'.repeat(50));
  });

  it('does not compress fonts again', async () => {
    const { headers, body } = await fetchRaw('/assets/font-x2.woff2', 'gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString()).toBe('woff2 bytes');
  });
});
