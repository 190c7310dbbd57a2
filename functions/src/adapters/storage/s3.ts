import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertObjectKey, DEFAULT_PRESIGN_SECONDS, type ObjectStore } from '../../core/ports/storage';

/** Where objects live in the cloud: logos in their own bucket (served by CloudFront), the rest in the exports bucket. */
export interface S3Buckets {
  /** Keys under `logos/`. */
  readonly logos?: string;
  /** Every other key (chat-export uploads under `imports/`, generated exports). */
  readonly exports?: string;
}

/**
 * The S3 object store. Presigned PUTs sign the Content-Type (the uploader must send exactly the
 * returned headers) and carry no checksum: the SDK's default CRC32 would be that of an empty body
 * and S3 would refuse the real one.
 */
export function createS3ObjectStore(options: { region: string; buckets: S3Buckets; client?: S3Client }): ObjectStore {
  const client =
    options.client ?? new S3Client({ region: options.region, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const bucketOf = (key: string) => {
    assertObjectKey(key);
    const name = key.startsWith('logos/') ? options.buckets.logos : options.buckets.exports;
    if (!name) throw new Error(`no bucket configured for ${key} (LOGOS_BUCKET / EXPORTS_BUCKET)`);
    return name;
  };
  const isMissing = (err: unknown) =>
    err instanceof S3ServiceException &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

  return {
    async presignPut(key, { contentType, expiresSeconds }) {
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucketOf(key), Key: key, ContentType: contentType }),
        { expiresIn: expiresSeconds ?? DEFAULT_PRESIGN_SECONDS, signableHeaders: new Set(['content-type']) },
      );
      return { url, headers: { 'content-type': contentType } };
    },
    async presignGet(key, opts) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucketOf(key), Key: key }), {
        expiresIn: opts?.expiresSeconds ?? DEFAULT_PRESIGN_SECONDS,
      });
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucketOf(key), Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? null };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucketOf(key), Key: key }));
      if (!res.Body) throw new Error(`object ${key} has no body`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucketOf(key), Key: key, Body: body, ContentType: contentType }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucketOf(key), Key: key }));
    },
  };
}
