import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import { batchWrite, conditionHolds, isConditionFailed, queryAll, queryPages, type Db } from './db';
import { keys } from './keys';

/**
 * What the local AI provider learns from a community, on the table (docs/ai.md "What it learns,
 * and where it keeps it"): the state item (message count, current snapshot of each kind and its
 * lease), the corpus log (one item per enrich batch) and snapshots in parts. The provider's
 * `DynamoModelStore` (adapters/ai/local/model-store.ts) is these calls.
 */

/** Snapshot kinds: document frequencies, embedding model. */
export type SnapshotKind = 'df' | 'emb';

/** A snapshot pointer. */
export interface SnapshotRef {
  readonly version: number;
  readonly parts: number;
  /** Messages the snapshot accounts for. */
  readonly docs: number;
  /** Corpus log key of the last batch folded in ('df' only). */
  readonly watermark: string | null;
  readonly leaseUntil: number;
  /** When the snapshot was stored (epoch ms; 0 for none). */
  readonly builtAt: number;
}

/** A community's model state. */
export interface AiState {
  readonly docs: number;
  readonly df: SnapshotRef;
  readonly emb: SnapshotRef;
}

/** One enrich batch for the corpus log. */
export interface CorpusBatch {
  readonly docs: number;
  /** One line per message: its distinct terms joined by `|`. */
  readonly lines: readonly string[];
  /** The surface form of each term, as written in this batch. */
  readonly forms: Readonly<Record<string, string>>;
}

/** A stored corpus batch. */
export interface StoredBatch extends CorpusBatch {
  readonly key: string;
}

const NO_SNAPSHOT: SnapshotRef = { version: 0, parts: 0, docs: 0, watermark: null, leaseUntil: 0, builtAt: 0 };
/** The state of a community the provider has not seen. */
export const EMPTY_AI_STATE: AiState = { docs: 0, df: NO_SNAPSHOT, emb: NO_SNAPSHOT };
const CORPUS_TTL_SECONDS = 365 * 24 * 3600;

function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

function ref(item: Record<string, unknown>, kind: SnapshotKind): SnapshotRef {
  return {
    version: num(item[`${kind}_version`]),
    parts: num(item[`${kind}_parts`]),
    docs: num(item[`${kind}_docs`]),
    watermark: typeof item[`${kind}_watermark`] === 'string' ? (item[`${kind}_watermark`] as string) : null,
    leaseUntil: num(item[`${kind}_lease_until`]),
    builtAt: typeof item[`${kind}_built_at`] === 'string' ? Date.parse(item[`${kind}_built_at`] as string) : 0,
  };
}

/** Counts a batch's messages and appends the batch to the corpus log (two writes); returns the new count. */
export async function appendAiCorpus(db: Db, communityId: string, batch: CorpusBatch, now: Date): Promise<number> {
  const [res] = await Promise.all([
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.aiState(communityId),
        UpdateExpression: 'ADD docs :n SET updated_at = :at',
        ExpressionAttributeValues: { ':n': batch.docs, ':at': now.toISOString() },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.aiCorpus(communityId, now.toISOString(), randomUUID().slice(0, 8)),
          docs: batch.docs,
          lines: [...batch.lines],
          forms: { ...batch.forms },
          ttl: Math.floor(now.getTime() / 1000) + CORPUS_TTL_SECONDS,
        },
      }),
    ),
  ]);
  return num(res.Attributes?.docs);
}

/** A community's model state (EMPTY_AI_STATE before its first batch). */
export async function getAiState(db: Db, communityId: string): Promise<AiState> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.aiState(communityId) }));
  if (!res.Item) return EMPTY_AI_STATE;
  return { docs: num(res.Item.docs), df: ref(res.Item, 'df'), emb: ref(res.Item, 'emb') };
}

/** Corpus batches with keys strictly between `after` (null: the beginning) and `before`, oldest first. */
export async function aiCorpusBetween(
  db: Db,
  communityId: string,
  after: string | null,
  before: string,
): Promise<StoredBatch[]> {
  // key values cannot be empty; every corpus key starts with an ISO timestamp, after '0'
  const items = await queryAll(
    db,
    { pk: keys.aiCorpusPartition(communityId), sk: { between: [after ?? '0', before] } },
    { map: (i) => i },
  );
  return items
    .filter((i) => String(i.sk) !== after && String(i.sk) !== before)
    .map((i) => ({
      key: String(i.sk),
      docs: num(i.docs),
      lines: (i.lines as string[] | undefined) ?? [],
      forms: (i.forms as Record<string, string> | undefined) ?? {},
    }));
}

/** The most recent corpus lines, newest first, at most `maxDocs`; expired batches are skipped. */
export async function recentAiCorpus(db: Db, communityId: string, maxDocs: number, now: Date): Promise<string[]> {
  const out: string[] = [];
  const nowSec = Math.floor(now.getTime() / 1000);
  for await (const page of queryPages(
    db,
    { pk: keys.aiCorpusPartition(communityId) },
    { order: 'desc', attributes: ['lines', 'ttl'] },
  )) {
    for (const i of page) {
      // dynalite has no TTL and DynamoDB deletes late: expired items are skipped here
      if (typeof i.ttl === 'number' && i.ttl <= nowSec) continue;
      for (const l of (i.lines as string[] | undefined) ?? []) {
        if (out.length >= maxDocs) return out;
        out.push(l);
      }
    }
    if (out.length >= maxDocs) break;
  }
  return out;
}

/** Takes the lease to build `version` of a snapshot, unless it exists or another process holds the lease. */
export async function claimAiSnapshot(
  db: Db,
  communityId: string,
  kind: SnapshotKind,
  version: number,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.aiState(communityId),
        UpdateExpression: 'SET #lease = :until',
        ConditionExpression:
          '(attribute_not_exists(#v) OR #v < :v) AND (attribute_not_exists(#lease) OR #lease < :now)',
        ExpressionAttributeNames: { '#lease': `${kind}_lease_until`, '#v': `${kind}_version` },
        ExpressionAttributeValues: { ':until': now.getTime() + leaseMs, ':v': version, ':now': now.getTime() },
      }),
    ),
  );
}

/** Gives a snapshot lease back without a new version. */
export async function releaseAiSnapshot(db: Db, communityId: string, kind: SnapshotKind): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.aiState(communityId),
      UpdateExpression: 'REMOVE #lease',
      ExpressionAttributeNames: { '#lease': `${kind}_lease_until` },
    }),
  );
}

/**
 * Stores a snapshot's parts and makes it current (never moves a version backwards), releasing the
 * lease; keeps the previous version (a reader may have pinned it a moment ago) and deletes older ones.
 */
export async function saveAiSnapshot(
  db: Db,
  communityId: string,
  kind: SnapshotKind,
  version: number,
  parts: readonly string[],
  meta: { docs: number; watermark: string | null },
  now: Date,
): Promise<void> {
  for (const [i, data] of parts.entries()) {
    await db.doc.send(
      new PutCommand({ TableName: db.table, Item: { ...keys.aiSnapshotPart(communityId, kind, version, i), data } }),
    );
  }
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.aiState(communityId),
        UpdateExpression: `SET #v = :v, #p = :p, #d = :d, #w = :w, #at = :at REMOVE #lease`,
        ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
        ExpressionAttributeNames: {
          '#v': `${kind}_version`,
          '#p': `${kind}_parts`,
          '#d': `${kind}_docs`,
          '#w': `${kind}_watermark`,
          '#at': `${kind}_built_at`,
          '#lease': `${kind}_lease_until`,
        },
        ExpressionAttributeValues: {
          ':v': version,
          ':p': parts.length,
          ':d': meta.docs,
          ':w': meta.watermark,
          ':at': now.toISOString(),
        },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
  if (version < 2) return;
  // sort keys of older versions sort before the previous version's first part
  const old = await queryAll(
    db,
    {
      pk: keys.aiSnapshotPartition(communityId, kind),
      sk: { between: ['V#', keys.aiSnapshotPart(communityId, kind, version - 1, 0).sk] },
    },
    { attributes: ['pk', 'sk'], map: (i) => ({ pk: i.pk, sk: i.sk }) },
  );
  await batchWrite(
    db,
    old
      .filter((k) => k.sk !== keys.aiSnapshotPart(communityId, kind, version - 1, 0).sk)
      .map((Key) => ({ DeleteRequest: { Key } })),
  );
}

/** The parts of a stored snapshot, in order. */
export async function loadAiSnapshot(
  db: Db,
  communityId: string,
  kind: SnapshotKind,
  version: number,
): Promise<string[]> {
  const prefix = keys.aiSnapshotPart(communityId, kind, version, 0).sk.replace(/P#\d+$/, 'P#');
  const items = await queryAll(
    db,
    { pk: keys.aiSnapshotPartition(communityId, kind), sk: { prefix } },
    { map: (i) => i },
  );
  return items.sort((a, b) => String(a.sk).localeCompare(String(b.sk))).map((i) => String(i.data ?? ''));
}
