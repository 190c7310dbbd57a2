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
  readonly order: 'asc' | 'desc';
  readonly limit: number;
  readonly cursor?: string;
}

/** The search port: OpenSearch in the cloud, an embedded engine locally. */
export interface SearchPort {
  upsert(docs: readonly SearchDoc[]): Promise<void>;
  remove(communityId: string, msgIds: readonly string[]): Promise<void>;
  /** Text/filter query ordered by time. */
  text(query: TextQuery): Promise<{ hits: SearchHit[]; nextCursor: string | null }>;
  /** k-nearest neighbours by vector within a community. */
  semantic(query: { communityId: string; vector: readonly number[]; limit: number }): Promise<SearchHit[]>;
  /** Documents indexed for a community, and how many carry a vector. */
  stats(communityId: string): Promise<{ total: number; embedded: number }>;
}
