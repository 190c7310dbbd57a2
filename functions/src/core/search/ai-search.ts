import type { AiSearchResult, SearchStats } from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { getMessagesByKeys } from '../../data/messages';
import { embedWithVersion, versionScope } from './docs';
import { ensureEmbeddingVersion } from './indexing';
import type { SearchHit } from '../ports/search';

/** S2 §8: the error toast of a failed search, also the server's message. */
export const SEARCH_FAILED = 'Failed to search messages. Please try again.';

/**
 * Hits below this cosine similarity are not "usable": unrelated texts of both providers sit close
 * to 0, so a best hit under it means the query has no neighbour in the index.
 */
export const MIN_SIMILARITY = 0.05;

/** The embedding version, or undefined when the AI provider cannot be reached (stats still answer). */
async function versionOrUndefined(deps: Deps, communityId: string): Promise<string | undefined> {
  try {
    return await ensureEmbeddingVersion(deps, communityId);
  } catch (err) {
    logger.warn('search: embedding version unavailable', { communityId, error: err as Error });
    return undefined;
  }
}

/** Semantic hits, or null when the index is not ready or the query cannot be embedded. */
async function semanticHits(deps: Deps, communityId: string, q: string, limit: number): Promise<SearchHit[] | null> {
  const version = await versionOrUndefined(deps, communityId);
  if (version === undefined) return null;
  const stats = await deps.search.stats(communityId, { version });
  if (stats.embedded === 0) return null;
  let query: { version: string; vectors: number[][] };
  try {
    query = await embedWithVersion(deps.ai, [q], { communityId, purpose: 'query' }, version, versionScope(deps.config));
  } catch (err) {
    logger.warn('search: query embedding failed; using text search', { communityId, error: err as Error });
    return null;
  }
  const vector = query.vectors[0];
  if (!vector || vector.length === 0) return null;
  const hits = await deps.search.semantic({ communityId, vector, limit, version: query.version });
  return hits.filter((h) => h.score >= MIN_SIMILARITY);
}

/**
 * Meaning-based search (S2 §4-§5, §7.1 "action search"): the query's nearest messages by embedding
 * within the community. When the index is not ready (nothing embedded with the current version) or
 * nothing is near enough, BM25 text search over any of the query's words answers instead and
 * `fallback` is true (the UI then says 'Using text search as fallback (semantic search index may
 * not be ready)').
 */
export async function aiSearch(deps: Deps, communityId: string, q: string, limit: number): Promise<AiSearchResult> {
  try {
    const hits = await semanticHits(deps, communityId, q, limit);
    if (hits && hits.length > 0) {
      return { results: await getMessagesByKeys(deps.db, communityId, hits), fallback: false };
    }
    const text = await deps.search.text({ communityId, text: q, order: 'relevance', match: 'any', limit });
    return { results: await getMessagesByKeys(deps.db, communityId, text.hits), fallback: true };
  } catch (err) {
    logger.error('search: AI search failed', { communityId, error: err as Error });
    throw fail.unavailable(SEARCH_FAILED);
  }
}

/** Indexed share of a community's messages with text, for the AI search badge (S2 §4). */
export async function searchStats(deps: Deps, communityId: string): Promise<SearchStats> {
  const version = await versionOrUndefined(deps, communityId);
  const { total, embedded } = await deps.search.stats(communityId, version !== undefined ? { version } : undefined);
  return { total, embedded, indexed_percentage: indexedPercentage(total, embedded), ai_provider: deps.ai.name };
}

/**
 * Percentage indexed, rounded down to one decimal so the badge turns green (≥ 90) only when 90 % is
 * really reached; 0 when there is nothing to index.
 */
export function indexedPercentage(total: number, embedded: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(embedded, total) * 1000) / total) / 10;
}
