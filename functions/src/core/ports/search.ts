import type { Urgency } from '@kehila/shared';

/** What the search index holds per message. */
export interface SearchDoc {
  readonly communityId: string;
  readonly msgId: string;
  /** ISO timestamp; with msgId it forms the message's table key. */
  readonly timestamp: string;
  readonly content: string;
  readonly sender_name: string | null;
  readonly sender_hash: string | null;
  readonly topic: string | null;
  readonly urgency: Urgency | null;
  readonly keywords: readonly string[];
  /** Present once embedded. */
  readonly vector?: readonly number[];
  /** The embedding model version that produced `vector` (semantic search compares only one version). */
  readonly vectorVersion?: string;
}

/** A hit: enough to read the message from the table. */
export interface SearchHit {
  readonly msgId: string;
  readonly timestamp: string;
  readonly score: number;
}

/** A filtered, ordered, paginated text query (S2 §4 filters, S2 §5 standard search rules). */
export interface TextQuery {
  readonly communityId: string;
  /** Content words (BM25 / full text); absent lists by filters only. */
  readonly text?: string;
  /** Message-id partial match (`id:` prefix or a long single word, S2 §5). */
  readonly idPartial?: string;
  readonly topic?: string;
  readonly urgency?: Urgency;
  /** Sender name (or sender id) filter. */
  readonly sender?: string;
  /** Inclusive ISO start, exclusive ISO end. */
  readonly from?: string;
  readonly to?: string;
  /** Time order (the message list), or best BM25 score first (text fallback of AI search). */
  readonly order: 'asc' | 'desc' | 'relevance';
  /** Whether every content word must match (standard search, the default) or any of them (fallback). */
  readonly match?: 'all' | 'any';
  readonly limit: number;
  readonly cursor?: string;
}

/** A message's stored vector (topic clusters read them). */
export interface MessageVector {
  readonly msgId: string;
  readonly timestamp: string;
  readonly vector: readonly number[];
}

/** The search port: OpenSearch in the cloud, an embedded engine locally. */
export interface SearchPort {
  upsert(docs: readonly SearchDoc[]): Promise<void>;
  remove(communityId: string, msgIds: readonly string[]): Promise<void>;
  /** Removes every document of a community (its erasure); resolves to how many there were. */
  removeCommunity(communityId: string): Promise<number>;
  /** Text/filter query ordered by time (or by BM25 score, `relevance`), paginated by cursor. */
  text(query: TextQuery): Promise<{ hits: SearchHit[]; nextCursor: string | null }>;
  /**
   * k-nearest neighbours by vector within a community, best first; `score` is the cosine similarity.
   * With `version`, only vectors of that embedding version are compared.
   */
  semantic(query: {
    communityId: string;
    vector: readonly number[];
    limit: number;
    version?: string;
  }): Promise<SearchHit[]>;
  /**
   * Indexed documents of a community that have text content (S2 §7.1 "messages with content"), and
   * how many of them carry a vector (of `version`, when given).
   */
  stats(communityId: string, options?: { version?: string }): Promise<{ total: number; embedded: number }>;
  /**
   * The stored vectors of a community's messages with a timestamp in [from, to) (ISO), of `version`
   * when given: the newest first, at most `limit` (topic clusters).
   */
  vectors(query: {
    communityId: string;
    from: string;
    to: string;
    version?: string;
    limit: number;
  }): Promise<MessageVector[]>;
}
