/** Object storage for uploads and exports: S3 in the cloud, files under .data/ locally. */
export interface ObjectStore {
  /** A URL the browser (or CLI) can PUT the object to, with the headers it must send. */
  presignPut(key: string, options: { contentType: string; expiresSeconds?: number }): Promise<{ url: string; headers: Record<string, string> }>;
  get(key: string): Promise<Buffer>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}
