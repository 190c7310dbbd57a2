import {
  CLUSTER_EXAMPLES,
  CLUSTER_KEYWORDS,
  CLUSTER_MAP_POINTS,
  CLUSTERS_MAX,
  CLUSTERS_MAX_MESSAGES,
  CLUSTERS_TOP,
  AnalyticsTimeRangeSchema,
  type AnalyticsEvent,
  type Message,
  type TopicCluster,
  type TopicClusters,
} from '@kehila/shared';
import type { Deps } from '../deps';
import { AppError, fail } from '../errors';
import { logger } from '../logger';
import type { AiClusterInput } from '../ports/ai';
import type { MessageVector } from '../ports/search';
import { embeddingVersion, versionScope } from '../search/docs';
import { getMessagesByKeys } from '../../data/messages';
import { countUsageEvent, getTopicClusters, putTopicClusters, usageCounter } from '../../data/topic-clusters';
import { clusterCount, distinctiveKeywords, kMeans, project2d } from './clustering';

const DAY_MS = 86_400_000;
/** Longest example text kept (a card line). */
const EXAMPLE_MAX_CHARS = 280;

/** S2 §8 "Clusters". */
export const CLUSTERS_FETCH_FAILED = 'Failed to fetch topic clusters';
export const CLUSTERS_GENERATE_FAILED = 'Failed to generate clusters';

/** The stored clusters of a period, or null before the first Generate (S2 §7.6 get-clusters). */
export async function getClusters(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  days: number,
): Promise<{ result: TopicClusters | null }> {
  try {
    return { result: await getTopicClusters(deps.db, communityId, days) };
  } catch (err) {
    logger.error('clusters: read failed', { communityId, error: err as Error });
    throw fail.unavailable(CLUSTERS_FETCH_FAILED);
  }
}

/** What clustering makes of the period's vectors, before the messages and labels are joined. */
export interface ClusterLayout {
  /** Clusters largest first: the indexes (into the input) of their members, nearest the centre first. */
  readonly members: number[][];
  /** Each cluster's centre on the map. */
  readonly centres: { x: number; y: number }[];
  /** Each input vector's map coordinates. */
  readonly x: number[];
  readonly y: number[];
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Clusters vectors (k-means, k ≈ √(n/2) up to CLUSTERS_MAX) and lays them out on a 2-D map (PCA of
 * the vectors; a cluster's centre is the mean of its members' coordinates). Deterministic.
 */
export function layoutClusters(vectors: readonly (readonly number[])[]): ClusterLayout {
  const k = clusterCount(vectors.length, CLUSTERS_MAX);
  const { assignments, centroids } = kMeans(vectors, k, { seed: 1 });
  const { x, y } = project2d(vectors);
  const groups = centroids.map(() => [] as number[]);
  assignments.forEach((c, i) => groups[c]?.push(i));
  const distance = (i: number, c: Float64Array) => {
    const v = vectors[i] as readonly number[];
    let s = 0;
    for (let j = 0; j < v.length; j++) s += ((v[j] as number) - (c[j] as number)) ** 2;
    return s;
  };
  const clusters = groups
    .map((members, c) => {
      const centroid = centroids[c] as Float64Array;
      const d = new Map(members.map((i) => [i, distance(i, centroid)]));
      return members.sort((a, b) => (d.get(a) as number) - (d.get(b) as number) || a - b);
    })
    .filter((members) => members.length > 0)
    .sort((a, b) => b.length - a.length || (a[0] as number) - (b[0] as number));
  const mean = (members: number[], axis: number[]) => members.reduce((s, i) => s + (axis[i] as number), 0) / members.length;
  return {
    members: clusters,
    centres: clusters.map((m) => ({ x: mean(m, x), y: mean(m, y) })),
    x,
    y,
  };
}

/** The period [from, to) of the last `days` days to now. */
function period(now: Date, days: number): { from: string; to: string } {
  return { from: new Date(now.getTime() - days * DAY_MS).toISOString(), to: new Date(now.getTime() + 1).toISOString() };
}

/** Most frequent values first (ties by value). */
function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v]) => v);
}

/**
 * Generate clusters (S2 §7.6 generate-clusters): the period's embedded messages (the latest
 * CLUSTERS_MAX_MESSAGES, of the community's current embedding version), clustered by meaning and
 * mapped to 2-D; each cluster's distinctive keywords from the messages' enrichment keywords, its
 * examples the messages nearest its centre, its label the AI provider's. Stored (replacing the
 * period's last) before it is answered.
 */
export async function generateClusters(
  deps: Pick<Deps, 'db' | 'now' | 'ai' | 'search' | 'config'>,
  communityId: string,
  days: number,
): Promise<TopicClusters> {
  try {
    const now = deps.now();
    const version = await embeddingVersion(deps.ai, communityId, versionScope(deps.config));
    const vectors: MessageVector[] = await deps.search.vectors({
      communityId,
      ...period(now, days),
      version,
      limit: CLUSTERS_MAX_MESSAGES,
    });
    const messages = new Map(
      (await getMessagesByKeys(deps.db, communityId, vectors)).map((m): [string, Message] => [m.msg_id, m]),
    );
    // A message deleted since it was indexed is left out.
    const kept = vectors.filter((v) => messages.has(v.msgId));
    const layout = layoutClusters(kept.map((v) => v.vector));
    const messageOf = (i: number) => messages.get((kept[i] as MessageVector).msgId) as Message;
    const keywordsOf = (i: number) => (messageOf(i).keywords ?? []).map((k) => k.trim().toLowerCase()).filter(Boolean);
    // Keyword phrases first; when no phrase recurs in a cluster, the words of its phrases.
    const wordsOf = (i: number) => keywordsOf(i).flatMap((k) => k.split(/\s+/)).filter((w) => w.length > 1);
    const countAll = (of: (i: number) => string[]) => {
      const overall = new Map<string, number>();
      kept.forEach((_, i) => {
        for (const k of new Set(of(i))) overall.set(k, (overall.get(k) ?? 0) + 1);
      });
      return overall;
    };
    const phrases = countAll(keywordsOf);
    const words = countAll(wordsOf);
    const keywordsOfCluster = (members: number[]) => {
      const best = distinctiveKeywords(members.map(keywordsOf), phrases, kept.length, CLUSTER_KEYWORDS);
      return best.length > 0 ? best : distinctiveKeywords(members.map(wordsOf), words, kept.length, CLUSTER_KEYWORDS);
    };
    const inputs: AiClusterInput[] = layout.members.map((members) => ({
      size: members.length,
      keywords: keywordsOfCluster(members),
      topics: byFrequency(members.map((i) => messageOf(i).topic ?? '').filter(Boolean)).slice(0, 3),
      examples: members
        .map((i) => messageOf(i).content?.trim() ?? '')
        .filter(Boolean)
        .slice(0, CLUSTER_EXAMPLES),
    }));
    const labels = await deps.ai.labelClusters({ clusters: inputs, communityId });
    const clusters: TopicCluster[] = layout.members.map((members, c) => ({
      id: c,
      label: labels[c] ?? '',
      size: members.length,
      keywords: [...(inputs[c]?.keywords ?? [])],
      examples: members
        .filter((i) => messageOf(i).content?.trim())
        .slice(0, CLUSTER_EXAMPLES)
        .map((i) => {
          const m = messageOf(i);
          return {
            msg_id: m.msg_id,
            timestamp: m.timestamp,
            text: (m.content ?? '').trim().slice(0, EXAMPLE_MAX_CHARS),
            sender_name: m.Sender_name ?? null,
          };
        }),
      x: round3(layout.centres[c]?.x ?? 0),
      y: round3(layout.centres[c]?.y ?? 0),
    }));
    const points = layout.members.slice(0, CLUSTERS_TOP).flatMap((members, c) =>
      members.slice(0, CLUSTER_MAP_POINTS).map((i) => ({
        cluster: c,
        x: round3(layout.x[i] ?? 0),
        y: round3(layout.y[i] ?? 0),
      })),
    );
    const result: TopicClusters = {
      days: AnalyticsTimeRangeSchema.parse(days),
      created_at: now.toISOString(),
      provider: deps.ai.name,
      message_count: kept.length,
      clusters,
      points,
    };
    await putTopicClusters(deps.db, communityId, result);
    return result;
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.error('clusters: generation failed', { communityId, days, error: err as Error });
    throw fail.unavailable(CLUSTERS_GENERATE_FAILED);
  }
}

/** Records a usage event of an analytics screen (S3 §2): counted on its UTC day, then logged. */
export async function recordAnalyticsEvent(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  userId: string,
  event: AnalyticsEvent,
): Promise<{ recorded: true }> {
  const day = deps.now().toISOString().slice(0, 10);
  await countUsageEvent(deps.db, communityId, day, event);
  logger.info('analytics event', { communityId, userId, counter: usageCounter(event), ...event });
  return { recorded: true };
}
