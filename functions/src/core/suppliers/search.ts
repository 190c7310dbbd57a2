import type { SupplierAiSearch } from '@kehila/shared';
import type { Access, AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import type { SearchDoc } from '../ports/search';
import { embeddingVersion, embedWithVersion, textHash, versionScope } from '../search/docs';
import { MIN_SIMILARITY } from '../search/ai-search';
import { listSuppliers, markSupplierEmbedded, type StoredSupplier } from '../../data/suppliers';
import { supplierView } from './views';

/**
 * AI search of suppliers (S3 §2, §4, §7 search-suppliers; docs/suppliers.md). Suppliers live in the
 * same search port as messages, in a scope of their own (`<communityId>#suppliers`), so they never
 * count in the messages' stats nor answer a message search. Their vectors come from the AI port with
 * the community's embedding version; a supplier whose stored mark is not the current version, or an
 * index that lost its documents (the local engine after a restart), is embedded again before a search.
 */

/** S3 §8. */
export const SUPPLIER_SEARCH_FAILED = 'Failed to search suppliers';
/** S3 §8. */
export const SUPPLIER_EMBEDDINGS_FAILED = 'Failed to process supplier embeddings';

/** The search-port scope of a community's suppliers ('#' never occurs in a community id). */
export function supplierScope(communityId: string): string {
  return `${communityId}#suppliers`;
}

/** The text a supplier is found by: what it does, who it is, and what the recommender said. */
export function supplierText(s: StoredSupplier): string {
  return [s.supplier_name, s.service_type, s.contact_person, s.description, s.recommendation_context, s.recommender_name]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join('\n');
}

function docOf(communityId: string, s: StoredSupplier, vector?: { values: number[]; version: string }): SearchDoc {
  return {
    communityId: supplierScope(communityId),
    msgId: s.supplier_id,
    timestamp: s.date_added,
    content: supplierText(s),
    sender_name: s.recommender_name,
    sender_hash: null,
    topic: s.service_type,
    urgency: null,
    keywords: [],
    ...(vector ? { vector: vector.values, vectorVersion: vector.version } : {}),
  };
}

/** Embeds and indexes these suppliers (one AI call) and marks each with the version and text it was embedded with. */
export async function indexSuppliers(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>,
  communityId: string,
  suppliers: readonly StoredSupplier[],
): Promise<number> {
  if (suppliers.length === 0) return 0;
  const scope = versionScope(deps.config);
  const expected = await embeddingVersion(deps.ai, communityId, scope);
  const texts = suppliers.map(supplierText);
  const made = await embedWithVersion(deps.ai, texts, { communityId, purpose: 'document' }, expected, scope);
  if (made.vectors.length !== suppliers.length) {
    throw new Error(`embedding returned ${made.vectors.length} vectors for ${suppliers.length} suppliers`);
  }
  await deps.search.upsert(
    suppliers.map((s, i) => docOf(communityId, s, { values: made.vectors[i] ?? [], version: made.version })),
  );
  await Promise.all(
    suppliers.map((s, i) =>
      markSupplierEmbedded(deps.db, communityId, s.supplier_id, { version: made.version, hash: textHash(texts[i] ?? '') }),
    ),
  );
  return suppliers.length;
}

/** Removes a supplier from the index. */
export async function unindexSupplier(deps: Pick<Deps, 'search'>, communityId: string, supplierId: string): Promise<void> {
  await deps.search.remove(supplierScope(communityId), [supplierId]);
}

/**
 * Brings the index up to date with the table: embeds every supplier not marked with the current
 * version and text, and every one when the index holds fewer current vectors than the marks claim
 * (it lost them). Returns the suppliers and how many were embedded.
 */
export async function ensureSuppliersIndexed(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>,
  communityId: string,
): Promise<{ suppliers: StoredSupplier[]; processed: number; version: string }> {
  const suppliers = await listSuppliers(deps.db, communityId);
  const version = await embeddingVersion(deps.ai, communityId, versionScope(deps.config));
  const current = suppliers.filter(
    (s) => s.embedding_version === version && s.embedded_hash === textHash(supplierText(s)),
  );
  const { embedded } = await deps.search.stats(supplierScope(communityId), { version });
  const stale = embedded < current.length ? suppliers : suppliers.filter((s) => !current.includes(s));
  const processed = await indexSuppliers(deps, communityId, stale);
  return { suppliers, processed, version };
}

/** 'Process All Embeddings' (S3 §2, §7): how many suppliers were embedded (0: 'All suppliers already have embeddings'). */
export async function processSupplierEmbeddings(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>,
  communityId: string,
): Promise<{ processed: number }> {
  try {
    const { processed } = await ensureSuppliersIndexed(deps, communityId);
    return { processed };
  } catch (err) {
    logger.error('suppliers: embeddings failed', { communityId, error: err as Error });
    throw fail.unavailable(SUPPLIER_EMBEDDINGS_FAILED);
  }
}

/**
 * AI search (S3 §2, §5): the suppliers nearest the query by meaning, best first. When none is near
 * enough, the suppliers matching any of the query's words answer and `fallback` is true.
 */
export async function searchSuppliers(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>,
  communityId: string,
  user: AuthUser,
  access: Access | null,
  q: string,
  limit: number,
): Promise<SupplierAiSearch> {
  try {
    const { suppliers } = await ensureSuppliersIndexed(deps, communityId);
    const byId = new Map(suppliers.map((s) => [s.supplier_id, s]));
    const scope = versionScope(deps.config);
    const expected = await embeddingVersion(deps.ai, communityId, scope);
    const query = await embedWithVersion(deps.ai, [q], { communityId, purpose: 'query' }, expected, scope);
    const vector = query.vectors[0] ?? [];
    const near =
      vector.length > 0
        ? (await deps.search.semantic({ communityId: supplierScope(communityId), vector, limit, version: query.version })).filter(
            (h) => h.score >= MIN_SIMILARITY,
          )
        : [];
    const pick = (ids: readonly string[]) =>
      ids.flatMap((id) => {
        const s = byId.get(id);
        return s ? [supplierView(s, user, access)] : [];
      });
    const results = pick(near.map((h) => h.msgId));
    if (results.length > 0) return { results, fallback: false };
    const text = await deps.search.text({ communityId: supplierScope(communityId), text: q, order: 'relevance', match: 'any', limit });
    return { results: pick(text.hits.map((h) => h.msgId)), fallback: true };
  } catch (err) {
    logger.error('suppliers: AI search failed', { communityId, error: err as Error });
    throw fail.unavailable(SUPPLIER_SEARCH_FAILED);
  }
}
