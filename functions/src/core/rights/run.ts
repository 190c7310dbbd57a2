import type { Deps } from '../deps';
import type { DataRightsTask } from '../queues';
import { logger } from '../logger';
import { getDataJob, updateDataJob, type StoredDataJob } from '../../data/data-jobs';
import { eraseCommunity } from './erase';
import { buildCommunityExport } from './export';
import { RIGHTS_TEXTS } from './texts';

/** Where a community's export is stored (its folder is erased with the community). */
export function exportObjectKey(job: Pick<StoredDataJob, 'community_id' | 'id' | 'created_at'>): string {
  return `data-exports/${job.community_id}/${job.id}/kehila-export-${job.created_at.slice(0, 10)}.zip`;
}

/**
 * Runs one data-rights job (the `rights` worker): the community's export into a zip object, or its
 * erasure with a count per store. Progress is written as it goes, for the web to poll. A job already
 * done is left alone (a redelivered message does nothing twice).
 */
export async function runDataJob(
  deps: Pick<Deps, 'db' | 'search' | 'storage' | 'now'>,
  task: DataRightsTask,
  options: { lastAttempt: boolean },
): Promise<void> {
  const job = await getDataJob(deps.db, task.user_id, task.job_id);
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const at = () => deps.now().toISOString();
  const progress = (share: number) =>
    updateDataJob(deps.db, job.user_id, job.id, { progress: share, updated_at: at() });
  await updateDataJob(deps.db, job.user_id, job.id, { status: 'running', updated_at: at() });
  try {
    if (job.kind === 'community_export') {
      const { zip, counts } = await buildCommunityExport(deps, job.community_id, progress);
      const key = exportObjectKey(job);
      await deps.storage.put(key, Buffer.from(zip), 'application/zip');
      await updateDataJob(deps.db, job.user_id, job.id, {
        status: 'done',
        progress: 100,
        counts,
        object_key: key,
        updated_at: at(),
      });
    } else {
      const counts = await eraseCommunity(deps, job.community_id, progress);
      await updateDataJob(deps.db, job.user_id, job.id, { status: 'done', progress: 100, counts, updated_at: at() });
    }
    logger.info('data-rights job done', { jobId: job.id, kind: job.kind, communityId: job.community_id });
  } catch (err) {
    if (options.lastAttempt) {
      const error = job.kind === 'community_export' ? RIGHTS_TEXTS.exportFailed : RIGHTS_TEXTS.deletionFailed;
      await updateDataJob(deps.db, job.user_id, job.id, { status: 'failed', error, updated_at: at() });
    }
    throw err;
  }
}
