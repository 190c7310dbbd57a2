import { TopicClustersSchema, type AnalyticsEvent, type TopicClusters } from '@kehila/shared';
import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import type { Db } from './db';
import { keys } from './keys';

/**
 * Topic clusters (S2 §3 topic cluster result) and the usage counters of the analytics screens, in the
 * community's own partition (erased with it).
 */

/** Stores the clusters of a period, replacing the last ones. */
export async function putTopicClusters(db: Db, communityId: string, result: TopicClusters): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.topicClusters(communityId, result.days),
        entity: 'topic_clusters',
        community_id: communityId,
        result: TopicClustersSchema.parse(result),
      },
    }),
  );
}

/** The last stored clusters of a period, or null. */
export async function getTopicClusters(db: Db, communityId: string, days: number): Promise<TopicClusters | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.topicClusters(communityId, days) }));
  return res.Item ? TopicClustersSchema.parse(res.Item.result) : null;
}

/** The counter an event adds to: `e_page_view_analytics`, `e_tab_change_ai_insights`, `e_time_range_change_30`. */
export function usageCounter(e: AnalyticsEvent): string {
  const detail = e.event === 'tab_change' ? e.tab : e.event === 'time_range_change' ? `${e.page}_${e.days}` : e.page;
  return `e_${e.event}_${detail}`;
}

/** Counts one usage event on its UTC day. */
export async function countUsageEvent(db: Db, communityId: string, day: string, e: AnalyticsEvent): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.usageDay(communityId, day),
      UpdateExpression: 'SET entity = :entity, community_id = :cid ADD #n :one',
      ExpressionAttributeNames: { '#n': usageCounter(e) },
      ExpressionAttributeValues: { ':entity': 'analytics_usage', ':cid': communityId, ':one': 1 },
    }),
  );
}

/** The usage counters of one day (tests, operators). */
export async function getUsageDay(db: Db, communityId: string, day: string): Promise<Record<string, number>> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.usageDay(communityId, day) }));
  return Object.fromEntries(
    Object.entries(res.Item ?? {}).filter(([k, v]) => k.startsWith('e_') && typeof v === 'number'),
  ) as Record<string, number>;
}
