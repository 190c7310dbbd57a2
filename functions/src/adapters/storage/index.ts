import type { Config } from '../../core/config';
import { createLocalObjectStore } from './local';
import type { ObjectStore } from './port';
import { createS3ObjectStore } from './s3';

/**
 * Object storage: files under the local data directory when LOCAL_OBJECTS_DIR is set (the local
 * stack), S3 otherwise (LOGOS_BUCKET for `logos/` keys, EXPORTS_BUCKET for the rest).
 */
export function createObjectStore(config: Config): ObjectStore {
  const o = config.objects ?? {};
  if (o.localDir) {
    if (!o.localSecret) throw new Error('LOCAL_OBJECTS_SECRET must be set with LOCAL_OBJECTS_DIR');
    return createLocalObjectStore({ dir: o.localDir, secret: o.localSecret, baseUrl: o.localBaseUrl ?? '' });
  }
  if (config.stage === 'local') {
    throw new Error(
      'the local object store is not configured (LOCAL_OBJECTS_DIR; infra/local/plugins/storage.ts sets it)',
    );
  }
  return createS3ObjectStore({
    region: config.region,
    buckets: {
      ...(o.logosBucket ? { logos: o.logosBucket } : {}),
      ...(o.exportsBucket ? { exports: o.exportsBucket } : {}),
    },
  });
}
