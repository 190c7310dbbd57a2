import * as z from 'zod';
import { DataJobSchema, type DataJob } from '@kehila/shared';
import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import { setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/** How long a finished job (and its report) is kept: the export's object expires after the same week. */
const JOB_TTL_SECONDS = 7 * 24 * 60 * 60;

/** A data-rights job as stored: the API's job without its download link, plus the export's object. */
export const StoredDataJobSchema = DataJobSchema.omit({ download_url: true, download_expires_at: true }).extend({
  user_id: z.string(),
  object_key: z.string().nullable(),
  /** An account job: the user's name in the user pool (`cognito:username`), which its deletion removes. */
  user_name: z.string().nullable().optional(),
});
export type StoredDataJob = z.infer<typeof StoredDataJobSchema>;

/** Stores a new job under its user (an id is never reused). */
export async function createDataJob(db: Db, job: StoredDataJob): Promise<void> {
  const item = StoredDataJobSchema.parse(job);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.dataJob(job.user_id, job.id),
        entity: 'data_job',
        ttl: Math.floor(Date.parse(job.created_at) / 1000) + JOB_TTL_SECONDS,
        ...item,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A user's job, or null. */
export async function getDataJob(db: Db, userId: string, jobId: string): Promise<StoredDataJob | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.dataJob(userId, jobId), ConsistentRead: true }),
  );
  return res.Item ? StoredDataJobSchema.parse(stripKeys(res.Item)) : null;
}

/** Sets fields of a job (progress, status, counts, the export's object). */
export async function updateDataJob(
  db: Db,
  userId: string,
  jobId: string,
  patch: Partial<
    Pick<StoredDataJob, 'status' | 'progress' | 'counts' | 'error' | 'object_key' | 'user_name' | 'updated_at'>
  >,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.dataJob(userId, jobId),
      ...setExpression(patch),
    }),
  );
}

/** The job as the API shows it, with its download link when there is one. */
export function publicDataJob(job: StoredDataJob, download: { url: string; expiresAt: string } | null): DataJob {
  return DataJobSchema.parse({
    ...job,
    download_url: download?.url ?? null,
    download_expires_at: download?.expiresAt ?? null,
  });
}
