/**
 * Where the local provider keeps what it learns from a community, so that it survives restarts and
 * behaves the same in Lambda and on a laptop. Items (keys in data/keys.ts, docs/ai.md):
 *
 * The table calls are in data/ai-model.ts.
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
import type { Db } from '../../../data/db';
import {
  aiCorpusBetween,
  appendAiCorpus,
  claimAiSnapshot,
  EMPTY_AI_STATE,
  getAiState,
  loadAiSnapshot,
  recentAiCorpus,
  releaseAiSnapshot,
  saveAiSnapshot,
  type AiState,
  type CorpusBatch,
  type SnapshotKind,
  type StoredBatch,
} from '../../../data/ai-model';

export type { AiState, CorpusBatch, SnapshotKind, SnapshotRef, StoredBatch } from '../../../data/ai-model';

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

/** The model store on the table (DynamoDB in the cloud, dynalite locally): the calls of data/ai-model.ts. */
export class DynamoModelStore implements ModelStore {
  constructor(private readonly db: Db) {}

  append(communityId: string, batch: CorpusBatch, now: Date): Promise<number> {
    return appendAiCorpus(this.db, communityId, batch, now);
  }

  state(communityId: string): Promise<AiState> {
    return getAiState(this.db, communityId);
  }

  corpusBetween(communityId: string, after: string | null, before: string): Promise<StoredBatch[]> {
    return aiCorpusBetween(this.db, communityId, after, before);
  }

  recentCorpus(communityId: string, maxDocs: number, now: Date): Promise<string[]> {
    return recentAiCorpus(this.db, communityId, maxDocs, now);
  }

  claim(communityId: string, kind: SnapshotKind, version: number, now: Date, leaseMs: number): Promise<boolean> {
    return claimAiSnapshot(this.db, communityId, kind, version, now, leaseMs);
  }

  release(communityId: string, kind: SnapshotKind): Promise<void> {
    return releaseAiSnapshot(this.db, communityId, kind);
  }

  saveSnapshot(
    communityId: string,
    kind: SnapshotKind,
    version: number,
    parts: readonly string[],
    meta: { docs: number; watermark: string | null },
    now: Date,
  ): Promise<void> {
    return saveAiSnapshot(this.db, communityId, kind, version, parts, meta, now);
  }

  loadSnapshot(communityId: string, kind: SnapshotKind, version: number): Promise<string[]> {
    return loadAiSnapshot(this.db, communityId, kind, version);
  }
}

/** An in-memory model store (tests, benchmarks). */
export class MemoryModelStore implements ModelStore {
  private readonly states = new Map<string, AiState>();
  private readonly corpus = new Map<string, StoredBatch[]>();
  private readonly snapshots = new Map<string, string[]>();
  private seq = 0;

  private st(communityId: string): AiState {
    return this.states.get(communityId) ?? EMPTY_AI_STATE;
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
