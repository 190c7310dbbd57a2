import { randomUUID } from 'node:crypto';
import type { ImportJob, InboundMessage } from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { getCommunity } from '../../data/communities';
import {
  createImportJob,
  getImportJob,
  markImportDoneIfComplete,
  publicImportJob,
  updateImportJob,
  type StoredImportJob,
} from '../../data/imports';
import { ExportFileError, readExportFile } from './archive';
import { toInboundMessages } from './inbound';
import {
  IMPORT_MAX_UNPARSED_EXAMPLES,
  IMPORT_MAX_UPLOAD_BYTES,
  IMPORT_TEXTS,
  IMPORT_UPLOAD_URL_SECONDS,
} from './limits';
import { parseChatExport } from './parser';
import { isValidTimeZone } from './wall-clock';

import type { ImportTask } from '../queues';

const CONTENT_TYPES = { txt: 'text/plain', zip: 'application/zip' } as const;

type ServiceDeps = Pick<Deps, 'db' | 'queues' | 'storage' | 'now'>;

async function jobOrNotFound(deps: Pick<Deps, 'db'>, communityId: string, importId: string): Promise<StoredImportJob> {
  const job = await getImportJob(deps.db, communityId, importId);
  if (!job) throw fail.notFound(IMPORT_TEXTS.notFound);
  return job;
}

/**
 * Starts an import (admin): checks the file's name, size and the zone, creates the job in status
 * `uploading` and returns a presigned PUT for the file.
 */
export async function createImport(
  deps: ServiceDeps,
  input: { communityId: string; userId: string; filename: string; size: number; dayFirst: boolean | null; tz: string },
): Promise<{ job: ImportJob; upload: { url: string; method: 'PUT'; headers: Record<string, string> } }> {
  const ext = /\.(txt|zip)$/i.exec(input.filename.trim())?.[1]?.toLowerCase() as keyof typeof CONTENT_TYPES | undefined;
  if (!ext) throw fail.badRequest(IMPORT_TEXTS.wrongType);
  if (input.size > IMPORT_MAX_UPLOAD_BYTES) throw fail.badRequest(IMPORT_TEXTS.tooLarge);
  if (!isValidTimeZone(input.tz)) throw fail.badRequest(IMPORT_TEXTS.badTimeZone(input.tz));
  const community = await getCommunity(deps.db, input.communityId);
  if (!community) throw fail.notFound('Community not found');
  if (!community.group_id) throw fail.badRequest(IMPORT_TEXTS.noGroup);

  const id = randomUUID();
  const now = deps.now().toISOString();
  const contentType = CONTENT_TYPES[ext];
  const job = await createImportJob(deps.db, {
    id,
    community_id: input.communityId,
    filename: input.filename.trim(),
    status: 'uploading',
    total: 0,
    processed: 0,
    imported: 0,
    duplicates: 0,
    system: 0,
    unparsed: 0,
    unparsed_examples: [],
    error: null,
    created_at: now,
    updated_at: now,
    // The key never holds the admin's file name: only ids and a fixed name.
    object_key: `imports/${input.communityId}/${id}/export.${ext}`,
    size: input.size,
    content_type: contentType,
    tz: input.tz,
    day_first: input.dayFirst,
    date_order: null,
    created_by: input.userId,
    sent: 0,
    worker_token: null,
  });
  const upload = await deps.storage.presignPut(job.object_key, {
    contentType,
    expiresSeconds: IMPORT_UPLOAD_URL_SECONDS,
  });
  return { job: publicImportJob(job), upload: { url: upload.url, method: 'PUT', headers: upload.headers } };
}

/**
 * Queues an uploaded export (admin). The file must be there and within the limit. Starting a job
 * that already started returns it unchanged; a queued one is queued again (the worker runs each
 * job once, so a second delivery does nothing).
 */
export async function startImport(deps: ServiceDeps, communityId: string, importId: string): Promise<ImportJob> {
  const job = await jobOrNotFound(deps, communityId, importId);
  if (job.status === 'queued') {
    await deps.queues.send('import', { community_id: communityId, import_id: importId } satisfies ImportTask);
    return publicImportJob(job);
  }
  if (job.status !== 'uploading') return publicImportJob(job);

  const head = await deps.storage.head(job.object_key);
  if (!head) throw fail.badRequest(IMPORT_TEXTS.notUploaded);
  const now = deps.now().toISOString();
  if (head.size > IMPORT_MAX_UPLOAD_BYTES) {
    await deps.storage.delete(job.object_key);
    await updateImportJob(deps.db, communityId, importId, ['uploading'], {
      status: 'failed',
      error: IMPORT_TEXTS.tooLarge,
      size: head.size,
      updated_at: now,
    });
    throw fail.badRequest(IMPORT_TEXTS.tooLarge);
  }
  const queued = await updateImportJob(deps.db, communityId, importId, ['uploading'], {
    status: 'queued',
    size: head.size,
    updated_at: now,
  });
  // Another request started it in between: that one queued it.
  if (!queued) return publicImportJob(await jobOrNotFound(deps, communityId, importId));
  await deps.queues.send('import', { community_id: communityId, import_id: importId } satisfies ImportTask);
  return publicImportJob(queued);
}

/** Answers the day/month question of a job waiting for it (admin) and queues it again. */
export async function setImportDateOrder(
  deps: ServiceDeps,
  communityId: string,
  importId: string,
  dayFirst: boolean,
): Promise<ImportJob> {
  const job = await jobOrNotFound(deps, communityId, importId);
  if (job.status !== 'needs_date_order') throw fail.conflict(IMPORT_TEXTS.notWaitingForDateOrder);
  const queued = await updateImportJob(deps.db, communityId, importId, ['needs_date_order'], {
    status: 'queued',
    day_first: dayFirst,
    updated_at: deps.now().toISOString(),
  });
  if (!queued) throw fail.conflict(IMPORT_TEXTS.notWaitingForDateOrder);
  await deps.queues.send('import', { community_id: communityId, import_id: importId } satisfies ImportTask);
  return publicImportJob(queued);
}

/** Progress of a job (admin). An importing job whose messages all went through is done. */
export async function getImport(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  importId: string,
): Promise<ImportJob> {
  const job = await jobOrNotFound(deps, communityId, importId);
  if (job.status === 'importing' && job.processed >= job.total) {
    const done = await markImportDoneIfComplete(deps.db, communityId, importId, deps.now().toISOString());
    if (done) return publicImportJob(done);
  }
  return publicImportJob(job);
}

/** Messages sent to the ingest queue between two progress saves. */
const SEND_CHUNK = 500;
/** SQS batch limits: 10 entries and 256 KiB per SendMessageBatch (a margin is kept for attributes). */
const SQS_BATCH_ENTRIES = 10;
const SQS_BATCH_BYTES = 240_000;
/** SendMessageBatch calls in flight at once. */
const SEND_CONCURRENCY = 8;

/** Groups messages into SendMessageBatch calls that fit SQS's limits. */
export function packBatches(messages: readonly InboundMessage[]): InboundMessage[][] {
  const batches: InboundMessage[][] = [];
  let batch: InboundMessage[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = Buffer.byteLength(JSON.stringify(m));
    if (batch.length > 0 && (batch.length >= SQS_BATCH_ENTRIES || bytes + size > SQS_BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(m);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function sendAll(deps: Pick<Deps, 'queues'>, messages: readonly InboundMessage[]): Promise<void> {
  const batches = packBatches(messages);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    // After a failure no lane starts another batch: the retry resumes from the last saved point.
    while (next < batches.length && !failure) {
      const batch = batches[next] ?? [];
      next += 1;
      try {
        await deps.queues.sendBatch('ingest', batch);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, batches.length) }, lane));
  if (failure) throw failure.error;
}

/** Which delivery of the import queue is running, for resuming and for the last-attempt failure. */
export interface ImportAttempt {
  /** The queue message's id: the same on every retry of one delivery. */
  readonly token: string;
  readonly receiveCount: number;
  readonly maxReceiveCount: number;
}

async function failJob(
  deps: Pick<Deps, 'db' | 'now'>,
  job: StoredImportJob,
  error: string,
  extra: Partial<StoredImportJob> = {},
) {
  await updateImportJob(deps.db, job.community_id, job.id, ['queued', 'parsing', 'importing'], {
    ...extra,
    status: 'failed',
    error,
    worker_token: null,
    updated_at: deps.now().toISOString(),
  });
  logger.warn('import failed', { importId: job.id, communityId: job.community_id, error });
}

/**
 * Runs an import job (the import queue's worker): reads the uploaded file, decides the date
 * order (or asks for it), records total/system/unparsed, and sends the messages to the ingest
 * queue in batches with `provider: 'import'` and the job's id. Progress is saved every few hundred
 * messages, so a retry of the same delivery resumes where it stopped; the enrich worker counts
 * imported/duplicates/processed, and the job is done when processed reaches total. The uploaded
 * file is deleted once every message is queued.
 */
export async function runImport(
  deps: Pick<Deps, 'db' | 'queues' | 'storage' | 'now'>,
  task: ImportTask,
  attempt: ImportAttempt,
): Promise<void> {
  const { community_id: communityId, import_id: importId } = task;
  const found = await getImportJob(deps.db, communityId, importId);
  if (!found) return;
  let job: StoredImportJob;
  if (found.status === 'queued') {
    const claimed = await updateImportJob(deps.db, communityId, importId, ['queued'], {
      status: 'parsing',
      worker_token: attempt.token,
      error: null,
      updated_at: deps.now().toISOString(),
    });
    if (!claimed) return;
    job = claimed;
  } else if ((found.status === 'parsing' || found.status === 'importing') && found.worker_token === attempt.token) {
    job = found;
  } else {
    // Finished, waiting for the admin, or run by another delivery.
    return;
  }

  try {
    if (job.status === 'importing' && job.sent >= job.total) {
      await deps.storage.delete(job.object_key);
      await markImportDoneIfComplete(deps.db, communityId, importId, deps.now().toISOString());
      return;
    }
    const community = await getCommunity(deps.db, communityId);
    if (!community?.group_id) return await failJob(deps, job, IMPORT_TEXTS.noGroup);

    let text: string;
    try {
      text = readExportFile(await deps.storage.get(job.object_key));
    } catch (err) {
      if (err instanceof ExportFileError) return await failJob(deps, job, err.message);
      throw err;
    }
    const outcome = parseChatExport(text, {
      dayFirst: job.day_first,
      timeZone: job.tz,
      maxExamples: IMPORT_MAX_UNPARSED_EXAMPLES,
    });
    if (outcome.kind === 'needs_date_order') {
      await updateImportJob(deps.db, communityId, importId, ['parsing'], {
        status: 'needs_date_order',
        worker_token: null,
        updated_at: deps.now().toISOString(),
      });
      return;
    }
    const counts = {
      system: outcome.system,
      unparsed: outcome.unparsed,
      unparsed_examples: outcome.unparsedExamples,
      date_order: outcome.dateOrder,
    };
    if (outcome.messages.length === 0 && outcome.system === 0) {
      return await failJob(deps, job, IMPORT_TEXTS.nothingFound, counts);
    }
    const inbound = toInboundMessages(outcome.messages, { communityId, groupId: community.group_id, importId });

    if (job.status === 'parsing') {
      const started = await updateImportJob(deps.db, communityId, importId, ['parsing'], {
        ...counts,
        total: inbound.length,
        sent: 0,
        status: 'importing',
        updated_at: deps.now().toISOString(),
      });
      if (!started) return;
      job = started;
    }

    for (let from = job.sent; from < inbound.length; from += SEND_CHUNK) {
      await sendAll(deps, inbound.slice(from, from + SEND_CHUNK));
      const saved = await updateImportJob(deps.db, communityId, importId, ['importing'], {
        sent: Math.min(inbound.length, from + SEND_CHUNK),
        updated_at: deps.now().toISOString(),
      });
      if (!saved) return;
    }
    await deps.storage.delete(job.object_key);
    await markImportDoneIfComplete(deps.db, communityId, importId, deps.now().toISOString());
    logger.info('import queued', {
      importId,
      communityId,
      total: inbound.length,
      system: counts.system,
      unparsed: counts.unparsed,
    });
  } catch (err) {
    if (attempt.receiveCount >= attempt.maxReceiveCount) await failJob(deps, job, IMPORT_TEXTS.unexpected);
    throw err;
  }
}
