import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { createSupplier, deleteSupplier, listSuppliers, updateSupplier } from '../../core/suppliers/suppliers';
import { processSupplierEmbeddings, searchSuppliers } from '../../core/suppliers/search';
import { acceptDraft, dismissDraft, listProposedDrafts } from '../../core/suppliers/drafts';
import { bedrockAi } from '../../wiring/cloud/ai';
import { openSearch } from '../../wiring/cloud/search';
import type { Wiring } from '../../wiring/deps';

/** Suppliers are embedded by the AI provider and found through the search index (their own scope). */
export const wiring: Wiring = { ai: bedrockAi, search: openSearch };

const list = implement(routes.listSuppliers, ({ params, query, user, access, deps }) =>
  listSuppliers(deps, params.communityId, user, access, query),
);

const search = implement(routes.searchSuppliers, ({ params, query, user, access, deps }) =>
  searchSuppliers(deps, params.communityId, user, access, query.q, query.limit),
);

const embeddings = implement(routes.processSupplierEmbeddings, ({ params, deps }) =>
  processSupplierEmbeddings(deps, params.communityId),
);

const create = implement(routes.createSupplier, ({ params, body, user, access, deps }) =>
  createSupplier(deps, params.communityId, user, access, body),
);

const update = implement(routes.updateSupplier, ({ params, body, user, access, deps }) =>
  updateSupplier(deps, params.communityId, params.supplierId, user, access, body),
);

const remove = implement(routes.deleteSupplier, ({ params, user, access, deps }) =>
  deleteSupplier(deps, params.communityId, params.supplierId, user, access),
);

const drafts = implement(routes.listSupplierDrafts, async ({ params, deps }) => ({
  items: await listProposedDrafts(deps, params.communityId),
}));

const accept = implement(routes.acceptSupplierDraft, ({ params, user, access, deps }) =>
  acceptDraft(deps, params.communityId, params.draftId, user, access),
);

const dismiss = implement(routes.dismissSupplierDraft, ({ params, deps }) =>
  dismissDraft(deps, params.communityId, params.draftId),
);

/** Lambda handler of the suppliers area: the 'Community Suppliers' screen and the proposed recommendations. */
export const handler = createAreaHandler([list, search, embeddings, create, update, remove, drafts, accept, dismiss], wiring);
