import * as z from 'zod';
import {
  MemberSchema,
  type Member,
  BiRunSchema,
  BusinessOpportunitySchema,
  MarketIntelligenceSchema,
  PartnershipMatchSchema,
  type BiRun,
  type MarketIntelligence,
} from '@kehila/shared';
import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import { batchGet, conditionHolds, queryAll, queryPage, setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * Business intelligence (S3 §3; docs/business-intelligence.md): opportunities, partnership matches,
 * analysis runs and the last market intelligence of a community, in its `C#<cid>#BI` partition.
 */

/** An opportunity as stored: the S3 fields without the joined member, plus the run that found it and its service. */
export const StoredOpportunitySchema = BusinessOpportunitySchema.omit({ member: true }).extend({
  /** The run that first found it ('new' on the stat card while that run is the latest). */
  run_id: z.string(),
  service_en: z.string(),
  service_he: z.string(),
  /** Deleted by an admin: kept as a mark so a later run never brings it back, never listed. */
  deleted: z.boolean().default(false),
});
export type StoredOpportunity = z.infer<typeof StoredOpportunitySchema>;

/** A partnership match as stored: the member ids, the run that last proposed it. */
export const StoredPartnershipSchema = PartnershipMatchSchema.omit({ member_a: true, member_b: true }).extend({
  member_a_id: z.string(),
  member_b_id: z.string(),
  /** The run that last proposed it: the Partners tab shows the latest run's. */
  run_id: z.string(),
  /** The run that first proposed it ('new' on the stat card). */
  first_run_id: z.string(),
});
export type StoredPartnership = z.infer<typeof StoredPartnershipSchema>;

/** A run as stored, with the queue delivery working on it. */
export const StoredRunSchema = BiRunSchema.extend({ worker_token: z.string().nullable().default(null) });
export type StoredRun = z.infer<typeof StoredRunSchema>;

/** Stores an opportunity unless its id exists (found before, or deleted): true when stored now. */
export async function putOpportunityIfNew(db: Db, o: StoredOpportunity): Promise<boolean> {
  const item = StoredOpportunitySchema.parse(o);
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.opportunity(item.community_id, item.id), entity: 'opportunity', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Every opportunity of a community, deleted marks included, in no particular order. */
export async function listOpportunityItems(db: Db, communityId: string): Promise<StoredOpportunity[]> {
  const { pk, skPrefix } = keys.opportunityPrefix(communityId);
  return queryAll(db, { pk, sk: { prefix: skPrefix } }, { map: (i) => StoredOpportunitySchema.parse(stripKeys(i)) });
}

/** Marks an opportunity deleted; false when there is none (or it was deleted already). */
export async function markOpportunityDeleted(db: Db, communityId: string, opportunityId: string): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.opportunity(communityId, opportunityId),
        UpdateExpression: 'SET deleted = :t',
        ConditionExpression: 'attribute_exists(pk) AND deleted = :f',
        ExpressionAttributeValues: { ':t': true, ':f': false },
      }),
    ),
  );
}

/** Writes a run's partnership matches (a pair proposed before keeps its first run). */
export async function putPartnership(db: Db, p: StoredPartnership): Promise<void> {
  const item = StoredPartnershipSchema.parse(p);
  const { first_run_id: firstRun, ...rest } = item;
  const set = setExpression({ ...rest, entity: 'partnership_match' });
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.partnershipMatch(item.community_id, item.id),
      ...set,
      UpdateExpression: `${set.UpdateExpression}, #first = if_not_exists(#first, :first)`,
      ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#first': 'first_run_id' },
      ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':first': firstRun },
    }),
  );
}

/** Every partnership match ever proposed in a community. */
export async function listPartnershipItems(db: Db, communityId: string): Promise<StoredPartnership[]> {
  const { pk, skPrefix } = keys.partnershipMatchPrefix(communityId);
  return queryAll(db, { pk, sk: { prefix: skPrefix } }, { map: (i) => StoredPartnershipSchema.parse(stripKeys(i)) });
}

/** Creates a run unless one of this period exists: the run of the period, and whether it was made now. */
export async function createRunIfNew(db: Db, run: StoredRun): Promise<{ run: StoredRun; created: boolean }> {
  const item = StoredRunSchema.parse(run);
  const created = await conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.biRun(item.community_id, item.id), entity: 'bi_run', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (created) return { run: item, created };
  const existing = await getRun(db, item.community_id, item.id);
  if (!existing) throw new Error('run vanished after a conflicting create');
  return { run: existing, created: false };
}

/** A run by id, or null. */
export async function getRun(db: Db, communityId: string, runId: string): Promise<StoredRun | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.biRun(communityId, runId), ConsistentRead: true }),
  );
  return res.Item ? StoredRunSchema.parse(stripKeys(res.Item)) : null;
}

/** The latest run of a community (run ids sort by period), or null. */
export async function latestRun(db: Db, communityId: string, opts: { done?: boolean } = {}): Promise<StoredRun | null> {
  const { pk, skPrefix } = keys.biRunPrefix(communityId);
  if (!opts.done) {
    const res = await queryPage(db, { pk, sk: { prefix: skPrefix } }, { order: 'desc', limit: 1 });
    return res.items[0] ? StoredRunSchema.parse(stripKeys(res.items[0])) : null;
  }
  // the latest finished one: runs are one per hour at most, a few pages at worst
  for (let startKey: Record<string, unknown> | undefined; ;) {
    const res = await queryPage(db, { pk, sk: { prefix: skPrefix } }, { order: 'desc', limit: 25, startKey });
    const done = res.items.map((i) => StoredRunSchema.parse(stripKeys(i))).find((r) => r.status === 'done');
    if (done) return done;
    if (!res.lastKey) return null;
    startKey = res.lastKey;
  }
}

/**
 * Sets fields of a run if its status is one of `from` (and, with `token`, if that delivery holds it):
 * the run after the write, or null when it is missing or moved on.
 */
export async function updateRun(
  db: Db,
  communityId: string,
  runId: string,
  from: readonly BiRun['status'][],
  patch: Partial<Omit<StoredRun, 'id' | 'community_id' | 'created_at'>>,
  token?: string,
): Promise<StoredRun | null> {
  const set = setExpression({ ...patch, updated_at: patch.updated_at ?? new Date().toISOString() });
  const statusValues = Object.fromEntries(from.map((s, i) => [`:from${i}`, s]));
  const held = token !== undefined ? ' AND #token = :token' : '';
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.biRun(communityId, runId),
        ...set,
        ConditionExpression: `attribute_exists(pk) AND #status IN (${Object.keys(statusValues).join(', ')})${held}`,
        ExpressionAttributeNames: {
          ...set.ExpressionAttributeNames,
          '#status': 'status',
          ...(token !== undefined ? { '#token': 'worker_token' } : {}),
        },
        ExpressionAttributeValues: {
          ...set.ExpressionAttributeValues,
          ...statusValues,
          ...(token !== undefined ? { ':token': token } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ? StoredRunSchema.parse(stripKeys(res.Attributes)) : null;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

/** Stores the community's market intelligence (replacing the last). */
export async function putMarketIntelligence(db: Db, communityId: string, m: MarketIntelligence): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.marketIntelligence(communityId),
        entity: 'market_intelligence',
        community_id: communityId,
        result: MarketIntelligenceSchema.parse(m),
      },
    }),
  );
}

/** The community's last market intelligence, or null. */
export async function getMarketIntelligence(db: Db, communityId: string): Promise<MarketIntelligence | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.marketIntelligence(communityId) }));
  return res.Item ? MarketIntelligenceSchema.parse(res.Item.result) : null;
}

/** Members by id, read in one batch (the joins of S3 §7); missing ones are left out. */
export async function getMembersByIds(db: Db, communityId: string, ids: readonly string[]): Promise<Member[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const items = await batchGet(
    db,
    unique.map((id) => keys.member(communityId, id)),
  );
  return items.map((i) => MemberSchema.parse(stripKeys(i)));
}
