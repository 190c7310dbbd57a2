import type { Deps } from '../deps';
import { logger } from '../logger';
import {
  advanceReembed,
  claimStalledWalk,
  getSearchState,
  pageMessageEmbeddings,
  recordEmbeddingVersion,
  WALK_START,
} from '../../data/search-state';
import type { MessageEmbedJob, WalkJob } from '../queues';
import { embeddingVersion, versionScope } from './docs';

/**
 * Keeping vectors current (docs/search.md "Re-embedding"). Every community has a search state with
 * the embedding version its vectors are made with. When the AI provider's version for a community
 * differs from the stored one, the state moves (one conditional write decides who moved it) and a
 * walk starts: a chain of `embed` queue jobs, each reading one page of the message partition and
 * queueing the stale messages of that page for embedding. The same walk runs once when a community
 * is first seen, which also catches messages stored before their embed job existed.
 */

/** Messages read per walk page. */
export const WALK_PAGE = 200;
/** A walk whose state has not moved for this long lost its job and is restarted from its cursor. */
export const WALK_STALL_MS = 5 * 60_000;
/** How long a process trusts what it last read of a community's state. */
const STATE_TTL_MS = 60_000;

const checked = new Map<string, { version: string; at: number }>();

/** Forgets cached state checks (tests). */
export function resetIndexingCache(): void {
  checked.clear();
}

/**
 * The community's current embedding version, after making sure the stored state agrees with it:
 * records a first or moved version (starting a walk), and restarts a stalled walk.
 */
export async function ensureEmbeddingVersion(
  deps: Pick<Deps, 'ai' | 'db' | 'now' | 'queues' | 'config'>,
  communityId: string,
): Promise<string> {
  const version = await embeddingVersion(deps.ai, communityId, versionScope(deps.config));
  const nowMs = deps.now().getTime();
  const cacheKey = `${deps.db.table}|${communityId}`;
  const cached = checked.get(cacheKey);
  if (cached && cached.version === version && nowMs - cached.at < STATE_TTL_MS) return version;

  const now = new Date(nowMs).toISOString();
  const state = await getSearchState(deps.db, communityId);
  if (!state || state.embedding_version !== version) {
    const outcome = await recordEmbeddingVersion(deps.db, communityId, version, now);
    if (outcome !== 'unchanged') {
      logger.info('search: embedding walk started', { communityId, version, outcome });
      await deps.queues.send('embed', { communityId, reembed: { version, after: WALK_START } } satisfies WalkJob);
    }
  } else if (state.reembed_cursor !== null && nowMs - Date.parse(state.updated_at) > WALK_STALL_MS) {
    if (await claimStalledWalk(deps.db, communityId, state.reembed_cursor, state.updated_at, now)) {
      logger.warn('search: stalled embedding walk restarted', { communityId, cursor: state.reembed_cursor });
      await deps.queues.send('embed', {
        communityId,
        reembed: { version, after: state.reembed_cursor },
      } satisfies WalkJob);
    }
  }
  checked.set(cacheKey, { version, at: nowMs });
  return version;
}

/**
 * Runs one page of a walk: queues the page's messages not indexed with the walk's version, moves
 * the cursor, and queues the next page. A job whose cursor is not the
 * state's (a duplicate, or a superseded version) does nothing; the cursor moves before the next
 * job is sent, so duplicates never multiply, and a job lost after that is restarted as stalled.
 */
export async function runWalkPage(
  deps: Pick<Deps, 'db' | 'now' | 'queues'>,
  job: WalkJob,
): Promise<{ queued: number; done: boolean }> {
  const { communityId } = job;
  const { version, after } = job.reembed;
  const state = await getSearchState(deps.db, communityId);
  if (!state || state.embedding_version !== version || state.reembed_cursor !== after) return { queued: 0, done: true };
  const page = await pageMessageEmbeddings(deps.db, communityId, after === WALK_START ? null : after, WALK_PAGE);
  // Every message indexed with another version: those with text are embedded again, the others
  // only re-indexed (a new index must hold them too).
  const stale = page.items.filter((i) => i.version !== version);
  if (stale.length > 0) {
    await deps.queues.sendBatch(
      'embed',
      stale.map((i) => ({ communityId, msgId: i.ref.msgId, timestamp: i.ref.timestamp }) satisfies MessageEmbedJob),
    );
  }
  const now = deps.now().toISOString();
  if (!(await advanceReembed(deps.db, communityId, version, after, page.last, now))) {
    return { queued: stale.length, done: true };
  }
  if (page.last === null) {
    logger.info('search: embedding walk finished', { communityId, version });
    return { queued: stale.length, done: true };
  }
  await deps.queues.send('embed', { communityId, reembed: { version, after: page.last } } satisfies WalkJob);
  return { queued: stale.length, done: false };
}
