/** A browser form upload (HTML form POST, as S3 defines it): post `fields`, then the file as `file`, to `url`. */
export interface PresignedPost {
  readonly url: string;
  /** Form fields to send before the file, exactly as given (key, Content-Type, policy, signature...). */
  readonly fields: Record<string, string>;
}

/** Object storage for uploads and exports: S3 in the cloud, files under .data/ locally. */
export interface ObjectStore {
  /**
   * A form upload of exactly `key`, with exactly `contentType`, of 1 to `maxBytes` bytes, until it
   * expires. The storage itself refuses anything else (a larger body never gets stored).
   */
  presignPost(
    key: string,
    options: { contentType: string; maxBytes: number; expiresSeconds?: number },
  ): Promise<PresignedPost>;
  /** A URL anyone holding it can GET the object from until it expires. */
  presignGet(key: string, options?: { expiresSeconds?: number }): Promise<string>;
  /** Size and type of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string | null } | null>;
  get(key: string): Promise<Buffer>;
  /**
   * Opens the object for reading: its bytes as they arrive, from `start` (default 0) up to `end`
   * (exclusive, default the end); nothing is held beyond the chunk being read. Rejects when the
   * object does not exist. (A promise, as every method of a port loaded lazily must be.)
   */
  read(key: string, range?: { start?: number; end?: number }): Promise<AsyncIterable<Uint8Array>>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a folder, ending in `/`); resolves to how many. */
  deletePrefix(prefix: string): Promise<number>;
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
