import * as z from 'zod';
import { EnrichmentJobSchema, type EnrichmentOutcome } from '@kehila/shared';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { conditionHolds, queryPage, setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * LinkedIn enrichment jobs (docs/business-intelligence.md) in the community's `C#<cid>#BI`
 * partition, and the lock that keeps one enrichment in progress per community.
 */

/** A job as stored, with the queue delivery working on it. */
export const StoredEnrichmentJobSchema = EnrichmentJobSchema.extend({
  worker_token: z.string().nullable().default(null),
});
export type StoredEnrichmentJob = z.infer<typeof StoredEnrichmentJobSchema>;

/**
 * Takes the community's enrichment lock for a job: true when taken (no lock, or one older than
 * `staleBefore`, left by a job whose worker died), false while another job holds it.
 */
export async function takeEnrichmentLock(
  db: Db,
  communityId: string,
  jobId: string,
  at: string,
  staleBefore: string,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.enrichmentLock(communityId), entity: 'enrichment_lock', job_id: jobId, locked_at: at },
        ConditionExpression: 'attribute_not_exists(pk) OR #at < :stale',
        ExpressionAttributeNames: { '#at': 'locked_at' },
        ExpressionAttributeValues: { ':stale': staleBefore },
      }),
    ),
  );
}

/** Keeps the lock fresh while a job works (each chunk). */
export async function touchEnrichmentLock(db: Db, communityId: string, jobId: string, at: string): Promise<void> {
  await conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.enrichmentLock(communityId),
        UpdateExpression: 'SET #at = :at',
        ConditionExpression: '#job = :job',
        ExpressionAttributeNames: { '#at': 'locked_at', '#job': 'job_id' },
        ExpressionAttributeValues: { ':at': at, ':job': jobId },
      }),
    ),
  );
}

/** Releases the lock if `jobId` holds it. */
export async function releaseEnrichmentLock(db: Db, communityId: string, jobId: string): Promise<void> {
  await conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.enrichmentLock(communityId),
        ConditionExpression: '#job = :job',
        ExpressionAttributeNames: { '#job': 'job_id' },
        ExpressionAttributeValues: { ':job': jobId },
      }),
    ),
  );
}

/** Stores a new job (its id is new). */
export async function putEnrichmentJob(db: Db, job: StoredEnrichmentJob): Promise<void> {
  const item = StoredEnrichmentJobSchema.parse(job);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.enrichmentJob(item.community_id, item.id), entity: 'enrichment_job', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A job by id, or null. */
export async function getEnrichmentJob(
  db: Db,
  communityId: string,
  jobId: string,
): Promise<StoredEnrichmentJob | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.enrichmentJob(communityId, jobId), ConsistentRead: true }),
  );
  return res.Item ? StoredEnrichmentJobSchema.parse(stripKeys(res.Item)) : null;
}

/** The community's latest job, or null before the first. */
export async function latestEnrichmentJob(db: Db, communityId: string): Promise<StoredEnrichmentJob | null> {
  const { pk, skPrefix } = keys.enrichmentJobPrefix(communityId);
  const res = await queryPage(db, { pk, sk: { prefix: skPrefix } }, { order: 'desc', limit: 1 });
  return res.items[0] ? StoredEnrichmentJobSchema.parse(stripKeys(res.items[0])) : null;
}

/** Moves a job from one of `from` to a new state: the updated job, or null when it was in none of them. */
export async function updateEnrichmentJob(
  db: Db,
  communityId: string,
  jobId: string,
  from: readonly StoredEnrichmentJob['status'][],
  patch: Partial<Omit<StoredEnrichmentJob, 'id' | 'community_id' | 'results'>>,
): Promise<StoredEnrichmentJob | null> {
  const set = setExpression(patch);
  const statuses = Object.fromEntries(from.map((s, i) => [`:from${i}`, s]));
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.enrichmentJob(communityId, jobId),
        ...set,
        ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#status': 'status' },
        ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ...statuses },
        ConditionExpression: `attribute_exists(pk) AND #status IN (${Object.keys(statuses).join(', ')})`,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ? StoredEnrichmentJobSchema.parse(stripKeys(res.Attributes)) : null;
  } catch (err) {
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

const COUNTER: Record<EnrichmentOutcome, 'enriched' | 'not_found' | 'failed' | null> = {
  enriched: 'enriched',
  not_found: 'not_found',
  failed: 'failed',
  no_linkedin: null,
};

/**
 * Records what came of one member, once: the outcome and the job's counters move together, only if
 * the member has no outcome yet (a redelivered chunk counts nobody twice). True when recorded now.
 */
export async function recordEnrichmentOutcome(
  db: Db,
  communityId: string,
  jobId: string,
  memberId: string,
  outcome: EnrichmentOutcome,
  at: string,
): Promise<boolean> {
  const counter = COUNTER[outcome];
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.enrichmentJob(communityId, jobId),
        UpdateExpression: `SET #r.#m = :o, #p = #p + :one, #u = :at${counter ? ', #c = #c + :one' : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#r.#m)',
        ExpressionAttributeNames: {
          '#r': 'results',
          '#m': memberId,
          '#p': 'processed',
          '#u': 'updated_at',
          ...(counter ? { '#c': counter } : {}),
        },
        ExpressionAttributeValues: { ':o': outcome, ':one': 1, ':at': at },
      }),
    ),
  );
}
