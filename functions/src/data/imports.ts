import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import * as z from 'zod';
import { ImportJobSchema, type ImportJob } from '@kehila/shared';
import { isConditionFailed, setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * A chat-export import job as stored: the API's ImportJob plus what the worker needs. The
 * counters `imported`, `duplicates` and `processed` are ADDed by the enrich worker
 * (core/messages/enrich-batch.ts) as it stores each message carrying the job's `import_id`.
 */
export const StoredImportJobSchema = ImportJobSchema.extend({
  object_key: z.string(),
  size: z.number().int().nonnegative(),
  content_type: z.string(),
  /** IANA zone the export's times are read in. */
  tz: z.string(),
  /** The admin's day/month answer; null to infer it from the file. */
  day_first: z.boolean().nullable(),
  /** The order used, once parsed. */
  date_order: z.enum(['day_first', 'month_first', 'year_first']).nullable().default(null),
  created_by: z.string(),
  /** Messages already sent to the ingest queue (a retried worker resumes after them). */
  sent: z.number().int().nonnegative().default(0),
  /** The queue delivery working on the job: its retries resume, any other delivery leaves it alone. */
  worker_token: z.string().nullable().default(null),
});
export type StoredImportJob = z.infer<typeof StoredImportJobSchema>;
export type ImportStatus = ImportJob['status'];

/** The job as the API shows it (internal fields left out). */
export function publicImportJob(job: StoredImportJob): ImportJob {
  return ImportJobSchema.parse(job);
}

/** Stores a new job; fails if the id exists. */
export async function createImportJob(db: Db, job: StoredImportJob): Promise<StoredImportJob> {
  const item = StoredImportJobSchema.parse(job);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.importJob(item.community_id, item.id), entity: 'import_job', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

/** A job by community and id, or null. */
export async function getImportJob(db: Db, communityId: string, importId: string): Promise<StoredImportJob | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.importJob(communityId, importId), ConsistentRead: true }),
  );
  return res.Item ? StoredImportJobSchema.parse(stripKeys(res.Item)) : null;
}

/**
 * Sets fields of a job if its status is one of `from` (a single-item conditional write, so two
 * workers or a worker and a request never both move a job) and, with `ifUpdatedAt`, if nothing
 * wrote to it since that time. Returns the job after the write, or null when the job is missing,
 * in another status or changed.
 */
export async function updateImportJob(
  db: Db,
  communityId: string,
  importId: string,
  from: readonly ImportStatus[],
  patch: Partial<Omit<StoredImportJob, 'id' | 'community_id' | 'created_at' | 'imported' | 'duplicates' | 'processed'>>,
  options: { ifUpdatedAt?: string } = {},
): Promise<StoredImportJob | null> {
  const set = setExpression({ ...patch, updated_at: patch.updated_at ?? new Date().toISOString() });
  const statusValues: Record<string, unknown> = Object.fromEntries(from.map((s, i) => [`:from${i}`, s]));
  const statusIn = `#status IN (${Object.keys(statusValues).join(', ')})`;
  const unchanged = options.ifUpdatedAt !== undefined ? ' AND #seenAt = :seenAt' : '';
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.importJob(communityId, importId),
        ...set,
        ExpressionAttributeNames: {
          ...set.ExpressionAttributeNames,
          '#status': 'status',
          ...(unchanged ? { '#seenAt': 'updated_at' } : {}),
        },
        ExpressionAttributeValues: {
          ...set.ExpressionAttributeValues,
          ...statusValues,
          ...(unchanged ? { ':seenAt': options.ifUpdatedAt } : {}),
        },
        ConditionExpression: `attribute_exists(pk) AND ${statusIn}${unchanged}`,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return StoredImportJobSchema.parse(stripKeys(res.Attributes ?? {}));
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/** Moves an importing job to done once every message went through; returns it if it did. */
export async function markImportDoneIfComplete(
  db: Db,
  communityId: string,
  importId: string,
  now: string,
): Promise<StoredImportJob | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.importJob(communityId, importId),
        UpdateExpression: 'SET #status = :done, updated_at = :now',
        // `processed` and `total` are DynamoDB reserved words.
        ConditionExpression: '#status = :importing AND #processed >= #total',
        ExpressionAttributeNames: { '#status': 'status', '#total': 'total', '#processed': 'processed' },
        ExpressionAttributeValues: { ':done': 'done', ':importing': 'importing', ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return StoredImportJobSchema.parse(stripKeys(res.Attributes ?? {}));
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/**
 * Adds to an import job's counters (imported, duplicates, processed) as its messages are stored; a
 * job that no longer exists is left alone.
 */
export async function addImportCounters(
  db: Db,
  communityId: string,
  importId: string,
  counts: { imported: number; duplicates: number },
  now: string,
): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.importJob(communityId, importId),
        // `processed` is a DynamoDB reserved word, hence the name placeholder.
        UpdateExpression: 'SET updated_at = :now ADD imported :i, duplicates :d, #processed :p',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#processed': 'processed' },
        ExpressionAttributeValues: {
          ':now': now,
          ':i': counts.imported,
          ':d': counts.duplicates,
          ':p': counts.imported + counts.duplicates,
        },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}
