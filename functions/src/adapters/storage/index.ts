import type { Config } from '../../core/config';
import type { ObjectStore } from './port';

/** Object storage: S3 in the cloud, files under the local data directory locally. */
export function createObjectStore(_config: Config): ObjectStore {
  throw new Error('the object store is not wired yet (functions/src/adapters/storage/index.ts)');
}
