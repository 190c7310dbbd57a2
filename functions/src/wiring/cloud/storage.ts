import { createS3ObjectStore } from '../../adapters/storage/s3';
import type { Wiring } from '../deps';

/** The object store on S3 (LOGOS_BUCKET for `logos/` keys, EXPORTS_BUCKET for the rest). */
export const s3Storage: NonNullable<Wiring['storage']> = ({ config }) => {
  const o = config.objects ?? {};
  return createS3ObjectStore({
    region: config.region,
    buckets: {
      ...(o.logosBucket ? { logos: o.logosBucket } : {}),
      ...(o.exportsBucket ? { exports: o.exportsBucket } : {}),
    },
  });
};
