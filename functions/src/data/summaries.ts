import { PutCommand } from './table-client';
import { StoredSummarySchema, type StoredSummary } from '@kehila/shared';
import { queryPage, stripKeys, type Db } from './db';
import { keys } from './keys';

/** Stored AI summaries (S2 §7.2 stored_summaries), one item each, sorted by creation time. */
export async function putSummary(db: Db, communityId: string, summary: StoredSummary): Promise<StoredSummary> {
  const s = StoredSummarySchema.parse(summary);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.summary(communityId, s.created_at), entity: 'summary', community_id: communityId, ...s },
    }),
  );
  return s;
}

/** The newest stored summary of a community, whatever its age, or null. */
export async function latestStoredSummary(db: Db, communityId: string): Promise<StoredSummary | null> {
  const k = keys.summary(communityId, '');
  const res = await queryPage(db, { pk: k.pk, sk: { prefix: k.sk } }, { order: 'desc', limit: 1 });
  const item = res.items[0];
  return item ? StoredSummarySchema.parse(stripKeys(item)) : null;
}
