/** Object storage for uploads and exports: S3 in the cloud, files under .data/ locally. */
export interface ObjectStore {
  /** A URL the browser (or CLI) can PUT the object to, with the headers it must send. */
  presignPut(
    key: string,
    options: { contentType: string; expiresSeconds?: number },
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** A URL anyone holding it can GET the object from until it expires. */
  presignGet(key: string, options?: { expiresSeconds?: number }): Promise<string>;
  /** Size and type of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string | null } | null>;
  get(key: string): Promise<Buffer>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Default lifetime of a presigned URL. */
export const DEFAULT_PRESIGN_SECONDS = 15 * 60;

/**
 * Object keys are paths of safe segments (letters, digits, `-`, `_`, `.`; a segment never starts
 * with a dot, so no `..` and no hidden files): they name files on disk locally and S3 keys in the
 * cloud, so both must accept them.
 */
export function isObjectKey(key: string): boolean {
  return (
    key.length > 0 && key.length <= 512 && /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key)
  );
}

/** Throws unless `key` is a valid object key (see isObjectKey). */
export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}
