import { ACTIVE_MEMBER_WINDOW_DAYS, ONE_DAY_MS, type PlatformStats } from '@kehila/shared';
import { communityTotals, getPlatformTotals, putPlatformTotals } from '../../data/platform-stats';
import { listSearchCommunities } from '../../data/search-state';
import type { Deps } from '../deps';

/** How long computed platform totals are served before they are counted again. */
export const PLATFORM_STATS_TTL_MS = 60 * 60 * 1000;

/**
 * The landing page's live platform analytics (S3 §2): the cached totals while they are fresh, else a
 * recount from the aggregates (one Query of day buckets per community with messages, never a Scan
 * and never per visit): messages analyzed, communities with a message in the active-member window,
 * and their distinct senders in it.
 */
export async function platformStats(deps: Pick<Deps, 'db' | 'now'>): Promise<PlatformStats> {
  const now = deps.now();
  const cached = await getPlatformTotals(deps.db);
  if (cached && now.getTime() - Date.parse(cached.computed_at) < PLATFORM_STATS_TTL_MS) return cached;
  const sinceDay = new Date(now.getTime() - ACTIVE_MEMBER_WINDOW_DAYS * ONE_DAY_MS).toISOString().slice(0, 10);
  const totals: PlatformStats = {
    messages_analyzed: 0,
    active_communities: 0,
    community_members: 0,
    computed_at: now.toISOString(),
  };
  for (const communityId of await listSearchCommunities(deps.db)) {
    const c = await communityTotals(deps.db, communityId, sinceDay);
    totals.messages_analyzed += c.messages;
    if (c.recentMessages > 0) totals.active_communities += 1;
    totals.community_members += c.recentSenders;
  }
  await putPlatformTotals(deps.db, totals);
  return totals;
}
