import type { Deps } from '../deps';
import { logger } from '../logger';
import type { SearchDoc } from '../ports/search';
import { readQueueMessage, type MessageEmbedJob, type WalkJob } from '../queues';
import { getMessageItems, markEmbedded, type MessageRef } from '../../data/search-state';
import { embedWithVersion, hasText, searchDocOfItem, textHash, versionScope } from './docs';
import { ensureEmbeddingVersion, runWalkPage } from './indexing';

/**
 * Embedding and indexing of stored messages (queue `embed`): reads the stored messages of a batch, embeds their text in one
 * AI call per community, upserts the documents with their vectors into the search index and marks
 * each message as embedded (version + text hash), so a redelivered job costs nothing. Documents
 * are upserted even when embedding fails, so text search never waits for the AI provider; those
 * records are reported as failures and retried (DLQ after the queue's maxReceiveCount).
 * The queue also carries the pages of a re-embedding walk (adapters/search/indexing.ts).
 */

/** Outcome per SQS message id: null when done, the error otherwise. */
export type EmbedOutcome = Map<string, Error | null>;

function assertVectors(vectors: unknown, count: number, dimensions: number): number[][] {
  if (!Array.isArray(vectors) || vectors.length !== count) {
    throw new Error(`embedding returned ${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${count} texts`);
  }
  for (const v of vectors) {
    if (!Array.isArray(v) || v.length !== dimensions || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new Error(`embedding returned a vector that is not ${dimensions} finite numbers`);
    }
  }
  return vectors as number[][];
}

/** Embeds and indexes one community's message jobs; every job of the group shares the outcome. */
async function embedCommunity(
  deps: Pick<Deps, 'ai' | 'db' | 'search' | 'queues' | 'config' | 'now'>,
  communityId: string,
  jobs: readonly MessageEmbedJob[],
): Promise<void> {
  // Without an AI provider the messages are still indexed for text search (and retried).
  let version: string | null = null;
  let embedError: Error | null = null;
  try {
    version = await ensureEmbeddingVersion(deps, communityId);
  } catch (err) {
    embedError = err instanceof Error ? err : new Error(String(err));
  }
  const refs: MessageRef[] = jobs.map((j) => ({ msgId: j.msgId, timestamp: j.timestamp }));
  const items = await getMessageItems(deps.db, communityId, refs);

  // A job for a message that is gone (deleted since): make the index agree.
  const missing = [...new Set(refs.filter((r) => !items.has(r.msgId)).map((r) => r.msgId))];
  if (missing.length > 0) await deps.search.remove(communityId, missing);

  const docs: SearchDoc[] = [];
  const toEmbed: { index: number; ref: MessageRef; text: string; hash: string }[] = [];
  // Messages without text are indexed, never embedded; marking them lets a walk skip them.
  const toMark: { ref: MessageRef; hash: string }[] = [];
  // In job order (a BatchGet answers in any order), each message once.
  const ordered = [...new Set(refs.map((r) => r.msgId))].flatMap((id) => {
    const item = items.get(id);
    return item ? [item] : [];
  });
  for (const item of ordered) {
    const doc = searchDocOfItem(communityId, item);
    if (!doc) continue;
    docs.push(doc);
    if (!hasText(doc.content)) {
      if (version !== null && item.embedding_version !== version) {
        toMark.push({ ref: { msgId: doc.msgId, timestamp: doc.timestamp }, hash: textHash('') });
      }
      continue;
    }
    const hash = textHash(doc.content);
    // Already embedded with this version and this text: only the fields are refreshed.
    if (version !== null && item.embedding_version === version && item.embedded_hash === hash) continue;
    toEmbed.push({
      index: docs.length - 1,
      ref: { msgId: doc.msgId, timestamp: doc.timestamp },
      text: doc.content,
      hash,
    });
  }
  if (docs.length === 0) return;

  if (version !== null && toEmbed.length > 0) {
    try {
      const embedded = await embedWithVersion(
        deps.ai,
        toEmbed.map((e) => e.text),
        { communityId, purpose: 'document' },
        version,
        versionScope(deps.config),
      );
      const vectors = assertVectors(embedded.vectors, toEmbed.length, deps.ai.embeddingDimensions);
      // The provider's space may have moved since the version was read: label with what made them.
      version = embedded.version;
      const made = embedded.version;
      toEmbed.forEach((e, i) => {
        docs[e.index] = { ...(docs[e.index] as SearchDoc), vector: vectors[i] ?? [], vectorVersion: made };
      });
    } catch (err) {
      embedError = err instanceof Error ? err : new Error(String(err));
      logger.warn('embed: embedding failed; indexed for text search only', {
        communityId,
        count: toEmbed.length,
        error: embedError.message,
      });
    }
  }
  await deps.search.upsert(docs);
  if (toEmbed.length > 0 && (embedError || version === null)) {
    throw embedError ?? new Error('no embedding version');
  }
  if (version === null) return;

  const at = deps.now().toISOString();
  const marked = version;
  await Promise.all(
    [...toEmbed, ...toMark].map((e) =>
      markEmbedded(deps.db, communityId, e.ref, { version: marked, hash: e.hash, at }),
    ),
  );
}

/**
 * Processes a batch of `embed` jobs and returns the outcome of each record. Message jobs are grouped
 * per community (one AI call each); walk pages run one by one. A record whose body is not a job
 * fails (and reaches the DLQ after its receives).
 */
export async function processEmbedRecords(
  deps: Pick<Deps, 'ai' | 'db' | 'search' | 'queues' | 'config' | 'now'>,
  records: readonly { readonly messageId: string; readonly body: string }[],
): Promise<EmbedOutcome> {
  const outcome: EmbedOutcome = new Map();
  const byCommunity = new Map<string, { recordIds: string[]; jobs: MessageEmbedJob[] }>();
  const walks: { recordId: string; job: WalkJob }[] = [];
  for (const record of records) {
    let job;
    try {
      job = readQueueMessage('embed', record.body);
    } catch (err) {
      outcome.set(record.messageId, err as Error);
      continue;
    }
    if ('reembed' in job) {
      walks.push({ recordId: record.messageId, job });
      continue;
    }
    const group = byCommunity.get(job.communityId) ?? { recordIds: [], jobs: [] };
    group.recordIds.push(record.messageId);
    group.jobs.push(job);
    byCommunity.set(job.communityId, group);
  }

  await Promise.all(
    [...byCommunity].map(async ([communityId, group]) => {
      let error: Error | null = null;
      try {
        await embedCommunity(deps, communityId, group.jobs);
      } catch (err) {
        error = err instanceof Error ? err : new Error(String(err));
        logger.error('embed: batch of a community failed', {
          communityId,
          correlation_ids: [...new Set(group.jobs.flatMap((j) => (j.correlation_id ? [j.correlation_id] : [])))],
          error,
        });
      }
      for (const id of group.recordIds) outcome.set(id, error);
    }),
  );
  for (const { recordId, job } of walks) {
    try {
      await runWalkPage(deps, job);
      outcome.set(recordId, null);
    } catch (err) {
      logger.error('embed: walk page failed', { communityId: job.communityId, error: err as Error });
      outcome.set(recordId, err instanceof Error ? err : new Error(String(err)));
    }
  }
  return outcome;
}
