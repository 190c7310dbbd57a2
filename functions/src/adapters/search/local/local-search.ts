import { keys } from '../../../data/keys';
import type { Db } from '../../../data/db';
import {
  bytesToVector,
  deleteVectors,
  listSearchCommunities,
  partitionPages,
  putVectors,
  type MessageRef,
  type StoredVector,
} from '../../../data/search-state';
import { fail } from '../../../core/errors';
import { decodeCursor, encodeCursor, sortValues } from '../../../core/cursor';
import { searchDocOfItem } from '../../../core/search/docs';
import type { MessageVector, SearchDoc, SearchHit, SearchPort, TextQuery } from '../../../core/ports/search';
import { CommunityIndex } from './community-index';

/** What a rebuild did, for the start log and the bench. */
export interface RebuildReport {
  readonly communities: number;
  readonly documents: number;
  readonly vectors: number;
  readonly ms: number;
  readonly failed: readonly { communityId: string; error: string }[];
}

function toMs(iso: string | undefined, name: string): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw fail.badRequest(`Invalid ${name} date`);
  return ms;
}

/**
 * The embedded search engine (`npm start`, tests): one in-memory CommunityIndex per community.
 * With a table it loads a community from the table on first use (messages plus the vectors it
 * stored), keeps vectors in the table so a restart loses nothing, and rebuilds every community at
 * start (`rebuild`). Without a table (bench, unit tests) it is memory only.
 */
export class LocalSearch implements SearchPort {
  private readonly ready = new Map<string, CommunityIndex>();
  private readonly loading = new Map<string, Promise<CommunityIndex>>();

  constructor(private readonly db?: Db) {}

  /** A community's index, loading it from the table the first time. */
  async community(communityId: string): Promise<CommunityIndex> {
    const index = this.ready.get(communityId);
    if (index) return index;
    let loading = this.loading.get(communityId);
    if (!loading) {
      loading = this.load(communityId).then(
        (loaded) => {
          this.ready.set(communityId, loaded.index);
          this.loading.delete(communityId);
          return loaded.index;
        },
        (err: unknown) => {
          this.loading.delete(communityId);
          throw err;
        },
      );
      this.loading.set(communityId, loading);
    }
    return loading;
  }

  /**
   * Loads every community with a search state that is not loaded yet (plugin start). A community
   * that fails to load is reported and left to load on first use.
   */
  async rebuild(): Promise<RebuildReport> {
    const started = performance.now();
    if (!this.db) return { communities: 0, documents: 0, vectors: 0, ms: 0, failed: [] };
    let documents = 0;
    let vectors = 0;
    const failed: { communityId: string; error: string }[] = [];
    const ids = await listSearchCommunities(this.db);
    for (const id of ids) {
      if (this.ready.has(id)) continue;
      try {
        const index = await this.community(id);
        documents += index.size;
        vectors += index.stats().embedded;
      } catch (err) {
        failed.push({ communityId: id, error: (err as Error).message });
      }
    }
    return { communities: ids.length, documents, vectors, ms: Math.round(performance.now() - started), failed };
  }

  /** Messages with content but no vector of `version` (re-queued for embedding after a restart). */
  async unembedded(communityId: string, version: string): Promise<MessageRef[]> {
    return (await this.community(communityId)).unembedded(version);
  }

  /** Communities held in memory. */
  communities(): string[] {
    return [...this.ready.keys()];
  }

  /** Approximate bytes held by all loaded communities. */
  approximateBytes(): number {
    let bytes = 0;
    for (const index of this.ready.values()) bytes += index.approximateBytes();
    return bytes;
  }

  async upsert(docs: readonly SearchDoc[]): Promise<void> {
    for (const [communityId, group] of groupBy(docs)) {
      const index = await this.community(communityId);
      if (this.db) {
        const stored: StoredVector[] = group
          .filter((d) => d.vector && d.vector.length > 0)
          .map((d) => ({
            ref: { msgId: d.msgId, timestamp: d.timestamp },
            vector: Float32Array.from(d.vector ?? []),
            version: d.vectorVersion ?? '',
          }));
        if (stored.length > 0) await putVectors(this.db, communityId, stored);
      }
      for (const doc of group) index.upsert(doc);
    }
  }

  async remove(communityId: string, msgIds: readonly string[]): Promise<void> {
    const index = await this.community(communityId);
    if (this.db) {
      const refs = msgIds
        .map((msgId) => ({ msgId, timestamp: index.timestampOf(msgId) }))
        .filter((r): r is MessageRef => r.timestamp !== undefined);
      if (refs.length > 0) await deleteVectors(this.db, communityId, refs);
    }
    index.remove(msgIds);
  }

  async removeCommunity(communityId: string): Promise<number> {
    // Its stored vectors are table items of the community, erased with its other items.
    const index = await this.community(communityId);
    this.ready.delete(communityId);
    return index.size;
  }

  async text(query: TextQuery): Promise<{ hits: SearchHit[]; nextCursor: string | null }> {
    const index = await this.community(query.communityId);
    const fromMs = toMs(query.from, 'start');
    const toMsValue = toMs(query.to, 'end');
    const page = index.search({
      ...(query.text !== undefined ? { text: query.text } : {}),
      ...(query.idPartial !== undefined ? { idPartial: query.idPartial } : {}),
      ...(query.topic !== undefined ? { topic: query.topic } : {}),
      ...(query.urgency !== undefined ? { urgency: query.urgency } : {}),
      ...(query.sender !== undefined ? { sender: query.sender } : {}),
      ...(fromMs !== undefined ? { fromMs } : {}),
      ...(toMsValue !== undefined ? { toMs: toMsValue } : {}),
      order: query.order,
      match: query.match ?? 'all',
      limit: query.limit,
      ...(query.cursor ? { after: decodeCursor(query.cursor, sortValues(query.order === 'relevance' ? 3 : 2)) } : {}),
    });
    return { hits: page.hits, nextCursor: page.next ? encodeCursor(page.next) : null };
  }

  async semantic(query: {
    communityId: string;
    vector: readonly number[];
    limit: number;
    version?: string;
  }): Promise<SearchHit[]> {
    const index = await this.community(query.communityId);
    return index.nearest(query.vector, query.limit, query.version);
  }

  async stats(communityId: string, options?: { version?: string }): Promise<{ total: number; embedded: number }> {
    return (await this.community(communityId)).stats(options?.version);
  }

  async vectors(query: {
    communityId: string;
    from: string;
    to: string;
    version?: string;
    limit: number;
  }): Promise<MessageVector[]> {
    const index = await this.community(query.communityId);
    return index.vectorsIn(Date.parse(query.from), Date.parse(query.to), query.limit, query.version);
  }

  /**
   * Builds a community's index from the table: its message partition and its vector partition, both
   * in `timestamp#msgId` order, merged as they stream (no Scan, one page in memory at a time).
   */
  private async load(communityId: string): Promise<{ index: CommunityIndex }> {
    const index = new CommunityIndex();
    if (!this.db) return { index };
    const vectorPages = partitionPages(this.db, keys.messageVectorPartition(communityId));
    let buffered: Record<string, unknown>[] = [];
    let at = 0;
    let exhausted = false;
    const nextVector = async (): Promise<Record<string, unknown> | null> => {
      while (at >= buffered.length) {
        if (exhausted) return null;
        const page = await vectorPages.next();
        if (page.done) {
          exhausted = true;
          return null;
        }
        buffered = page.value;
        at = 0;
      }
      return buffered[at] ?? null;
    };
    for await (const page of partitionPages(this.db, keys.messagePartition(communityId), INDEXED_ATTRIBUTES)) {
      for (const item of page) {
        const doc = searchDocOfItem(communityId, item);
        if (!doc) continue;
        const sk = String(item.sk);
        let v = await nextVector();
        while (v && String(v.sk) < sk) {
          at++;
          v = await nextVector();
        }
        if (v && String(v.sk) === sk && v.v instanceof Uint8Array) {
          index.upsert(doc, { vector: bytesToVector(v.v), version: String(v.ver ?? '') });
          at++;
        } else {
          index.upsert(doc);
        }
      }
    }
    return { index };
  }
}

/** What the index reads of a message item (searchDocOfItem), plus the sort key for the merge. */
const INDEXED_ATTRIBUTES = [
  'sk',
  'msg_id',
  'timestamp',
  'content',
  'Sender_name',
  'sender_hash',
  'topic',
  'urgency',
  'keywords',
];

function groupBy(docs: readonly SearchDoc[]): Map<string, SearchDoc[]> {
  const out = new Map<string, SearchDoc[]>();
  for (const doc of docs) {
    const list = out.get(doc.communityId);
    if (list) list.push(doc);
    else out.set(doc.communityId, [doc]);
  }
  return out;
}

const shared = new Map<string, LocalSearch>();

/**
 * The process-wide local engine for a table. The local stack runs the embed worker and the search
 * routes in one process, so both must see the same in-memory index: this is that one instance.
 */
export function sharedLocalSearch(db: Db, endpoint = ''): LocalSearch {
  const key = `${endpoint}|${db.table}`;
  let engine = shared.get(key);
  if (!engine) {
    engine = new LocalSearch(db);
    shared.set(key, engine);
  }
  return engine;
}
