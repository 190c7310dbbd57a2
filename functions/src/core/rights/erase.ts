import type { Deps } from '../deps';
import { getCommunity, releaseGroupClaim } from '../../data/communities';
import { deletePartition, directoryLinkIds } from '../../data/community-data';
import { keys } from '../../data/keys';
import { LOGO_UPLOADS_KEY_PREFIX, logoFolder } from '../settings/settings';

/** What an erasure removed, per store (the deletion report). */
export type DeletionCounts = Record<string, number>;

/**
 * Object folders of a community (docs/data-rights.md): its chat-export uploads, its data exports, its
 * published logos (the logos bucket) and logo uploads still waiting to be checked.
 */
export function communityObjectFolders(communityId: string): Record<string, string> {
  return {
    imports: `imports/${communityId}/`,
    data_exports: `data-exports/${communityId}/`,
    logos: logoFolder(communityId),
    logo_uploads: `${LOGO_UPLOADS_KEY_PREFIX}${communityId}/`,
  };
}

/**
 * Erases a community from every store (GDPR Art. 17; docs/data-rights.md): its group claim first (no
 * new message is accepted), its search documents, its objects, every partition it owns, then its own
 * partition, with the community record last, so a retried run after a crash finds it and finishes.
 * Each step only ever addresses this community's keys: another community is never touched.
 */
export async function eraseCommunity(
  deps: Pick<Deps, 'db' | 'search' | 'storage'>,
  communityId: string,
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<DeletionCounts> {
  const counts: DeletionCounts = {};
  const community = await getCommunity(deps.db, communityId);
  if (!community) return counts;
  if (community.group_id) {
    await releaseGroupClaim(deps.db, community.group_id, communityId);
    counts['table.group_claim'] = 1;
  }
  counts['search.documents'] = await deps.search.removeCommunity(communityId);
  await onProgress(10);
  for (const [name, prefix] of Object.entries(communityObjectFolders(communityId))) {
    counts[`objects.${name}`] = await deps.storage.deletePrefix(prefix);
  }
  await onProgress(20);
  const partitions = Object.entries(
    keys.communityPartitions(communityId, await directoryLinkIds(deps.db, communityId)),
  );
  let done = 0;
  for (const [name, pk] of partitions) {
    counts[`table.${name}`] = await deletePartition(deps.db, pk);
    done += 1;
    await onProgress(20 + Math.round((done / partitions.length) * 70));
  }
  const own = keys.communityPartition(communityId);
  counts['table.community'] = await deletePartition(deps.db, own, (sk) => sk === 'COMMUNITY');
  // Documents indexed while the partitions were going (a message already in the pipeline) go too.
  counts['search.documents'] += await deps.search.removeCommunity(communityId);
  counts['table.community'] += await deletePartition(deps.db, own);
  return counts;
}
