import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertObjectKey, DEFAULT_PRESIGN_SECONDS, isObjectKey, type ObjectStore } from '../../core/ports/storage';

/** Where the local gateway serves objects (infra/local/plugins/storage.ts mounts it). */
export const LOCAL_OBJECTS_PATH = '/local-objects';

/** Options of the filesystem object store. */
export interface LocalObjectStoreOptions {
  /** Root directory of the objects (under the local data dir). */
  readonly dir: string;
  /** Key of the URL signatures; the gateway mount verifies with the same one. */
  readonly secret: string;
  /**
   * Origin put in front of URLs; empty for origin-relative URLs, which is right for the browser
   * because the web app and the API share one origin locally.
   */
  readonly baseUrl?: string;
  readonly now?: () => number;
}

/** File of an object's bytes. */
export function localObjectFile(dir: string, key: string): string {
  assertObjectKey(key);
  return join(dir, ...key.split('/'));
}

/** File of an object's metadata (content type): a tree of its own, so no key can collide with it. */
function metaFile(dir: string, key: string): string {
  return join(dir, '.meta', ...key.split('/')) + '.json';
}

function signature(secret: string, method: string, key: string, expires: number, contentType: string): string {
  return createHmac('sha256', secret).update(`${method}\n${key}\n${expires}\n${contentType}`).digest('hex');
}

/** A signed local URL: method, key and expiry (and for PUT the Content-Type header) are signed, as S3 does. */
export function signLocalObjectUrl(
  opts: Pick<LocalObjectStoreOptions, 'secret' | 'baseUrl'>,
  method: 'GET' | 'PUT',
  key: string,
  expiresAtSeconds: number,
  contentType = '',
): string {
  assertObjectKey(key);
  const sig = signature(opts.secret, method, key, expiresAtSeconds, contentType);
  return `${opts.baseUrl ?? ''}${LOCAL_OBJECTS_PATH}/${key}?X-Kehila-Expires=${expiresAtSeconds}&X-Kehila-Signature=${sig}`;
}

/** Why a request to a local object URL is refused (S3's error codes). */
export type LocalUrlRefusal =
  | { status: 403; code: 'AccessDenied' | 'SignatureDoesNotMatch'; message: string }
  | { status: 400; code: 'InvalidArgument'; message: string };

/**
 * Checks a request against its signed URL, as S3 checks a presigned one: the signature must match
 * the method, key, expiry and (for PUT) the Content-Type header sent, and the URL must not have
 * expired. Returns the key, or why not.
 */
export function verifyLocalObjectRequest(
  secret: string,
  request: { method: string; url: URL; contentType: string | undefined },
  nowMs: number,
): { ok: true; key: string } | ({ ok: false } & LocalUrlRefusal) {
  const raw = request.url.pathname.slice(LOCAL_OBJECTS_PATH.length + 1);
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, code: 'InvalidArgument', message: 'The object key is not valid.' };
  }
  if (!isObjectKey(key))
    return { ok: false, status: 400, code: 'InvalidArgument', message: 'The object key is not valid.' };
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const expires = Number(request.url.searchParams.get('X-Kehila-Expires'));
  const sig = request.url.searchParams.get('X-Kehila-Signature') ?? '';
  if (!Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(sig)) {
    return { ok: false, status: 403, code: 'AccessDenied', message: 'This link is not signed.' };
  }
  const contentType = method === 'PUT' ? (request.contentType ?? '') : '';
  const expected = Buffer.from(signature(secret, method, key, expires, contentType), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) {
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The signature does not match this request (method, object or Content-Type).',
    };
  }
  if (nowMs / 1000 > expires)
    return { ok: false, status: 403, code: 'AccessDenied', message: 'This link has expired.' };
  return { ok: true, key };
}

/**
 * The filesystem object store of the local stack: objects are files under `dir`, presigned URLs
 * point at the gateway's `/local-objects/` mount and carry an HMAC signature and an expiry.
 */
export function createLocalObjectStore(opts: LocalObjectStoreOptions): ObjectStore {
  const now = opts.now ?? Date.now;
  const expiry = (seconds: number | undefined) => Math.floor(now() / 1000) + (seconds ?? DEFAULT_PRESIGN_SECONDS);
  return {
    async presignPut(key, { contentType, expiresSeconds }) {
      return {
        url: signLocalObjectUrl(opts, 'PUT', key, expiry(expiresSeconds), contentType),
        headers: { 'content-type': contentType },
      };
    },
    async presignGet(key, o) {
      return signLocalObjectUrl(opts, 'GET', key, expiry(o?.expiresSeconds));
    },
    async head(key) {
      try {
        const s = await stat(localObjectFile(opts.dir, key));
        if (!s.isFile()) return null;
        return { size: s.size, contentType: await readContentType(opts.dir, key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(localObjectFile(opts.dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`object ${key} does not exist`);
        throw err;
      }
    },
    async put(key, body, contentType) {
      await writeLocalObject(opts.dir, key, body, contentType);
    },
    async delete(key) {
      await rm(localObjectFile(opts.dir, key), { force: true });
      await rm(metaFile(opts.dir, key), { force: true });
      await pruneEmptyDirs(opts.dir, key);
    },
  };
}

/** Removes the folders a deleted key leaves empty (S3 has no folders; the disk should not keep them). */
async function pruneEmptyDirs(dir: string, key: string): Promise<void> {
  const segments = key.split('/').slice(0, -1);
  for (const root of [dir, join(dir, '.meta')]) {
    for (let i = segments.length; i > 0; i -= 1) {
      try {
        await rmdir(join(root, ...segments.slice(0, i)));
      } catch {
        break;
      }
    }
  }
}

/** The Content-Type an object was stored with, or null when unknown. */
export async function readContentType(dir: string, key: string): Promise<string | null> {
  try {
    const meta = JSON.parse(await readFile(metaFile(dir, key), 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : null;
  } catch {
    return null;
  }
}

/**
 * Writes an object atomically (a temporary file renamed into place), so a reader never sees half
 * an upload. `body` may be a Buffer or a file already written next to it (the gateway streams
 * uploads to disk first).
 */
export async function writeLocalObject(
  dir: string,
  key: string,
  body: Buffer | { tempFile: string },
  contentType: string,
): Promise<void> {
  const file = localObjectFile(dir, key);
  await mkdir(dirname(file), { recursive: true });
  const meta = metaFile(dir, key);
  await mkdir(dirname(meta), { recursive: true });
  await writeFile(meta, JSON.stringify({ contentType }));
  if (Buffer.isBuffer(body)) {
    const temp = `${file}.${process.pid}.${Date.now()}.part`;
    await writeFile(temp, body);
    await rename(temp, file);
  } else {
    await rename(body.tempFile, file);
  }
}
