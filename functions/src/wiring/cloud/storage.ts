import type { ObjectStore } from '../../core/ports/storage';
import type { Wiring } from '../deps';
import { lazyPort } from '../lazy';

/**
 * The object store on S3 (LOGOS_BUCKET for `logos/` keys, EXPORTS_BUCKET for the rest), its SDK
 * client loaded on first use (a lazy chunk): the message list never loads it, imports do.
 */
export const s3Storage: NonNullable<Wiring['storage']> = ({ config }) =>
  lazyPort<ObjectStore>(async () => {
    const { createS3ObjectStore } = await import('../../adapters/storage/s3');
    const o = config.objects ?? {};
    return createS3ObjectStore({
      region: config.region,
      buckets: {
        ...(o.logosBucket ? { logos: o.logosBucket } : {}),
        ...(o.exportsBucket ? { exports: o.exportsBucket } : {}),
      },
    });
  });
