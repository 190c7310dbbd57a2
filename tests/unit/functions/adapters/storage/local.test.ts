import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  signLocalObjectUrl,
  verifyLocalObjectRequest,
  verifyLocalPostPolicy,
} from '@kehila/functions/adapters/storage/local';

const dir = mkdtempSync(join(tmpdir(), 'kehila-objects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secret = 'test-secret';
const NOW = Date.UTC(2024, 0, 14, 12, 0, 0);
const store = createLocalObjectStore({ dir, secret, now: () => NOW });

const check = (url: string, method: string, nowMs = NOW) =>
  verifyLocalObjectRequest(secret, { method, url: new URL(url, 'http://localhost:5173') }, nowMs);

const KEY = 'imports/c1/j1/export.txt';
const form = () => store.presignPost(KEY, { contentType: 'text/plain', maxBytes: 1000, expiresSeconds: 60 });

describe('local object store: upload forms (POST policy)', () => {
  it('presigns a form for exactly this key and type, up to the size, that the gateway accepts', async () => {
    const { url, fields } = await form();
    expect(url).toBe('/local-objects');
    expect(Object.keys(fields).sort()).toEqual(['Content-Type', 'Policy', 'X-Kehila-Signature', 'key']);
    const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as unknown;
    expect(policy).toEqual({
      expiration: new Date(NOW + 60_000).toISOString(),
      conditions: [{ key: KEY }, { 'Content-Type': 'text/plain' }, ['content-length-range', 1, 1000]],
    });
    expect(verifyLocalPostPolicy(secret, fields, NOW)).toEqual({
      ok: true,
      key: KEY,
      contentType: 'text/plain',
      minBytes: 1,
      maxBytes: 1000,
    });
  });

  it.each([
    ['another key', { key: 'imports/c1/j2/export.txt' }, 'AccessDenied', /Policy Condition failed/],
    ['another Content-Type', { 'Content-Type': 'application/zip' }, 'AccessDenied', /Policy Condition failed/],
    ['a field the policy does not name', { acl: 'public-read' }, 'AccessDenied', /Extra input fields: acl/],
    ['a policy of its own', { Policy: Buffer.from('{}').toString('base64') }, 'SignatureDoesNotMatch', /signature/],
    ['no signature', { 'X-Kehila-Signature': '' }, 'AccessDenied', /not signed/],
  ])('refuses the form with %s (403, S3 codes)', async (_name, change, code, message) => {
    const { fields } = await form();
    expect(verifyLocalPostPolicy(secret, { ...fields, ...change }, NOW)).toMatchObject({
      ok: false,
      status: 403,
      code,
      message: expect.stringMatching(message),
    });
  });

  it('refuses the form after it expired', async () => {
    const { fields } = await form();
    expect(verifyLocalPostPolicy(secret, fields, NOW + 61_000)).toMatchObject({
      ok: false,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('reads field names as S3 does, in any case', async () => {
    const { fields } = await form();
    const lower = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyLocalPostPolicy(secret, lower, NOW)).toMatchObject({ ok: true, key: KEY });
  });
});

describe('local object store: download URLs', () => {
  it('presigns a GET (HEAD uses it too) that no other method can use', async () => {
    const url = await store.presignGet(KEY, { expiresSeconds: 60 });
    expect(url).toMatch(
      /^\/local-objects\/imports\/c1\/j1\/export\.txt\?X-Kehila-Expires=\d+&X-Kehila-Signature=[0-9a-f]{64}$/,
    );
    expect(check(url, 'GET')).toEqual({ ok: true, key: KEY });
    expect(check(url, 'HEAD')).toMatchObject({ ok: true });
    expect(check(url, 'PUT')).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
    expect(check(url, 'GET', NOW + 61_000)).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
  });

  it('refuses a URL whose key or expiry was changed, or that is not signed', async () => {
    const url = await store.presignGet(KEY);
    expect(check(url.replace('/j1/', '/j2/'), 'GET')).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(
      check(
        url.replace(/Expires=(\d+)/, (_m, n: string) => `Expires=${Number(n) + 3600}`),
        'GET',
      ),
    ).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(check('/local-objects/imports/c1/j1/export.txt', 'GET')).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(check('/local-objects/..%2Fsecret?X-Kehila-Expires=1&X-Kehila-Signature=00', 'GET')).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('puts the origin in front when one is configured', () => {
    const url = signLocalObjectUrl({ secret, baseUrl: 'http://localhost:5302' }, 'a/b', 1);
    expect(url.startsWith('http://localhost:5302/local-objects/a/b?')).toBe(true);
  });
});

describe('local object store: files', () => {
  it('stores, heads, reads and deletes an object, leaving no empty folders', async () => {
    await store.put('imports/c9/j9/export.txt', Buffer.from('שלום'), 'text/plain');
    expect(await store.head('imports/c9/j9/export.txt')).toEqual({ size: 8, contentType: 'text/plain' });
    expect((await store.get('imports/c9/j9/export.txt')).toString('utf8')).toBe('שלום');
    const parts: Buffer[] = [];
    for await (const c of await store.read('imports/c9/j9/export.txt', { start: 2, end: 6 }))
      parts.push(Buffer.from(c));
    expect(Buffer.concat(parts).toString('utf8')).toBe('לו');
    await store.delete('imports/c9/j9/export.txt');
    expect(await store.head('imports/c9/j9/export.txt')).toBeNull();
    expect(existsSync(join(dir, 'imports', 'c9'))).toBe(false);
    await expect(store.get('imports/c9/j9/export.txt')).rejects.toThrow(/does not exist/);
    await expect(store.read('imports/c9/j9/export.txt')).rejects.toThrow(/does not exist/);
  });
});
