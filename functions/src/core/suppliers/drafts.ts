import type { SupplierDraft, SupplierView } from '@kehila/shared';
import type { Access, AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { getCommunity } from '../../data/communities';
import { getMember } from '../../data/memberships';
import {
  decideSupplierDraft,
  getSupplier,
  getSupplierDraft,
  listSupplierDrafts,
  putSupplierIfNew,
  type StoredSupplier,
} from '../../data/suppliers';
import { indexSuppliers } from './search';
import { supplierView } from './views';

/** What an admin is told about a draft that does not exist (or is another community's). */
export const DRAFT_NOT_FOUND = 'Recommendation not found';
/** A draft already accepted or dismissed. */
export const DRAFT_DECIDED = 'This recommendation was already handled';

/** The proposed recommendations of a community, newest message first (admins). */
export async function listProposedDrafts(deps: Pick<Deps, 'db'>, communityId: string): Promise<SupplierDraft[]> {
  const drafts = await listSupplierDrafts(deps.db, communityId);
  return drafts
    .filter((d) => d.status === 'proposed')
    .sort((a, b) => (a.source_timestamp < b.source_timestamp ? 1 : a.source_timestamp > b.source_timestamp ? -1 : 0));
}

/** The supplier a draft becomes: its id comes from the draft, so accepting twice adds it once. */
function supplierOf(draft: SupplierDraft, groupId: string | null, admin: AuthUser, adminName: string | null): StoredSupplier {
  return {
    supplier_id: `rec-${draft.draft_id}`,
    group_id: groupId,
    supplier_name: draft.supplier_name,
    service_type: draft.service_type,
    contact_person: null,
    phone_number: draft.phone_number,
    website: null,
    description: null,
    recommender_name: draft.recommender_name,
    recommendation_context: draft.source_text,
    social_media: null,
    other_contact_info: null,
    is_reservist_special: false,
    date_added: draft.source_timestamp,
    added_by: admin.id,
    added_by_name: adminName,
    source_msg_id: draft.source_msg_id,
    embedding_version: null,
    embedded_hash: null,
  };
}

/**
 * Accepts a proposed recommendation: the supplier is written first (by an id derived from the draft,
 * so a retry after a crash adds nothing twice), then the draft is marked accepted.
 */
export async function acceptDraft(
  deps: Pick<Deps, 'db' | 'ai' | 'search' | 'config'>,
  communityId: string,
  draftId: string,
  user: AuthUser,
  access: Access | null,
): Promise<SupplierView> {
  const draft = await getSupplierDraft(deps.db, communityId, draftId);
  if (!draft) throw fail.notFound(DRAFT_NOT_FOUND);
  if (draft.status === 'dismissed') throw fail.conflict(DRAFT_DECIDED);
  const community = await getCommunity(deps.db, communityId);
  const member = await getMember(deps.db, communityId, user.id);
  const name = [member?.first_name, member?.last_name].filter(Boolean).join(' ').trim() || user.email || null;
  const candidate = supplierOf(draft, community?.group_id ?? null, user, name);
  const added = await putSupplierIfNew(deps.db, communityId, candidate);
  const supplier = added ? candidate : await getSupplier(deps.db, communityId, candidate.supplier_id);
  if (!supplier) throw fail.notFound(DRAFT_NOT_FOUND);
  if (draft.status === 'proposed') await decideSupplierDraft(deps.db, communityId, draftId, 'accepted');
  if (added) {
    await indexSuppliers(deps, communityId, [supplier]).catch((err: unknown) =>
      logger.warn('suppliers: indexing deferred to the next AI search', { communityId, error: err as Error }),
    );
  }
  return supplierView(supplier, user, access);
}

/** Dismisses a proposed recommendation; it stays recorded so the same message never proposes it again. */
export async function dismissDraft(deps: Pick<Deps, 'db'>, communityId: string, draftId: string): Promise<SupplierDraft> {
  const draft = await getSupplierDraft(deps.db, communityId, draftId);
  if (!draft) throw fail.notFound(DRAFT_NOT_FOUND);
  if (draft.status === 'dismissed') return draft;
  if (draft.status === 'accepted' || !(await decideSupplierDraft(deps.db, communityId, draftId, 'dismissed'))) {
    throw fail.conflict(DRAFT_DECIDED);
  }
  return { ...draft, status: 'dismissed' };
}
