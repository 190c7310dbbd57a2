import { GetCommand, PutCommand } from './table-client';
import type { PlatformStats } from '@kehila/shared';
import type { Db } from './db';
import { keys } from './keys';
import { readDayBuckets } from './aggregates';

/** The cached platform totals, or null before the first computation. */
export async function getPlatformTotals(db: Db): Promise<PlatformStats | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.platformTotals() }));
  const item = res.Item;
  if (!item) return null;
  return {
    messages_analyzed: Number(item.messages_analyzed ?? 0),
    active_communities: Number(item.active_communities ?? 0),
    community_members: Number(item.community_members ?? 0),
    computed_at: String(item.computed_at ?? ''),
  };
}

/** Stores freshly computed platform totals (the last computation wins; each is a full recount). */
export async function putPlatformTotals(db: Db, totals: PlatformStats): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...keys.platformTotals(), entity: 'platform_totals', ...totals } }),
  );
}

/** One community's figures from its day buckets: all messages, and the messages and distinct senders since `sinceDay`. */
export async function communityTotals(
  db: Db,
  communityId: string,
  sinceDay: string,
): Promise<{ messages: number; recentMessages: number; recentSenders: number }> {
  let messages = 0;
  let recentMessages = 0;
  const senders = new Set<string>();
  for (const b of await readDayBuckets(db, communityId, '0000-01-01', '9999-12-31')) {
    const count = b.values.count ?? 0;
    messages += count;
    if (b.bucket < sinceDay) continue;
    recentMessages += count;
    for (const [k, v] of Object.entries(b.values)) if (k.startsWith('s_') && v > 0) senders.add(k);
  }
  return { messages, recentMessages, recentSenders: senders.size };
}
