import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
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
 * The S3 object store. Uploads are presigned POST forms whose policy names the exact key and
 * Content-Type and a `content-length-range`, so S3 itself refuses a larger body (EntityTooLarge).
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
    async presignPost(key, { contentType, maxBytes, expiresSeconds }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucketOf(key),
        Key: key,
        // The policy also pins every field below (the key and the Content-Type) to its exact value.
        Conditions: [['content-length-range', 1, maxBytes]],
        Fields: { 'Content-Type': contentType },
        Expires: expiresSeconds ?? DEFAULT_PRESIGN_SECONDS,
      });
      return { url, fields };
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
    async read(key, range) {
      const start = range?.start ?? 0;
      if (range?.end !== undefined && range.end <= start) return (async function* () {})();
      const res = await client.send(
        new GetObjectCommand({
          Bucket: bucketOf(key),
          Key: key,
          ...(start > 0 || range?.end !== undefined
            ? { Range: `bytes=${start}-${range?.end !== undefined ? range.end - 1 : ''}` }
            : {}),
        }),
      );
      if (!res.Body) throw new Error(`object ${key} has no body`);
      // In Node the SDK's body is a Readable: iterating it reads the response as it arrives.
      return res.Body as AsyncIterable<Uint8Array>;
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucketOf(key), Key: key, Body: body, ContentType: contentType }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucketOf(key), Key: key }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`not a folder prefix: ${prefix}`);
      const bucket = bucketOf(`${prefix}x`);
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const res = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (res.Errors?.length) throw new Error(`S3 kept ${res.Errors.length} objects under ${prefix}`);
          deleted += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },
  };
}
