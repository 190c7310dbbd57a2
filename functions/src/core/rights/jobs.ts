import { communityDisplayName, type DataJob } from '@kehila/shared';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { newId } from '../communities/records';
import { getCommunity } from '../../data/communities';
import { createDataJob, getDataJob, publicDataJob, type StoredDataJob } from '../../data/data-jobs';
import { RIGHTS_TEXTS } from './texts';

/** Lifetime of an export's download link: short, a new one is made on every read of the job. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** A new job of the user, stored before it is queued, so the worker always finds the job it is given. */
export async function queueDataJob(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  fields: Pick<StoredDataJob, 'kind' | 'user_id' | 'community_id' | 'community_name'> &
    Partial<Pick<StoredDataJob, 'user_name'>>,
): Promise<DataJob> {
  const now = deps.now().toISOString();
  const job: StoredDataJob = {
    id: newId(),
    ...fields,
    status: 'queued',
    progress: 0,
    counts: {},
    error: null,
    object_key: null,
    created_at: now,
    updated_at: now,
  };
  await createDataJob(deps.db, job);
  await deps.queues.send('rights', { user_id: job.user_id, job_id: job.id });
  return publicDataJob(job, null);
}

async function startJob(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  user: AuthUser,
  communityId: string,
  kind: StoredDataJob['kind'],
  confirmName?: string,
): Promise<DataJob> {
  const community = await getCommunity(deps.db, communityId);
  if (!community) throw fail.notFound('Community not found');
  const name = communityDisplayName(community);
  if (kind === 'community_deletion' && confirmName?.trim() !== name.trim()) {
    throw fail.badRequest(RIGHTS_TEXTS.confirmMismatch, [
      { path: 'confirm_name', message: RIGHTS_TEXTS.confirmMismatch },
    ]);
  }
  return queueDataJob(deps, { kind, user_id: user.id, community_id: communityId, community_name: name });
}

/**
 * Starts the community's export (GDPR Art. 15, 20) for its workspace owner: the route's `owner` rule
 * (core/authz.ts, the one owner check) has already admitted the caller.
 */
export function startCommunityExport(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  user: AuthUser,
  communityId: string,
): Promise<DataJob> {
  return startJob(deps, user, communityId, 'community_export');
}

/** Starts erasing the community (GDPR Art. 17) once its owner typed its name as shown. */
export function startCommunityDeletion(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  user: AuthUser,
  communityId: string,
  confirmName: string,
): Promise<DataJob> {
  return startJob(deps, user, communityId, 'community_deletion', confirmName);
}

/** One of the caller's jobs; a finished export carries a fresh short-lived download link. */
export async function readDataJob(
  deps: Pick<Deps, 'db' | 'storage' | 'now'>,
  user: AuthUser,
  jobId: string,
): Promise<DataJob> {
  const job = await getDataJob(deps.db, user.id, jobId);
  if (!job) throw fail.notFound(RIGHTS_TEXTS.jobNotFound);
  if (job.status !== 'done' || !job.object_key) return publicDataJob(job, null);
  const url = await deps.storage.presignGet(job.object_key, { expiresSeconds: DOWNLOAD_LINK_SECONDS });
  const expiresAt = new Date(deps.now().getTime() + DOWNLOAD_LINK_SECONDS * 1000).toISOString();
  return publicDataJob(job, { url, expiresAt });
}
