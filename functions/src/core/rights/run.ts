import type { Deps } from '../deps';
import type { DataRightsTask } from '../queues';
import { logger } from '../logger';
import { getDataJob, updateDataJob, type StoredDataJob } from '../../data/data-jobs';
import { eraseCommunity } from './erase';
import { buildCommunityExport } from './export';
import { accountExportFolder, buildAccountExport, eraseAccount } from './account';
import { AppError } from '../errors';
import { RIGHTS_TEXTS } from './texts';

/**
 * Where an export is stored: a community's under its folder (erased with the community), a user's own
 * under theirs (erased with their account).
 */
export function exportObjectKey(
  job: Pick<StoredDataJob, 'kind' | 'community_id' | 'user_id' | 'id' | 'created_at'>,
): string {
  const day = job.created_at.slice(0, 10);
  return job.kind === 'account_export'
    ? `${accountExportFolder(job.user_id)}${job.id}/kehila-account-export-${day}.zip`
    : `data-exports/${job.community_id ?? ''}/${job.id}/kehila-export-${day}.zip`;
}

/**
 * Runs one data-rights job (the `rights` worker): a community's or an account's export into a zip
 * object, or its erasure with a count per store. Progress is written as it goes, for the web to poll.
 * A job already done is left alone (a redelivered message does nothing twice); a refusal (an owner's
 * account) fails the job at once with its message, as the route would have said.
 */
export async function runDataJob(
  deps: Pick<Deps, 'db' | 'search' | 'storage' | 'identity' | 'secrets' | 'config' | 'now'>,
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
    if (job.kind === 'community_export' || job.kind === 'account_export') {
      const { zip, counts } =
        job.kind === 'account_export'
          ? await buildAccountExport(deps, job.user_id, progress)
          : await buildCommunityExport(deps, job.community_id ?? '', progress);
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
      const counts =
        job.kind === 'account_deletion'
          ? await eraseAccount(deps, job, progress)
          : await eraseCommunity(deps, job.community_id ?? '', progress);
      // The record of an account's deletion keeps no sign-in name (it may be the e-mail address).
      await updateDataJob(deps.db, job.user_id, job.id, {
        status: 'done',
        progress: 100,
        counts,
        ...(job.kind === 'account_deletion' ? { user_name: null } : {}),
        updated_at: at(),
      });
    }
    logger.info('data-rights job done', { jobId: job.id, kind: job.kind, communityId: job.community_id });
  } catch (err) {
    if (err instanceof AppError) {
      await updateDataJob(deps.db, job.user_id, job.id, { status: 'failed', error: err.message, updated_at: at() });
      return;
    }
    if (options.lastAttempt) {
      const error = job.kind.endsWith('_export') ? RIGHTS_TEXTS.exportFailed : RIGHTS_TEXTS.deletionFailed;
      await updateDataJob(deps.db, job.user_id, job.id, { status: 'failed', error, updated_at: at() });
    }
    throw err;
  }
}
