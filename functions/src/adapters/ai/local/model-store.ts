/**
 * Where the local provider keeps what it learns from a community, so that it survives restarts and
 * behaves the same in Lambda and on a laptop. Items (keys in data/keys.ts, docs/ai.md):
 *
 * - `aiState`           docs (messages counted, ADD per batch); the current 'df' and 'emb' snapshot
 *                       (version, parts, docs, df watermark) and one lease per snapshot kind.
 * - `aiCorpus`          one item per enrich batch: the terms of each message and their surface forms
 *                       (the corpus log; ttl one year).
 * - `aiSnapshotPart`    snapshots in parts under 300 KB: 'df' = document frequency and readable form
 *                       of every term, folded from the corpus log; 'emb' = the embedding model.
 *
 * An enrich batch costs two writes (the count and its corpus item), whatever its vocabulary;
 * document frequencies are folded from the log into a new 'df' snapshot when the community has
 * grown by a quarter (compaction), under a lease so only one process does it.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../../../data/table-client';
import type { Db } from '../../../data/db';
import { isConditionFailed } from '../../../data/db';
import { keys } from '../../../data/keys';

/** A snapshot part stays under this size, well inside DynamoDB's 400 KB item limit. */
const PART_MAX_BYTES = 300_000;

/** Packs a snapshot's lines, in order, into parts of at most PART_MAX_BYTES each. */
export function packParts(lines: readonly string[]): string[] {
  const parts: string[] = [];
  let cur: string[] = [];
  let bytes = 0;
  for (const l of lines) {
    const b = Buffer.byteLength(l, 'utf8') + 1;
    if (bytes + b > PART_MAX_BYTES && cur.length > 0) {
      parts.push(cur.join('\n'));
      cur = [];
      bytes = 0;
    }
    cur.push(l);
    bytes += b;
  }
  if (cur.length) parts.push(cur.join('\n'));
  return parts;
}

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

/** Persistence of the local provider's learned state. */
export interface ModelStore {
  /** Counts a batch and appends it to the corpus log; returns the community's message count. */
  append(communityId: string, batch: CorpusBatch, now: Date): Promise<number>;
  state(communityId: string): Promise<AiState>;
  /** Corpus batches with keys in (after, before), oldest first. */
  corpusBetween(communityId: string, after: string | null, before: string): Promise<StoredBatch[]>;
  /** The most recent corpus lines, newest first, at most `maxDocs`. */
  recentCorpus(communityId: string, maxDocs: number, now: Date): Promise<string[]>;
  /** Takes the lease to build `version` of a snapshot, unless it exists or another process holds the lease. */
  claim(communityId: string, kind: SnapshotKind, version: number, now: Date, leaseMs: number): Promise<boolean>;
  /** Stores a snapshot and makes it current (never moves a version backwards); releases the lease. */
  saveSnapshot(
    communityId: string,
    kind: SnapshotKind,
    version: number,
    parts: readonly string[],
    meta: { docs: number; watermark: string | null },
    now: Date,
  ): Promise<void>;
  /** Gives the lease back without a new version. */
  release(communityId: string, kind: SnapshotKind): Promise<void>;
  /** The parts of a stored snapshot, in order. */
  loadSnapshot(communityId: string, kind: SnapshotKind, version: number): Promise<string[]>;
}

const NO_SNAPSHOT: SnapshotRef = { version: 0, parts: 0, docs: 0, watermark: null, leaseUntil: 0, builtAt: 0 };
const EMPTY_STATE: AiState = { docs: 0, df: NO_SNAPSHOT, emb: NO_SNAPSHOT };
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

/** The model store on the table (DynamoDB in the cloud, dynalite locally). */
export class DynamoModelStore implements ModelStore {
  constructor(private readonly db: Db) {}

  async append(communityId: string, batch: CorpusBatch, now: Date): Promise<number> {
    const [res] = await Promise.all([
      this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.table,
          Key: keys.aiState(communityId),
          UpdateExpression: 'ADD docs :n SET updated_at = :at',
          ExpressionAttributeValues: { ':n': batch.docs, ':at': now.toISOString() },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
      this.db.doc.send(
        new PutCommand({
          TableName: this.db.table,
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

  async state(communityId: string): Promise<AiState> {
    const res = await this.db.doc.send(new GetCommand({ TableName: this.db.table, Key: keys.aiState(communityId) }));
    if (!res.Item) return EMPTY_STATE;
    return { docs: num(res.Item.docs), df: ref(res.Item, 'df'), emb: ref(res.Item, 'emb') };
  }

  private async queryAllItems(
    input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>,
    stop?: () => boolean,
  ) {
    const out: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.db.doc.send(
        new QueryCommand({ ...input, TableName: this.db.table, ExclusiveStartKey: start }),
      );
      out.push(...(res.Items ?? []));
      start = res.LastEvaluatedKey;
    } while (start && !stop?.());
    return out;
  }

  async corpusBetween(communityId: string, after: string | null, before: string): Promise<StoredBatch[]> {
    const items = await this.queryAllItems({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      // key values cannot be empty; every corpus key starts with an ISO timestamp, after '0'
      ExpressionAttributeValues: { ':pk': keys.aiCorpusPartition(communityId), ':a': after ?? '0', ':b': before },
    });
    return items
      .filter((i) => String(i.sk) !== after && String(i.sk) !== before)
      .map((i) => ({
        key: String(i.sk),
        docs: num(i.docs),
        lines: (i.lines as string[] | undefined) ?? [],
        forms: (i.forms as Record<string, string> | undefined) ?? {},
      }));
  }

  async recentCorpus(communityId: string, maxDocs: number, now: Date): Promise<string[]> {
    const out: string[] = [];
    const nowSec = Math.floor(now.getTime() / 1000);
    const items = await this.queryAllItems(
      {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.aiCorpusPartition(communityId) },
        ProjectionExpression: '#lines, #ttl',
        ExpressionAttributeNames: { '#lines': 'lines', '#ttl': 'ttl' },
        ScanIndexForward: false,
      },
      () => out.length >= maxDocs,
    );
    for (const i of items) {
      // dynalite has no TTL and DynamoDB deletes late: expired items are skipped here
      if (typeof i.ttl === 'number' && i.ttl <= nowSec) continue;
      for (const l of (i.lines as string[] | undefined) ?? []) {
        if (out.length >= maxDocs) return out;
        out.push(l);
      }
    }
    return out;
  }

  async claim(communityId: string, kind: SnapshotKind, version: number, now: Date, leaseMs: number): Promise<boolean> {
    try {
      await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.table,
          Key: keys.aiState(communityId),
          UpdateExpression: 'SET #lease = :until',
          ConditionExpression:
            '(attribute_not_exists(#v) OR #v < :v) AND (attribute_not_exists(#lease) OR #lease < :now)',
          ExpressionAttributeNames: { '#lease': `${kind}_lease_until`, '#v': `${kind}_version` },
          ExpressionAttributeValues: { ':until': now.getTime() + leaseMs, ':v': version, ':now': now.getTime() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailed(err)) return false;
      throw err;
    }
  }

  async release(communityId: string, kind: SnapshotKind): Promise<void> {
    await this.db.doc.send(
      new UpdateCommand({
        TableName: this.db.table,
        Key: keys.aiState(communityId),
        UpdateExpression: 'REMOVE #lease',
        ExpressionAttributeNames: { '#lease': `${kind}_lease_until` },
      }),
    );
  }

  async saveSnapshot(
    communityId: string,
    kind: SnapshotKind,
    version: number,
    parts: readonly string[],
    meta: { docs: number; watermark: string | null },
    now: Date,
  ): Promise<void> {
    for (const [i, data] of parts.entries()) {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.table,
          Item: { ...keys.aiSnapshotPart(communityId, kind, version, i), data },
        }),
      );
    }
    try {
      await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.table,
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
    // the previous version stays (a reader may have pinned it a moment ago); older ones go
    if (version < 2) return;
    const old = await this.queryAllItems({
      KeyConditionExpression: 'pk = :pk AND sk < :sk',
      ExpressionAttributeValues: {
        ':pk': keys.aiSnapshotPartition(communityId, kind),
        ':sk': keys.aiSnapshotPart(communityId, kind, version - 1, 0).sk,
      },
      ProjectionExpression: 'pk, sk',
    });
    await Promise.all(
      old.map((i) =>
        this.db.doc.send(
          new DeleteCommand({ TableName: this.db.table, Key: { pk: i.pk as string, sk: i.sk as string } }),
        ),
      ),
    );
  }

  async loadSnapshot(communityId: string, kind: SnapshotKind, version: number): Promise<string[]> {
    const prefix = keys.aiSnapshotPart(communityId, kind, version, 0).sk.replace(/P#\d+$/, 'P#');
    const items = await this.queryAllItems({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.aiSnapshotPartition(communityId, kind), ':prefix': prefix },
    });
    return items.sort((a, b) => String(a.sk).localeCompare(String(b.sk))).map((i) => String(i.data ?? ''));
  }
}

/** An in-memory model store (tests, benchmarks). */
export class MemoryModelStore implements ModelStore {
  private readonly states = new Map<string, AiState>();
  private readonly corpus = new Map<string, StoredBatch[]>();
  private readonly snapshots = new Map<string, string[]>();
  private seq = 0;

  private st(communityId: string): AiState {
    return this.states.get(communityId) ?? EMPTY_STATE;
  }

  async append(communityId: string, batch: CorpusBatch, now: Date): Promise<number> {
    const s = this.st(communityId);
    this.states.set(communityId, { ...s, docs: s.docs + batch.docs });
    const list = this.corpus.get(communityId) ?? [];
    list.push({ ...batch, key: `${now.toISOString()}#${String(this.seq++).padStart(8, '0')}` });
    this.corpus.set(communityId, list);
    return s.docs + batch.docs;
  }

  async state(communityId: string): Promise<AiState> {
    return this.st(communityId);
  }

  async corpusBetween(communityId: string, after: string | null, before: string): Promise<StoredBatch[]> {
    return (this.corpus.get(communityId) ?? []).filter((b) => (after === null || b.key > after) && b.key < before);
  }

  async recentCorpus(communityId: string, maxDocs: number): Promise<string[]> {
    const out: string[] = [];
    const list = this.corpus.get(communityId) ?? [];
    for (let i = list.length - 1; i >= 0 && out.length < maxDocs; i--) {
      for (const l of list[i]!.lines) if (out.length < maxDocs) out.push(l);
    }
    return out;
  }

  async claim(communityId: string, kind: SnapshotKind, version: number, now: Date, leaseMs: number): Promise<boolean> {
    const s = this.st(communityId);
    if (s[kind].version >= version || s[kind].leaseUntil >= now.getTime()) return false;
    this.states.set(communityId, { ...s, [kind]: { ...s[kind], leaseUntil: now.getTime() + leaseMs } });
    return true;
  }

  async release(communityId: string, kind: SnapshotKind): Promise<void> {
    const s = this.st(communityId);
    this.states.set(communityId, { ...s, [kind]: { ...s[kind], leaseUntil: 0 } });
  }

  async saveSnapshot(
    communityId: string,
    kind: SnapshotKind,
    version: number,
    parts: readonly string[],
    meta: { docs: number; watermark: string | null },
    now: Date,
  ): Promise<void> {
    this.snapshots.set(`${communityId}#${kind}#${version}`, [...parts]);
    const s = this.st(communityId);
    if (version > s[kind].version) {
      this.states.set(communityId, {
        ...s,
        [kind]: {
          version,
          parts: parts.length,
          docs: meta.docs,
          watermark: meta.watermark,
          leaseUntil: 0,
          builtAt: now.getTime(),
        },
      });
    }
  }

  async loadSnapshot(communityId: string, kind: SnapshotKind, version: number): Promise<string[]> {
    return this.snapshots.get(`${communityId}#${kind}#${version}`) ?? [];
  }
}
