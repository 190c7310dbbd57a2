import { decodeCursor, encodeCursor, sortValues } from '../../../core/cursor';
import type { MessageVector, SearchDoc, SearchHit, SearchPort, TextQuery } from '../../../core/ports/search';
import { OpenSearchError, type OpenSearchClient } from './client';
import { indexDefinition } from './mapping';
import {
  bulkDeleteLines,
  bulkUpsertLines,
  cosineFromScore,
  semanticSearchBody,
  statsBody,
  textSearchBody,
  vectorsBody,
} from './queries';

/** Settings of the OpenSearch adapter. */
export interface OpenSearchSearchOptions {
  readonly client: OpenSearchClient;
  /** The messages index of this stage. */
  readonly index: string;
  /** Dimension of the vector field, read when the index is created (the AI port's). */
  readonly dimensions: () => number;
  /** Documents per `_bulk` request. */
  readonly bulkSize?: number;
}

interface Hit {
  _id: string;
  _score: number | null;
  _source?: { msg_id?: string; timestamp?: string; vector?: number[] };
  sort?: (string | number)[];
}
interface SearchResponse {
  hits?: { hits?: Hit[]; total?: { value: number } };
  aggregations?: { embedded?: { doc_count: number } };
}
interface BulkResponse {
  errors: boolean;
  items: Record<string, { _id: string; status: number; error?: { type: string; reason: string } }>[];
}

function isMissingIndex(err: unknown): boolean {
  return err instanceof OpenSearchError && err.status === 404 && err.type === 'index_not_found_exception';
}

function toHit(h: Hit, score: number): SearchHit {
  return { msgId: h._source?.msg_id ?? '', timestamp: h._source?.timestamp ?? '', score };
}

/**
 * The search port on Amazon OpenSearch Service: one index per stage, documents routed by community
 * (a community's messages share a shard), BM25 on the Hebrew+English analysed content, time order
 * with search_after cursors, k-NN with efficient filtering on the community, counts for the AI
 * search badge. The index is created with its explicit mapping on first write (docs/search.md).
 */
export class OpenSearchSearch implements SearchPort {
  private indexReady: Promise<void> | undefined;

  constructor(private readonly opts: OpenSearchSearchOptions) {}

  /** Creates the index with its mapping unless it exists (once per process; races are fine). */
  ensureIndex(): Promise<void> {
    this.indexReady ??= this.createIndex().catch((err: unknown) => {
      this.indexReady = undefined;
      throw err;
    });
    return this.indexReady;
  }

  private async createIndex(): Promise<void> {
    const path = `/${encodeURIComponent(this.opts.index)}`;
    const head = await this.opts.client.request({ method: 'HEAD', path, accept: [404] });
    if (head.status !== 404) return;
    try {
      await this.opts.client.request({ method: 'PUT', path, body: indexDefinition(this.opts.dimensions()) });
    } catch (err) {
      if (err instanceof OpenSearchError && err.type === 'resource_already_exists_exception') return;
      throw err;
    }
  }

  async upsert(docs: readonly SearchDoc[]): Promise<void> {
    if (docs.length === 0) return;
    await this.ensureIndex();
    const size = this.opts.bulkSize ?? 200;
    for (let i = 0; i < docs.length; i += size) {
      await this.bulk(bulkUpsertLines(this.opts.index, docs.slice(i, i + size)), []);
    }
  }

  async remove(communityId: string, msgIds: readonly string[]): Promise<void> {
    if (msgIds.length === 0) return;
    await this.ensureIndex();
    // Deleting what is not there is fine (404 per item).
    await this.bulk(bulkDeleteLines(this.opts.index, communityId, msgIds), [404]);
  }

  async removeCommunity(communityId: string): Promise<number> {
    // Refresh first and wait, so documents indexed a moment ago are deleted too and none is left when this answers.
    const res = await this.opts.client.request<{ deleted?: number }>({
      method: 'POST',
      path: `/${this.opts.index}/_delete_by_query`,
      query: { refresh: 'true', conflicts: 'proceed', routing: communityId },
      body: { query: { term: { community_id: communityId } } },
      accept: [404],
    });
    return res.status === 404 ? 0 : (res.body.deleted ?? 0);
  }

  private async bulk(lines: Record<string, unknown>[], okStatuses: number[]): Promise<void> {
    const res = await this.opts.client.request<BulkResponse>({ method: 'POST', path: '/_bulk', ndjson: lines });
    if (!res.body.errors) return;
    const failed = res.body.items
      .map((item) => Object.values(item)[0])
      .filter((r) => r && r.status >= 300 && !okStatuses.includes(r.status));
    if (failed.length === 0) return;
    const first = failed[0];
    throw new OpenSearchError(
      first?.status ?? 500,
      first?.error?.type ?? 'bulk_error',
      `${failed.length} of ${res.body.items.length} bulk actions failed (first ${first?._id}: ${first?.error?.reason ?? 'unknown'})`,
    );
  }

  private async search(communityId: string, body: unknown): Promise<SearchResponse | null> {
    try {
      const res = await this.opts.client.request<SearchResponse>({
        method: 'POST',
        path: `/${encodeURIComponent(this.opts.index)}/_search`,
        query: { routing: communityId },
        body,
      });
      return res.body;
    } catch (err) {
      // Nothing was ever indexed: no hits, rather than an error.
      if (isMissingIndex(err)) return null;
      throw err;
    }
  }

  async text(query: TextQuery): Promise<{ hits: SearchHit[]; nextCursor: string | null }> {
    const after = query.cursor
      ? decodeCursor(query.cursor, sortValues(query.order === 'relevance' ? 3 : 2))
      : undefined;
    const body = textSearchBody(query, after);
    if (!body) return { hits: [], nextCursor: null };
    const res = await this.search(query.communityId, body);
    const raw = res?.hits?.hits ?? [];
    const page = raw.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      hits: page.map((h) => toHit(h, h._score ?? 0)),
      nextCursor: raw.length > query.limit && last?.sort ? encodeCursor(last.sort) : null,
    };
  }

  async semantic(query: {
    communityId: string;
    vector: readonly number[];
    limit: number;
    version?: string;
  }): Promise<SearchHit[]> {
    if (query.limit <= 0 || query.vector.length === 0) return [];
    const res = await this.search(query.communityId, semanticSearchBody(query));
    return (res?.hits?.hits ?? []).map((h) => toHit(h, cosineFromScore(h._score ?? 0)));
  }

  async stats(communityId: string, options?: { version?: string }): Promise<{ total: number; embedded: number }> {
    const res = await this.search(communityId, statsBody(communityId, options?.version));
    return { total: res?.hits?.total?.value ?? 0, embedded: res?.aggregations?.embedded?.doc_count ?? 0 };
  }

  async vectors(query: {
    communityId: string;
    from: string;
    to: string;
    version?: string;
    limit: number;
  }): Promise<MessageVector[]> {
    if (query.limit <= 0) return [];
    const res = await this.search(query.communityId, vectorsBody(query));
    return (res?.hits?.hits ?? [])
      .filter((h) => Array.isArray(h._source?.vector) && h._source.vector.length > 0)
      .map((h) => ({ msgId: h._source?.msg_id ?? '', timestamp: h._source?.timestamp ?? '', vector: h._source?.vector ?? [] }));
  }
}
