import { randomUUID } from 'node:crypto';
import type { ImportJob, InboundMessage } from '@kehila/shared';
import { isIanaTimeZone } from '@kehila/shared/rules/time-zone';
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
import { ExportFileError, openExport, type ExportSource } from './archive';
import { createInboundConverter } from './inbound';
import {
  IMPORT_HEARTBEAT_SECONDS,
  IMPORT_MAX_UNPARSED_EXAMPLES,
  IMPORT_MAX_UPLOAD_BYTES,
  IMPORT_STALE_SECONDS,
  IMPORT_TEXTS,
  IMPORT_TIME_MARGIN_SECONDS,
  IMPORT_UPLOAD_URL_SECONDS,
} from './limits';
import { exportMessages, surveyExport } from './parser';

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
 * `uploading` and returns a presigned POST form for the file, whose policy lets the storage itself
 * refuse anything but this key, this type and at most IMPORT_MAX_UPLOAD_BYTES.
 */
export async function createImport(
  deps: ServiceDeps,
  input: { communityId: string; userId: string; filename: string; size: number; dayFirst: boolean | null; tz: string },
): Promise<{ job: ImportJob; upload: { url: string; method: 'POST'; fields: Record<string, string> } }> {
  const ext = /\.(txt|zip)$/i.exec(input.filename.trim())?.[1]?.toLowerCase() as keyof typeof CONTENT_TYPES | undefined;
  if (!ext) throw fail.badRequest(IMPORT_TEXTS.wrongType);
  if (input.size > IMPORT_MAX_UPLOAD_BYTES) throw fail.badRequest(IMPORT_TEXTS.tooLarge);
  if (!isIanaTimeZone(input.tz)) throw fail.badRequest(IMPORT_TEXTS.badTimeZone(input.tz));
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
  const upload = await deps.storage.presignPost(job.object_key, {
    contentType,
    maxBytes: IMPORT_MAX_UPLOAD_BYTES,
    expiresSeconds: IMPORT_UPLOAD_URL_SECONDS,
  });
  return { job: publicImportJob(job), upload: { url: upload.url, method: 'POST', fields: upload.fields } };
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

/**
 * Whether a job has lost its worker: queued, parsing, or still sending its messages, with no
 * progress written for IMPORT_STALE_SECONDS. A running worker writes at least every
 * IMPORT_HEARTBEAT_SECONDS and a retry resumes within the queue's visibility timeout, so only a
 * worker that crashed or timed out on its last delivery leaves a job this quiet.
 */
export function isStaleImport(job: StoredImportJob, now: Date): boolean {
  const waiting =
    job.status === 'queued' || job.status === 'parsing' || (job.status === 'importing' && job.sent < job.total);
  return waiting && now.getTime() - Date.parse(job.updated_at) > IMPORT_STALE_SECONDS * 1000;
}

/**
 * Progress of a job (admin). An importing job whose messages all went through is done; a job that
 * lost its worker (isStaleImport) is failed with the reason, so none stays parsing forever.
 */
export async function getImport(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  communityId: string,
  importId: string,
): Promise<ImportJob> {
  const job = await jobOrNotFound(deps, communityId, importId);
  if (isStaleImport(job, deps.now())) {
    const failed = await failJob(deps, job, IMPORT_TEXTS.stalled, {}, { ifUpdatedAt: job.updated_at });
    return publicImportJob(failed ?? (await jobOrNotFound(deps, communityId, importId)));
  }
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
  /** When the run must have stopped (epoch ms; Lambda's time limit), if it has one. */
  readonly deadline?: number;
}

/**
 * Moves a running job to failed with a reason for the admin and deletes its file (best effort:
 * the bucket expires leftovers). Returns the failed job, or null when it was no longer running
 * (or, with `ifUpdatedAt`, changed since).
 */
async function failJob(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  job: StoredImportJob,
  error: string,
  extra: Partial<StoredImportJob> = {},
  options: { ifUpdatedAt?: string } = {},
): Promise<StoredImportJob | null> {
  const failed = await updateImportJob(
    deps.db,
    job.community_id,
    job.id,
    ['queued', 'parsing', 'importing'],
    { ...extra, status: 'failed', error, worker_token: null, updated_at: deps.now().toISOString() },
    options,
  );
  if (!failed) return null;
  logger.warn('import failed', { importId: job.id, communityId: job.community_id, error });
  await deps.storage
    .delete(job.object_key)
    .catch((err: unknown) => logger.warn('import file not deleted', { importId: job.id, error: err as Error }));
  return failed;
}

/** The run stopped before its time limit, its place saved: the retry of the delivery resumes. */
class OutOfTimeError extends Error {
  constructor() {
    super('the import stopped before the time limit; the next delivery resumes it');
    this.name = 'OutOfTimeError';
  }
}

/** The job stopped being this run's (failed as stale, or moved by another request): stop quietly. */
class JobLostError extends Error {
  constructor() {
    super("the import job is no longer this run's");
    this.name = 'JobLostError';
  }
}

/**
 * Runs an import job (the import queue's worker). The file is checked against the upload limit
 * from its stored size before a byte is read, then read twice as a stream, one message at a time:
 * a survey (the date order, or the question; counts of messages, system lines and lines not
 * understood; every zip and text rule, so a bad file fails before anything is sent), then the
 * messages, sent to the ingest queue in batches as they are parsed, with `provider: 'import'` and
 * the job's id. `sent` is saved every few hundred messages, so a retry of the same delivery
 * resumes after it; the enrich worker counts imported/duplicates/processed, and the job is done
 * when processed reaches total. Progress is written at least every IMPORT_HEARTBEAT_SECONDS; the
 * run stops itself before the time limit. A refused file fails the job with its reason at once;
 * any other error fails it on the delivery's last attempt. The file is deleted once every message
 * is queued, or when the job fails.
 */
export async function runImport(
  deps: Pick<Deps, 'db' | 'queues' | 'storage' | 'now'>,
  task: ImportTask,
  attempt: ImportAttempt,
): Promise<void> {
  const { community_id: communityId, import_id: importId } = task;
  const found = await getImportJob(deps.db, communityId, importId);
  if (!found) return;
  const running = found.status === 'parsing' || found.status === 'importing';
  let job: StoredImportJob;
  if (found.status === 'queued' || (running && found.worker_token === attempt.token)) {
    // Claiming (or resuming) writes the job, so its progress is fresh from the first moment.
    const claimed = await updateImportJob(deps.db, communityId, importId, [found.status], {
      status: found.status === 'queued' ? 'parsing' : found.status,
      worker_token: attempt.token,
      error: null,
      updated_at: deps.now().toISOString(),
    });
    if (!claimed) return;
    job = claimed;
  } else {
    // Finished, waiting for the admin, or run by another delivery.
    return;
  }

  let lastWrite = Date.now();
  /** Writes progress (or just the time) and checks the clock; stops when the job is no longer ours. */
  const save = async (patch: Partial<StoredImportJob> = {}) => {
    const saved = await updateImportJob(deps.db, communityId, importId, [job.status], {
      ...patch,
      updated_at: deps.now().toISOString(),
    });
    if (!saved) throw new JobLostError();
    job = saved;
    lastWrite = Date.now();
  };
  const tick = async () => {
    if (attempt.deadline !== undefined && Date.now() > attempt.deadline - IMPORT_TIME_MARGIN_SECONDS * 1000) {
      throw new OutOfTimeError();
    }
    if (Date.now() - lastWrite > IMPORT_HEARTBEAT_SECONDS * 1000) await save();
  };
  async function* ticking<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const item of items) {
      yield item;
      await tick();
    }
  }

  try {
    if (job.status === 'importing' && job.sent >= job.total) {
      await deps.storage.delete(job.object_key);
      await markImportDoneIfComplete(deps.db, communityId, importId, deps.now().toISOString());
      return;
    }
    const community = await getCommunity(deps.db, communityId);
    if (!community?.group_id) return void (await failJob(deps, job, IMPORT_TEXTS.noGroup));

    // The size the store recorded, before reading: the upload form already capped it.
    const head = await deps.storage.head(job.object_key);
    if (!head) return void (await failJob(deps, job, IMPORT_TEXTS.notUploaded));
    if (head.size > IMPORT_MAX_UPLOAD_BYTES)
      return void (await failJob(deps, job, IMPORT_TEXTS.tooLarge, { size: head.size }));
    const key = job.object_key;
    const source: ExportSource = {
      size: head.size,
      async *read(start, end) {
        yield* await deps.storage.read(key, {
          ...(start !== undefined ? { start } : {}),
          ...(end !== undefined ? { end } : {}),
        });
      },
    };
    const text = await openExport(source);

    if (job.status === 'parsing') {
      const survey = await surveyExport(ticking(text.chunks()), {
        dayFirst: job.day_first,
        maxExamples: IMPORT_MAX_UNPARSED_EXAMPLES,
      });
      if (survey.kind === 'needs_date_order') {
        await save({ status: 'needs_date_order', worker_token: null });
        return;
      }
      const counts = {
        system: survey.system,
        unparsed: survey.unparsed,
        unparsed_examples: survey.unparsedExamples,
        date_order: survey.dateOrder,
      };
      if (survey.messages === 0 && survey.system === 0) {
        return void (await failJob(deps, job, IMPORT_TEXTS.nothingFound, counts));
      }
      await save({ ...counts, total: survey.messages, sent: 0, status: 'importing' });
    }

    const order = job.date_order;
    if (!order) throw new Error(`import ${importId} is importing without a date order`);
    const toInbound = createInboundConverter({ communityId, groupId: community.group_id, importId });
    const resumeAfter = job.sent;
    let seen = 0;
    let pending: InboundMessage[] = [];
    const flush = async (all: boolean) => {
      while (pending.length >= SEND_CHUNK || (all && pending.length > 0)) {
        const chunk = pending.slice(0, SEND_CHUNK);
        pending = pending.slice(chunk.length);
        await sendAll(deps, chunk);
        await save({ sent: job.sent + chunk.length });
      }
    };
    // The clock is checked per chunk read, not per group of messages: a stretch without messages
    // (a huge message being skipped) must not silence the heartbeat.
    for await (const group of exportMessages(ticking(text.chunks()), { order, timeZone: job.tz })) {
      for (const m of group) {
        // Every message is converted, sent or not, so identical messages keep their occurrence.
        const inbound = toInbound(m);
        seen += 1;
        if (seen > resumeAfter) pending.push(inbound);
      }
      await flush(false);
    }
    await flush(true);
    if (seen !== job.total) {
      // The file changed between the two passes (uploaded again): what was sent is the total.
      logger.warn('import total changed while reading', { importId, surveyed: job.total, sent: seen });
      await save({ total: job.sent });
    }
    await deps.storage.delete(job.object_key);
    await markImportDoneIfComplete(deps.db, communityId, importId, deps.now().toISOString());
    logger.info('import queued', {
      importId,
      communityId,
      total: job.total,
      system: job.system,
      unparsed: job.unparsed,
    });
  } catch (err) {
    if (err instanceof JobLostError) return;
    if (err instanceof ExportFileError) return void (await failJob(deps, job, err.message));
    if (attempt.receiveCount >= attempt.maxReceiveCount) {
      await failJob(deps, job, err instanceof OutOfTimeError ? IMPORT_TEXTS.outOfTime : IMPORT_TEXTS.unexpected);
    }
    throw err;
  }
}
