import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isObjectKey } from '@kehila/functions/core/ports/storage';
import {
  LOCAL_OBJECTS_PATH,
  localObjectFile,
  readContentType,
  verifyLocalObjectRequest,
  verifyLocalPostPolicy,
  writeLocalObject,
  type LocalPostGrant,
} from '@kehila/functions/adapters/storage/local';
import { MalformedFormError, formBoundary, readForm } from '../multipart-form';
import type { LocalPlugin } from '../plugin';

/** Where published logos are served, as CloudFront serves the logos bucket's `logos/` keys. */
const LOGOS_PATH = '/logos';

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

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An S3-style error answer, so clients handle local and cloud refusals alike. */
function s3Error(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
) {
  const more = Object.entries(extra)
    .map(([k, v]) => `<${k}>${xmlText(v)}</${k}>`)
    .join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlText(message)}</Message>${more}</Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
}

const MALFORMED = 'The body of your POST request is not well-formed multipart/form-data.';

/**
 * A form upload (S3's POST Object): the fields come first and are checked against their signed
 * policy when the file part starts; the file streams to a temporary file and is refused, without
 * being kept, as soon as it passes the policy's `content-length-range`. S3's answers: 204 with the
 * ETag on success; 400 EntityTooLarge / EntityTooSmall / MalformedPOSTRequest, 403 AccessDenied /
 * SignatureDoesNotMatch otherwise. Fields after the file are ignored, as S3 does.
 */
async function formUpload(req: IncomingMessage, res: ServerResponse, dir: string, secret: string): Promise<void> {
  const boundary = formBoundary(req.headers['content-type']);
  if (!boundary) return s3Error(res, 400, 'MalformedPOSTRequest', MALFORMED);
  const uploads = join(dir, '.uploads');
  const fields: Record<string, string> = {};
  let grant: LocalPostGrant | null = null;
  let refused = false;
  let stored = false;
  let bytes = 0;
  const md5 = createHash('md5');
  let temp: string | null = null;
  let out: ReturnType<typeof createWriteStream> | null = null;
  /** Drops the partial file at once (not after the rest of the body has been drained). */
  const discard = async () => {
    out?.destroy();
    out = null;
    if (temp) await rm(temp, { force: true });
    temp = null;
  };
  const refuse = async (status: number, code: string, message: string, extra?: Record<string, string>) => {
    refused = true;
    await discard();
    s3Error(res, status, code, message, extra);
  };
  try {
    for await (const ev of readForm(req, boundary)) {
      // A refusal may come while the client still sends: the rest of the body is read and dropped
      // (closing the connection instead could reset it before the client reads the answer).
      if (refused || stored) continue;
      if (ev.kind === 'field') {
        fields[ev.name] ??= ev.value;
      } else if (ev.kind === 'file') {
        if (ev.name !== 'file') {
          await refuse(
            400,
            'InvalidArgument',
            'POST requires exactly one file upload per request, in the field named file.',
          );
          continue;
        }
        const check = verifyLocalPostPolicy(secret, fields, Date.now());
        if (!check.ok) {
          await refuse(check.status, check.code, check.message);
          continue;
        }
        grant = check;
        mkdirSync(uploads, { recursive: true });
        temp = join(uploads, randomUUID());
        out = createWriteStream(temp);
      } else if (ev.kind === 'data' && grant && out) {
        bytes += ev.chunk.length;
        if (bytes > grant.maxBytes) {
          await refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
            MaxSizeAllowed: String(grant.maxBytes),
          });
          continue;
        }
        md5.update(ev.chunk);
        if (!out.write(ev.chunk)) await new Promise<void>((r) => out?.once('drain', () => r()));
      } else if (ev.kind === 'file-end' && grant && out && temp) {
        const file = out;
        out = null;
        await new Promise<void>((resolve, reject) => file.end((err?: Error | null) => (err ? reject(err) : resolve())));
        if (bytes < grant.minBytes) {
          await refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
            MinSizeAllowed: String(grant.minBytes),
          });
          continue;
        }
        await writeLocalObject(dir, grant.key, { tempFile: temp }, grant.contentType);
        temp = null;
        stored = true;
        const etag = `"${md5.digest('hex')}"`;
        res.writeHead(204, { etag, location: `${LOCAL_OBJECTS_PATH}/${grant.key}` }).end();
      }
    }
    if (!refused && !stored) {
      s3Error(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    }
  } catch (err) {
    // A client that gave up mid-upload has no one to answer; its half file is removed below.
    if (req.destroyed && !(err instanceof MalformedFormError)) return;
    if (!(err instanceof MalformedFormError)) throw err;
    if (!res.headersSent) s3Error(res, 400, 'MalformedPOSTRequest', MALFORMED);
  } finally {
    await discard();
  }
}

/**
 * The local object store: objects are files under `<data dir>/objects`, and the gateway serves
 * `GET/HEAD /local-objects/<key>` for the presigned URLs of functions/src/adapters/storage/local.ts
 * and `POST /local-objects` for its presigned form uploads, and `/logos/<key>` publicly (CloudFront's `/logos/*`), refusing (as S3 does, with its error
 * codes) a request whose signature, policy or expiry does not match, or a body larger than the
 * policy allows.
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
    return {
      [LOCAL_OBJECTS_PATH]: async (req, res) => {
        const method = (req.method ?? 'GET').toUpperCase();
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (method === 'POST' && url.pathname === LOCAL_OBJECTS_PATH) return formUpload(req, res, dir, secret);
        if (method !== 'GET' && method !== 'HEAD') {
          return s3Error(
            res,
            405,
            'MethodNotAllowed',
            'Only GET and HEAD of an object, and POST of a form upload, are allowed.',
          );
        }
        const check = verifyLocalObjectRequest(secret, { method, url }, Date.now());
        if (!check.ok) return s3Error(res, check.status, check.code, check.message);
        const file = localObjectFile(dir, check.key);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        const contentType = (await readContentType(dir, check.key)) ?? 'application/octet-stream';
        res.writeHead(200, { 'content-type': contentType, 'content-length': String(info.size) });
        if (method === 'HEAD') return void res.end();
        await new Promise<void>((resolve, reject) => {
          createReadStream(file).on('error', reject).on('end', resolve).pipe(res);
        });
      },
      // Published community logos, public as CloudFront serves `/logos/*` from the logos bucket.
      [LOGOS_PATH]: async (req, res) => {
        const method = (req.method ?? 'GET').toUpperCase();
        if (method !== 'GET' && method !== 'HEAD') {
          return s3Error(res, 405, 'MethodNotAllowed', 'Only GET and HEAD of a logo are allowed.');
        }
        let key: string;
        try {
          key = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname.slice(1));
        } catch {
          return s3Error(res, 400, 'InvalidArgument', 'The object key is not valid.');
        }
        if (!isObjectKey(key) || !key.startsWith('logos/')) {
          return s3Error(res, 400, 'InvalidArgument', 'The object key is not valid.');
        }
        const file = localObjectFile(dir, key);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        const contentType = (await readContentType(dir, key)) ?? 'application/octet-stream';
        res.writeHead(200, {
          'content-type': contentType,
          'content-length': String(info.size),
          'cache-control': 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
          // The site's policy forbids inline scripts; a logo needs none at all, even opened on its own.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        });
        if (method === 'HEAD') return void res.end();
        await new Promise<void>((resolve, reject) => {
          createReadStream(file).on('error', reject).on('end', resolve).pipe(res);
        });
      },
    };
  },
};
