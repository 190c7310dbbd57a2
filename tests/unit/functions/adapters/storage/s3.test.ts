import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createS3ObjectStore } from '@kehila/functions/adapters/storage/s3';
import { loadConfig } from '@kehila/functions/core/config';
import { s3Storage } from '@kehila/functions/wiring/cloud/storage';

const buckets = { logos: 'kehila-logos', exports: 'kehila-exports' };

describe('S3 object store: presigned URLs', () => {
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('presigns a POST form whose policy fixes the key, the Content-Type and the size range', async () => {
    const store = createS3ObjectStore({ region: 'eu-west-1', buckets });
    const { url, fields } = await store.presignPost('imports/c1/j1/export.zip', {
      contentType: 'application/zip',
      maxBytes: 50 * 1024 * 1024,
      expiresSeconds: 900,
    });
    expect(url).toBe('https://kehila-exports.s3.eu-west-1.amazonaws.com/');
    expect(fields).toMatchObject({
      key: 'imports/c1/j1/export.zip',
      'Content-Type': 'application/zip',
      bucket: 'kehila-exports',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': expect.stringMatching(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/),
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 50 * 1024 * 1024],
        { key: 'imports/c1/j1/export.zip' },
        { 'Content-Type': 'application/zip' },
        { bucket: 'kehila-exports' },
      ]),
    );
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(890_000);
    expect(lifetime).toBeLessThanOrEqual(900_000);
  });

  it('puts logos in the logos bucket and everything else in the exports bucket', async () => {
    const store = createS3ObjectStore({ region: 'eu-west-1', buckets });
    expect(new URL(await store.presignGet('logos/c1.png')).host).toBe('kehila-logos.s3.eu-west-1.amazonaws.com');
    expect(new URL(await store.presignGet('exports/c1/members.csv')).host).toBe(
      'kehila-exports.s3.eu-west-1.amazonaws.com',
    );
  });

  it('refuses keys that are not safe paths', async () => {
    const store = createS3ObjectStore({ region: 'eu-west-1', buckets });
    await expect(store.presignGet('../etc/passwd')).rejects.toThrow(/invalid object key/);
    await expect(store.presignGet('/imports/x')).rejects.toThrow(/invalid object key/);
  });

  it('says which variable is missing when a bucket is not configured', async () => {
    const store = createS3ObjectStore({ region: 'eu-west-1', buckets: {} });
    await expect(store.presignGet('imports/x')).rejects.toThrow(/EXPORTS_BUCKET/);
  });
});

describe('S3 object store: calls', () => {
  const s3 = mockClient(S3Client);
  const client = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
  const store = createS3ObjectStore({ region: 'eu-west-1', buckets, client });
  beforeEach(() => s3.reset());

  it('heads an object: size and type', async () => {
    s3.on(HeadObjectCommand, { Bucket: 'kehila-exports', Key: 'imports/x.txt' }).resolves({
      ContentLength: 1234,
      ContentType: 'text/plain',
    });
    expect(await store.head('imports/x.txt')).toEqual({ size: 1234, contentType: 'text/plain' });
  });

  it('heads a missing object as null', async () => {
    s3.on(HeadObjectCommand).rejects(new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } }));
    expect(await store.head('imports/none.txt')).toBeNull();
  });

  it('does not hide a refusal as a missing object', async () => {
    s3.on(HeadObjectCommand).rejects(
      new S3ServiceException({
        name: 'Forbidden',
        $fault: 'client',
        message: 'Forbidden',
        $metadata: { httpStatusCode: 403 },
      }),
    );
    await expect(store.head('imports/x.txt')).rejects.toThrow('Forbidden');
  });

  it('reads an object as a stream, a range of it with a Range header', async () => {
    async function* body() {
      yield new TextEncoder().encode('31/12/2023, ');
      yield new TextEncoder().encode('21:41 - Dana: hi');
    }
    s3.on(GetObjectCommand).callsFake(() => ({ Body: body() }));
    const text = async (range?: { start?: number; end?: number }) => {
      let out = '';
      for await (const c of await store.read('imports/x.txt', range)) out += new TextDecoder().decode(c);
      return out;
    };
    expect(await text()).toBe('31/12/2023, 21:41 - Dana: hi');
    await text({ start: 100, end: 164 });
    await text({ start: 10 });
    expect(await text({ start: 5, end: 5 })).toBe('');
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([
      { Bucket: 'kehila-exports', Key: 'imports/x.txt' },
      { Bucket: 'kehila-exports', Key: 'imports/x.txt', Range: 'bytes=100-163' },
      { Bucket: 'kehila-exports', Key: 'imports/x.txt', Range: 'bytes=10-' },
    ]);
  });

  it('reads as a stream through the import worker’s lazy wiring too (the SDK loads on first use)', async () => {
    async function* body() {
      yield new TextEncoder().encode('31/12/2023, 21:41 - Dana: hi');
    }
    s3.on(GetObjectCommand).callsFake(() => ({ Body: body() }));
    const lazy = s3Storage({
      config: loadConfig({
        TABLE_NAME: 't',
        STAGE: 'cloud',
        AWS_REGION: 'eu-west-1',
        EXPORTS_BUCKET: 'kehila-exports',
      }),
    } as Parameters<typeof s3Storage>[0]);
    let out = '';
    for await (const c of await lazy.read('imports/x.txt', { start: 0, end: 28 })) out += new TextDecoder().decode(c);
    expect(out).toBe('31/12/2023, 21:41 - Dana: hi');
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'kehila-exports',
      Key: 'imports/x.txt',
      Range: 'bytes=0-27',
    });
  });

  it('gets, puts and deletes in the right bucket', async () => {
    const bytes = new TextEncoder().encode('31/12/2023, 21:41 - Dana: hi');
    s3.on(GetObjectCommand, { Bucket: 'kehila-exports', Key: 'imports/x.txt' }).resolves({
      // The SDK's stream mixin; only this method is read.
      Body: { transformToByteArray: async () => bytes } as never,
    });
    s3.on(PutObjectCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});

    expect((await store.get('imports/x.txt')).toString('utf8')).toBe('31/12/2023, 21:41 - Dana: hi');
    await store.put('logos/c1.png', Buffer.from([1, 2]), 'image/png');
    await store.delete('imports/x.txt');

    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toMatchObject({
      Bucket: 'kehila-logos',
      Key: 'logos/c1.png',
      ContentType: 'image/png',
    });
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'kehila-exports',
      Key: 'imports/x.txt',
    });
  });
});
