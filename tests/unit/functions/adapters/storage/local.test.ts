import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  signLocalObjectUrl,
  verifyLocalObjectRequest,
} from '@kehila/functions/adapters/storage/local';

const dir = mkdtempSync(join(tmpdir(), 'kehila-objects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secret = 'test-secret';
const NOW = Date.UTC(2024, 0, 14, 12, 0, 0);
const store = createLocalObjectStore({ dir, secret, now: () => NOW });

const check = (url: string, method: string, contentType?: string, nowMs = NOW) =>
  verifyLocalObjectRequest(secret, { method, url: new URL(url, 'http://localhost:5173'), contentType }, nowMs);

describe('local object store: signed URLs', () => {
  it('presigns a PUT the gateway accepts with the same Content-Type', async () => {
    const { url, headers } = await store.presignPut('imports/c1/j1/export.txt', {
      contentType: 'text/plain',
      expiresSeconds: 60,
    });
    expect(url).toMatch(
      /^\/local-objects\/imports\/c1\/j1\/export\.txt\?X-Kehila-Expires=\d+&X-Kehila-Signature=[0-9a-f]{64}$/,
    );
    expect(headers).toEqual({ 'content-type': 'text/plain' });
    expect(check(url, 'PUT', 'text/plain')).toEqual({ ok: true, key: 'imports/c1/j1/export.txt' });
  });

  it.each([
    ['another Content-Type', 'PUT', 'application/zip', NOW, 'SignatureDoesNotMatch'],
    ['no Content-Type', 'PUT', undefined, NOW, 'SignatureDoesNotMatch'],
    ['another method', 'GET', undefined, NOW, 'SignatureDoesNotMatch'],
    ['after it expired', 'PUT', 'text/plain', NOW + 61_000, 'AccessDenied'],
  ])('refuses the PUT URL used with %s (403)', async (_name, method, contentType, at, code) => {
    const { url } = await store.presignPut('imports/c1/j1/export.txt', {
      contentType: 'text/plain',
      expiresSeconds: 60,
    });
    expect(check(url, method, contentType, at)).toMatchObject({ ok: false, status: 403, code });
  });

  it('refuses a URL whose key or expiry was changed, or that is not signed', async () => {
    const { url } = await store.presignPut('imports/c1/j1/export.txt', { contentType: 'text/plain' });
    expect(check(url.replace('/j1/', '/j2/'), 'PUT', 'text/plain')).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      check(
        url.replace(/Expires=(\d+)/, (_m, n: string) => `Expires=${Number(n) + 3600}`),
        'PUT',
        'text/plain',
      ),
    ).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(check('/local-objects/imports/c1/j1/export.txt', 'PUT', 'text/plain')).toMatchObject({
      ok: false,
      code: 'AccessDenied',
    });
    expect(check('/local-objects/..%2Fsecret?X-Kehila-Expires=1&X-Kehila-Signature=00', 'GET')).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('presigns a GET (HEAD uses it too) that a PUT cannot reuse', async () => {
    const url = await store.presignGet('imports/c1/j1/export.txt');
    expect(check(url, 'GET')).toMatchObject({ ok: true });
    expect(check(url, 'HEAD')).toMatchObject({ ok: true });
    expect(check(url, 'PUT', '')).toMatchObject({ ok: false });
  });

  it('puts the origin in front when one is configured', () => {
    const url = signLocalObjectUrl({ secret, baseUrl: 'http://localhost:5302' }, 'GET', 'a/b', 1);
    expect(url.startsWith('http://localhost:5302/local-objects/a/b?')).toBe(true);
  });
});

describe('local object store: files', () => {
  it('stores, heads, reads and deletes an object, leaving no empty folders', async () => {
    await store.put('imports/c9/j9/export.txt', Buffer.from('שלום'), 'text/plain');
    expect(await store.head('imports/c9/j9/export.txt')).toEqual({ size: 8, contentType: 'text/plain' });
    expect((await store.get('imports/c9/j9/export.txt')).toString('utf8')).toBe('שלום');
    await store.delete('imports/c9/j9/export.txt');
    expect(await store.head('imports/c9/j9/export.txt')).toBeNull();
    expect(existsSync(join(dir, 'imports', 'c9'))).toBe(false);
    await expect(store.get('imports/c9/j9/export.txt')).rejects.toThrow(/does not exist/);
  });
});
