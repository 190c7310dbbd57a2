import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  LOCAL_OBJECTS_PATH,
  localObjectFile,
  readContentType,
  verifyLocalObjectRequest,
  writeLocalObject,
} from '@kehila/functions/adapters/storage/local';
import type { LocalPlugin } from '../plugin';

/** Largest object the local store accepts in one PUT (S3 allows more; nothing local needs it). */
const MAX_LOCAL_OBJECT_BYTES = 100 * 1024 * 1024;

/** The URL-signing key: kept with the data, so links issued before a restart still work. */
function signingKey(dir: string, ephemeral: boolean): string {
  if (ephemeral) return randomBytes(32).toString('hex');
  const file = join(dir, '.signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** An S3-style error answer, so clients handle local and cloud refusals alike. */
function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
}

async function receive(req: IncomingMessage, tempFile: string): Promise<{ bytes: number; md5: string } | 'too-large'> {
  const md5 = createHash('md5');
  let bytes = 0;
  const out = createWriteStream(tempFile);
  try {
    for await (const chunk of req) {
      const b = chunk as Buffer;
      bytes += b.length;
      if (bytes > MAX_LOCAL_OBJECT_BYTES) return 'too-large';
      md5.update(b);
      if (!out.write(b)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()));
  }
  return { bytes, md5: md5.digest('hex') };
}

/**
 * The local object store: objects are files under `<data dir>/objects`, and the gateway serves
 * `PUT/GET /local-objects/<key>` for the presigned URLs of functions/src/adapters/storage/local.ts,
 * refusing (403, as S3 does) a request whose signature, method, Content-Type or expiry does not
 * match.
 */
export const storagePlugin: LocalPlugin = {
  name: 'storage',
  env({ dataDir, ephemeral }) {
    const dir = join(dataDir, 'objects');
    return { LOCAL_OBJECTS_DIR: dir, LOCAL_OBJECTS_SECRET: signingKey(dir, ephemeral) };
  },
  mounts(ctx) {
    const dir = ctx.env.LOCAL_OBJECTS_DIR ?? join(ctx.dataDir, 'objects');
    const secret = ctx.env.LOCAL_OBJECTS_SECRET ?? '';
    const uploads = join(dir, '.uploads');
    return {
      [LOCAL_OBJECTS_PATH]: async (req, res) => {
        const method = (req.method ?? 'GET').toUpperCase();
        if (method !== 'GET' && method !== 'HEAD' && method !== 'PUT') {
          return s3Error(res, 405, 'MethodNotAllowed', 'Only GET, HEAD and PUT are allowed.');
        }
        const url = new URL(req.url ?? '/', 'http://localhost');
        const check = verifyLocalObjectRequest(
          secret,
          { method, url, contentType: req.headers['content-type'] },
          Date.now(),
        );
        if (!check.ok) return s3Error(res, check.status, check.code, check.message);
        const file = localObjectFile(dir, check.key);

        if (method === 'PUT') {
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > MAX_LOCAL_OBJECT_BYTES) {
            return s3Error(res, 413, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
          }
          mkdirSync(uploads, { recursive: true });
          const temp = join(uploads, randomUUID());
          try {
            const got = await receive(req, temp);
            if (got === 'too-large') {
              return s3Error(res, 413, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
            }
            await writeLocalObject(
              dir,
              check.key,
              { tempFile: temp },
              req.headers['content-type'] ?? 'application/octet-stream',
            );
            res.writeHead(200, { etag: `"${got.md5}"` }).end();
          } finally {
            await rm(temp, { force: true });
          }
          return;
        }

        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        const contentType = (await readContentType(dir, check.key)) ?? 'application/octet-stream';
        res.writeHead(200, { 'content-type': contentType, 'content-length': String(info.size) });
        if (method === 'HEAD') return void res.end();
        await new Promise<void>((resolve, reject) => {
          createReadStream(file).on('error', reject).on('end', resolve).pipe(res);
        });
      },
    };
  },
};
