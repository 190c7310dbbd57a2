import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
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

function signature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`GET\n${key}\n${expires}`).digest('hex');
}

function policySignature(secret: string, policy: string): string {
  return createHmac('sha256', secret).update(`POST\n${policy}`).digest('hex');
}

/** A signed local download URL: key and expiry are signed, as in S3's presigned GET. */
export function signLocalObjectUrl(
  opts: Pick<LocalObjectStoreOptions, 'secret' | 'baseUrl'>,
  key: string,
  expiresAtSeconds: number,
): string {
  assertObjectKey(key);
  const sig = signature(opts.secret, key, expiresAtSeconds);
  return `${opts.baseUrl ?? ''}${LOCAL_OBJECTS_PATH}/${key}?X-Kehila-Expires=${expiresAtSeconds}&X-Kehila-Signature=${sig}`;
}

/** Why a request to the local object store is refused (S3's status codes and error codes). */
export type LocalUrlRefusal =
  | { status: 403; code: 'AccessDenied' | 'SignatureDoesNotMatch'; message: string }
  | { status: 400; code: 'InvalidArgument' | 'InvalidPolicyDocument'; message: string };

/**
 * Checks a download against its signed URL, as S3 checks a presigned GET (HEAD uses the same URL):
 * the signature must match the key and expiry, and the URL must not have expired. Returns the key,
 * or why not.
 */
export function verifyLocalObjectRequest(
  secret: string,
  request: { method: string; url: URL },
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
  const method = request.method.toUpperCase();
  const expires = Number(request.url.searchParams.get('X-Kehila-Expires'));
  const sig = request.url.searchParams.get('X-Kehila-Signature') ?? '';
  if (!Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(sig)) {
    return { ok: false, status: 403, code: 'AccessDenied', message: 'This link is not signed.' };
  }
  const expected = Buffer.from(signature(secret, key, expires), 'hex');
  if ((method !== 'GET' && method !== 'HEAD') || !timingSafeEqual(expected, Buffer.from(sig, 'hex'))) {
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The signature does not match this request (method or object).',
    };
  }
  if (nowMs / 1000 > expires)
    return { ok: false, status: 403, code: 'AccessDenied', message: 'This link has expired.' };
  return { ok: true, key };
}

/** Form fields of a POST upload that the policy does not have to name (S3's rule). */
const UNSIGNED_FIELDS = new Set(['policy', 'x-kehila-signature', 'file']);

/** One condition of a POST policy, as S3 writes them. */
type PolicyCondition = Record<string, string> | [string, string | number, string | number];

/** What a verified POST upload may store: exactly this key and type, a body within the range. */
export interface LocalPostGrant {
  readonly key: string;
  readonly contentType: string;
  readonly minBytes: number;
  readonly maxBytes: number;
}

/**
 * Checks the fields of a form upload (everything before the file) as S3 checks a presigned POST:
 * the policy must be signed by us and unexpired, every field must satisfy its conditions and be
 * named by one, and the key must be valid. Returns what may be stored (the file is then held to
 * the policy's `content-length-range` as it streams in), or why not.
 */
export function verifyLocalPostPolicy(
  secret: string,
  form: Readonly<Record<string, string>>,
  nowMs: number,
): ({ ok: true } & LocalPostGrant) | ({ ok: false } & LocalUrlRefusal) {
  const fields = new Map(Object.entries(form).map(([k, v]) => [k.toLowerCase(), v]));
  const policy = fields.get('policy');
  const sig = fields.get('x-kehila-signature') ?? '';
  if (!policy || !/^[0-9a-f]{64}$/.test(sig)) {
    return { ok: false, status: 403, code: 'AccessDenied', message: 'This upload form is not signed.' };
  }
  const expected = Buffer.from(policySignature(secret, policy), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) {
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  let doc: { expiration?: unknown; conditions?: unknown };
  try {
    doc = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof doc;
  } catch {
    return { ok: false, status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expiration = typeof doc.expiration === 'string' ? Date.parse(doc.expiration) : NaN;
  if (!Array.isArray(doc.conditions) || Number.isNaN(expiration)) {
    return {
      ok: false,
      status: 400,
      code: 'InvalidPolicyDocument',
      message: 'Invalid Policy: missing expiration or conditions.',
    };
  }
  if (nowMs > expiration) {
    return { ok: false, status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' };
  }
  const named = new Set<string>();
  let range: [number, number] | null = null;
  const failed = (c: unknown) => ({
    ok: false as const,
    status: 403 as const,
    code: 'AccessDenied' as const,
    message: `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(c)}`,
  });
  for (const c of doc.conditions as PolicyCondition[]) {
    if (Array.isArray(c)) {
      const [op, a, b] = c;
      if (op === 'content-length-range') {
        range = [Number(a), Number(b)];
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      named.add(name);
      const value = fields.get(name) ?? '';
      if (op === 'eq' ? value !== String(b) : op === 'starts-with' ? !value.startsWith(String(b)) : true) {
        return failed(c);
      }
    } else if (c && typeof c === 'object') {
      for (const [name, want] of Object.entries(c)) {
        named.add(name.toLowerCase());
        if (fields.get(name.toLowerCase()) !== want) return failed(c);
      }
    }
  }
  for (const name of fields.keys()) {
    if (!UNSIGNED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !named.has(name)) {
      return {
        ok: false,
        status: 403,
        code: 'AccessDenied',
        message: `Invalid according to Policy: Extra input fields: ${name}`,
      };
    }
  }
  const key = fields.get('key');
  if (!key || !isObjectKey(key)) {
    return {
      ok: false,
      status: 400,
      code: 'InvalidArgument',
      message: "Bucket POST must contain a valid field named 'key'.",
    };
  }
  return {
    ok: true,
    key,
    contentType: fields.get('content-type') ?? 'binary/octet-stream',
    minBytes: range?.[0] ?? 0,
    maxBytes: range?.[1] ?? Number.MAX_SAFE_INTEGER,
  };
}

/**
 * The filesystem object store of the local stack: objects are files under `dir`; downloads are
 * presigned URLs on the gateway's `/local-objects/` mount and uploads are form POSTs to it, with a
 * policy signed by HMAC (key, Content-Type, size range, expiry) that the gateway enforces as S3 does.
 */
export function createLocalObjectStore(opts: LocalObjectStoreOptions): ObjectStore {
  const now = opts.now ?? Date.now;
  const expiry = (seconds: number | undefined) => Math.floor(now() / 1000) + (seconds ?? DEFAULT_PRESIGN_SECONDS);
  return {
    async presignPost(key, { contentType, maxBytes, expiresSeconds }) {
      assertObjectKey(key);
      const policy = Buffer.from(
        JSON.stringify({
          expiration: new Date(expiry(expiresSeconds) * 1000).toISOString(),
          conditions: [{ key }, { 'Content-Type': contentType }, ['content-length-range', 1, maxBytes]],
        }),
      ).toString('base64');
      return {
        url: `${opts.baseUrl ?? ''}${LOCAL_OBJECTS_PATH}`,
        fields: {
          key,
          'Content-Type': contentType,
          Policy: policy,
          'X-Kehila-Signature': policySignature(opts.secret, policy),
        },
      };
    },
    async presignGet(key, o) {
      return signLocalObjectUrl(opts, key, expiry(o?.expiresSeconds));
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
    async read(key, range) {
      const start = range?.start ?? 0;
      const file = localObjectFile(opts.dir, key);
      // Opened before it is returned, so a missing object rejects here, as S3's GetObject does.
      const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new Error(`object ${key} does not exist`) : err;
      });
      if (range?.end !== undefined && range.end <= start) {
        await handle.close();
        return (async function* () {})();
      }
      return handle.createReadStream({ start, ...(range?.end !== undefined ? { end: range.end - 1 } : {}) });
    },
    async put(key, body, contentType) {
      await writeLocalObject(opts.dir, key, body, contentType);
    },
    async delete(key) {
      await rm(localObjectFile(opts.dir, key), { force: true });
      await rm(metaFile(opts.dir, key), { force: true });
      await pruneEmptyDirs(opts.dir, key);
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`not a folder prefix: ${prefix}`);
      const folder = prefix.slice(0, -1);
      const files = await readdir(localObjectFile(opts.dir, folder), { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      const count = files.filter((f) => f.isFile()).length;
      await rm(localObjectFile(opts.dir, folder), { recursive: true, force: true });
      await rm(join(opts.dir, '.meta', ...folder.split('/')), { recursive: true, force: true });
      await pruneEmptyDirs(opts.dir, `${folder}/x`);
      return count;
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
