import { sealableThrough } from '../../data/aggregate-blocks';
import { listSearchCommunities } from '../../data/search-state';
import type { Deps } from '../deps';
import { logger } from '../logger';
import { recountDay } from '../messages/recount';
import { sealCommunity } from './seal';

/** What a nightly run did, over every community. */
export interface NightlyReport {
  readonly day: string;
  readonly communities: number;
  readonly messages: number;
  /** Communities whose finished day had drift (repaired). */
  readonly drifted: readonly string[];
  readonly blocks: number;
}

/**
 * The nightly aggregate job (EventBridge Scheduler at 00:30 UTC; the local stack hourly): for every
 * community with messages, recounts the UTC day just finished from its messages (repairing and
 * logging any drift), then seals the finished days into blocks. Both steps are idempotent, so a
 * repeated or late run changes nothing more; one community's failure does not stop the others.
 */
export async function runNightlyAggregates(
  deps: Pick<Deps, 'db' | 'config' | 'secrets' | 'now'>,
): Promise<NightlyReport> {
  const day = sealableThrough(deps.now());
  const ids = await listSearchCommunities(deps.db);
  let messages = 0;
  let blocks = 0;
  const drifted: string[] = [];
  for (const id of ids) {
    try {
      const report = await recountDay(deps, id, day);
      messages += report.messages;
      if (report.drift.length > 0) {
        drifted.push(id);
        logger.warn('aggregate drift repaired', { community_id: id, day, drift: report.drift.slice(0, 20) });
      }
      blocks += (await sealCommunity(deps, id)).built;
    } catch (err) {
      logger.error('nightly aggregates failed for a community', { community_id: id, day, error: err as Error });
    }
  }
  return { day, communities: ids.length, messages, drifted, blocks };
}
