import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  SUPPLIER_MANAGE_REFUSED,
  type SupplierForm,
  type SupplierPage,
  type SupplierView,
} from '@kehila/shared';
import type { Access, AuthUser } from '../authz';
import { decodeCursor, encodeCursor } from '../cursor';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { getCommunity } from '../../data/communities';
import { getMember } from '../../data/memberships';
import {
  deleteSupplier as deleteSupplierItem,
  getSupplier,
  listSuppliers as listSupplierItems,
  putSupplierIfNew,
  replaceSupplier,
  type StoredSupplier,
} from '../../data/suppliers';
import { indexSuppliers, unindexSupplier } from './search';
import { canManageSupplier, supplierView } from './views';

/** What a caller is told about a supplier that does not exist (or is another community's). */
export const SUPPLIER_NOT_FOUND = 'Supplier not found';
/** S3 §8: the failure of the Browse tab, also the server's message when the list cannot be read. */
export const SUPPLIERS_LOAD_FAILED = 'Failed to load suppliers';

/** The list request after contract parsing (routes.listSuppliers query). */
export interface SupplierListRequest {
  readonly q?: string | undefined;
  readonly service_type?: string | undefined;
  readonly limit: number;
  readonly cursor?: string | undefined;
}

/** Folds case and Hebrew final letters so a keyword matches however it is written. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0591-\u05c7]/g, '')
    .toLowerCase()
    .replace(/ך/g, 'כ')
    .replace(/ם/g, 'מ')
    .replace(/ן/g, 'נ')
    .replace(/ף/g, 'פ')
    .replace(/ץ/g, 'צ');
}

/** S3 §7: the keyword is looked for in name, service type, contact, description and recommender; every word must appear. */
export function matchesKeyword(s: StoredSupplier, q: string): boolean {
  const hay = fold(
    [s.supplier_name, s.service_type, s.contact_person, s.description, s.recommender_name].filter(Boolean).join('\n'),
  );
  return fold(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}

/** Newest first (S3 §7 "order date_added descending"), ties by id so pages never overlap. */
function newestFirst(a: StoredSupplier, b: StoredSupplier): number {
  if (a.date_added !== b.date_added) return a.date_added < b.date_added ? 1 : -1;
  return a.supplier_id < b.supplier_id ? 1 : -1;
}

// The position in the filtered list, bound to the filters it was made for.
const pageCursor = z.object({ o: z.number().int().min(0).max(1_000_000), f: z.string().max(300) });

/**
 * The Browse tab (S3 §2, §7): the community's suppliers newest first, of one service type and
 * matching the keyword when given, one page at a time, with every service type for the chips.
 */
export async function listSuppliers(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  user: AuthUser,
  access: Access | null,
  req: SupplierListRequest,
): Promise<SupplierPage> {
  const all = await listSupplierItems(deps.db, communityId);
  const fingerprint = JSON.stringify([req.q ?? '', req.service_type ?? '']).slice(0, 300);
  const offset = req.cursor ? decodeCursor(req.cursor, pageCursor) : { o: 0, f: fingerprint };
  if (offset.f !== fingerprint) throw fail.badRequest('Invalid cursor');
  const q = req.q?.trim() ?? '';
  const type = req.service_type ? fold(req.service_type) : null;
  const matching = all
    .filter((s) => (type === null ? true : s.service_type !== null && fold(s.service_type) === type))
    .filter((s) => (q === '' ? true : matchesKeyword(s, q)))
    .sort(newestFirst);
  const page = matching.slice(offset.o, offset.o + req.limit);
  const next = offset.o + req.limit;
  const types = new Map<string, string>();
  for (const s of all) if (s.service_type && !types.has(fold(s.service_type))) types.set(fold(s.service_type), s.service_type);
  return {
    items: page.map((s) => supplierView(s, user, access)),
    nextCursor: next < matching.length ? encodeCursor({ o: next, f: fingerprint }) : null,
    total: matching.length,
    service_types: [...types.values()].sort((a, b) => a.localeCompare(b)),
  };
}

/** The display name of a member, for 'Added by'. */
async function memberName(deps: Pick<Deps, 'db'>, communityId: string, user: AuthUser): Promise<string | null> {
  const m = await getMember(deps.db, communityId, user.id);
  const name = [m?.first_name, m?.last_name].filter((p) => p && p.trim()).join(' ').trim();
  return name || user.email || null;
}

/** Indexes a supplier for AI search now; a failure is logged and repaired by the next AI search (docs/suppliers.md). */
async function indexNow(deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>, communityId: string, s: StoredSupplier) {
  try {
    await indexSuppliers(deps, communityId, [s]);
  } catch (err) {
    logger.warn('suppliers: indexing deferred to the next AI search', { communityId, error: err as Error });
  }
}

/** Adds a supplier (S3 §2, §6: any member of the community). */
export async function createSupplier(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config' | 'now'>,
  communityId: string,
  user: AuthUser,
  access: Access | null,
  form: SupplierForm,
): Promise<SupplierView> {
  const community = await getCommunity(deps.db, communityId);
  const supplier: StoredSupplier = {
    ...form,
    supplier_id: randomUUID(),
    group_id: community?.group_id ?? null,
    date_added: deps.now().toISOString(),
    added_by: user.id,
    added_by_name: await memberName(deps, communityId, user),
    source_msg_id: null,
    embedding_version: null,
    embedded_hash: null,
  };
  if (!(await putSupplierIfNew(deps.db, communityId, supplier))) throw fail.conflict('Failed to add supplier');
  await indexNow(deps, communityId, supplier);
  return supplierView(supplier, user, access);
}

/** A supplier the caller may change, or the refusal: 404 when there is none, 403 with `refusal` when it is not theirs. */
async function manageable(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  supplierId: string,
  user: AuthUser,
  access: Access | null,
  refusal: string,
): Promise<StoredSupplier> {
  const s = await getSupplier(deps.db, communityId, supplierId);
  if (!s) throw fail.notFound(SUPPLIER_NOT_FOUND);
  if (!canManageSupplier(s, user, access)) throw fail.forbidden(refusal);
  return s;
}

/** Replaces a supplier's fields: the member who added it or an admin. */
export async function updateSupplier(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>,
  communityId: string,
  supplierId: string,
  user: AuthUser,
  access: Access | null,
  form: SupplierForm,
): Promise<SupplierView> {
  const before = await manageable(deps, communityId, supplierId, user, access, SUPPLIER_MANAGE_REFUSED.edit);
  const after: StoredSupplier = { ...before, ...form };
  if (!(await replaceSupplier(deps.db, communityId, after))) throw fail.notFound(SUPPLIER_NOT_FOUND);
  await indexNow(deps, communityId, after);
  return supplierView(after, user, access);
}

/** Deletes a supplier: the member who added it or an admin; it leaves the search index too. */
export async function deleteSupplier(
  deps: Pick<Deps, 'db' | 'search'>,
  communityId: string,
  supplierId: string,
  user: AuthUser,
  access: Access | null,
): Promise<{ deleted: number }> {
  await manageable(deps, communityId, supplierId, user, access, SUPPLIER_MANAGE_REFUSED.delete);
  if (!(await deleteSupplierItem(deps.db, communityId, supplierId))) throw fail.notFound(SUPPLIER_NOT_FOUND);
  await unindexSupplier(deps, communityId, supplierId).catch((err: unknown) =>
    logger.warn('suppliers: index entry left behind (skipped by AI search)', { communityId, error: err as Error }),
  );
  return { deleted: 1 };
}
