import type { SearchDoc, TextQuery } from '../../../core/ports/search';
import { queryTerms, senderDigits, type QueryTerm } from '../tokenizer';

/**
 * Query DSL of the OpenSearch adapter. Query words are expanded here exactly as the local engine
 * expands them (tokenizer.ts), so both engines match the same documents; each word is a dis_max of
 * its ways to match (the word, its prefix extensions, its stems), like the local engine's "best
 * expansion per word".
 */

type Json = Record<string, unknown>;

/** Weights of the ways a word matches (the local engine's WEIGHT_* constants). */
const BOOST = { exact: 1, prefix: 0.9, stem: 0.8, stemPrefix: 0.7 } as const;

/** Document id: a message id is unique within its community only. */
export function documentId(communityId: string, msgId: string): string {
  return `${communityId}:${msgId}`;
}

/** The indexed body of a search document. */
export function documentBody(doc: SearchDoc): Json {
  const content = doc.content ?? '';
  return {
    community_id: doc.communityId,
    msg_id: doc.msgId,
    timestamp: doc.timestamp,
    content,
    has_content: content.trim() !== '',
    sender_name: doc.sender_name,
    sender_hash: doc.sender_hash,
    sender_digits: doc.sender_hash ? senderDigits(doc.sender_hash) : null,
    topic: doc.topic,
    urgency: doc.urgency,
    keywords: [...doc.keywords],
    // Without a vector the stored one is kept (partial update), as the local engine does.
    ...(doc.vector && doc.vector.length > 0
      ? { vector: [...doc.vector], embedding_version: doc.vectorVersion ?? '' }
      : {}),
  };
}

/** `_bulk` lines upserting documents (update + doc_as_upsert, routed by community). */
export function bulkUpsertLines(index: string, docs: readonly SearchDoc[]): Json[] {
  return docs.flatMap((doc) => [
    { update: { _index: index, _id: documentId(doc.communityId, doc.msgId), routing: doc.communityId } },
    { doc: documentBody(doc), doc_as_upsert: true },
  ]);
}

/** `_bulk` lines deleting documents. */
export function bulkDeleteLines(index: string, communityId: string, msgIds: readonly string[]): Json[] {
  return msgIds.map((msgId) => ({
    delete: { _index: index, _id: documentId(communityId, msgId), routing: communityId },
  }));
}

function wordClause(term: QueryTerm): Json {
  const queries: Json[] = [{ match: { content: { query: term.term, boost: BOOST.exact } } }];
  if (term.term.length >= 2) queries.push({ match: { 'content.prefix': { query: term.term, boost: BOOST.prefix } } });
  for (const stem of term.stems) {
    queries.push({ match: { content: { query: stem, boost: BOOST.stem } } });
    queries.push({ match: { 'content.prefix': { query: stem, boost: BOOST.stemPrefix } } });
  }
  return { dis_max: { queries } };
}

/** Escapes the wildcard operators of a literal fragment. */
function wildcardLiteral(fragment: string): string {
  return fragment.replace(/[\\*?]/g, (c) => `\\${c}`);
}

/** Filters of a text query (S2 §4): community, topic, urgency, sender, date range, id fragment. */
export function filterClauses(q: TextQuery): Json[] {
  const filters: Json[] = [{ term: { community_id: q.communityId } }];
  if (q.topic !== undefined) filters.push({ term: { topic: q.topic.trim().toLowerCase() } });
  if (q.urgency !== undefined) filters.push({ term: { urgency: q.urgency } });
  if (q.sender !== undefined) {
    const value = q.sender.trim().toLowerCase();
    const digits = senderDigits(value);
    filters.push({
      bool: {
        should: [
          { term: { sender_name: value } },
          { term: { sender_hash: value } },
          ...(digits ? [{ term: { sender_digits: digits } }] : []),
        ],
        minimum_should_match: 1,
      },
    });
  }
  if (q.from !== undefined || q.to !== undefined) {
    filters.push({
      range: {
        timestamp: { ...(q.from !== undefined ? { gte: q.from } : {}), ...(q.to !== undefined ? { lt: q.to } : {}) },
      },
    });
  }
  if (q.idPartial !== undefined) {
    filters.push({
      wildcard: {
        'msg_id.partial': { value: `*${wildcardLiteral(q.idPartial.trim().toLowerCase())}*`, case_insensitive: true },
      },
    });
  }
  return filters;
}

/**
 * The `_search` body of a text query, or null when the text has no word to match (nothing can).
 * `after` holds the sort values of the previous page's last hit (search_after).
 */
export function textSearchBody(q: TextQuery, after?: readonly (string | number)[]): Json | null {
  const bool: Json = { filter: filterClauses(q) };
  if (q.text !== undefined) {
    const words = queryTerms(q.text);
    if (words.length === 0) return null;
    const clauses = words.map(wordClause);
    if ((q.match ?? 'all') === 'all') bool.must = clauses;
    else Object.assign(bool, { should: clauses, minimum_should_match: 1 });
  }
  const sort =
    q.order === 'relevance'
      ? [{ _score: { order: 'desc' } }, { timestamp: { order: 'desc' } }, { msg_id: { order: 'desc' } }]
      : [{ timestamp: { order: q.order } }, { msg_id: { order: q.order } }];
  return {
    size: q.limit + 1,
    track_total_hits: false,
    ...(q.text !== undefined && q.order !== 'relevance' ? { track_scores: true } : {}),
    _source: ['msg_id', 'timestamp'],
    query: { bool },
    sort,
    ...(after ? { search_after: [...after] } : {}),
  };
}

/** The `_search` body of a k-NN query: efficient filtering on community (and version) inside the graph search. */
export function semanticSearchBody(q: {
  communityId: string;
  vector: readonly number[];
  limit: number;
  version?: string;
}): Json {
  const filter: Json[] = [{ term: { community_id: q.communityId } }];
  if (q.version !== undefined) filter.push({ term: { embedding_version: q.version } });
  return {
    size: q.limit,
    _source: ['msg_id', 'timestamp'],
    query: { knn: { vector: { vector: [...q.vector], k: q.limit, filter: { bool: { filter } } } } },
  };
}

/** The `_search` body reading the vectors of a community's messages in [from, to), newest first. */
export function vectorsBody(q: { communityId: string; from: string; to: string; version?: string; limit: number }): Json {
  const filter: Json[] = [
    { term: { community_id: q.communityId } },
    { range: { timestamp: { gte: q.from, lt: q.to } } },
    q.version !== undefined ? { term: { embedding_version: q.version } } : { exists: { field: 'embedding_version' } },
  ];
  return {
    size: q.limit,
    _source: ['msg_id', 'timestamp', 'vector'],
    query: { bool: { filter } },
    sort: [{ timestamp: 'desc' }, { msg_id: 'desc' }],
  };
}

/** The `_search` body counting a community's documents with content and those embedded. */
export function statsBody(communityId: string, version?: string): Json {
  return {
    size: 0,
    track_total_hits: true,
    query: { bool: { filter: [{ term: { community_id: communityId } }, { term: { has_content: true } }] } },
    aggs: {
      embedded: {
        filter:
          version !== undefined ? { term: { embedding_version: version } } : { exists: { field: 'embedding_version' } },
      },
    },
  };
}

/**
 * Cosine similarity from a faiss inner-product score: OpenSearch maps an inner product p to 1 + p
 * when p ≥ 0 and to 1 / (1 - p) otherwise.
 */
export function cosineFromScore(score: number): number {
  return score >= 1 ? score - 1 : 1 - 1 / score;
}
