import * as z from 'zod';
import { CommunityParams, IdSchema, MAX_AI_INPUT_CHARS, RATE_LIMITS, route } from './contract';
import { SUPPLIER_AI_SEARCH_MIN_EXCLUSIVE } from '../constants';
import { SupplierFormSchema, SupplierSchema } from '../schemas/suppliers';

/** Most suppliers one page of the Browse tab holds. */
export const SUPPLIER_PAGE_MAX = 100;
/** Most suppliers one AI search returns. */
export const SUPPLIER_AI_RESULTS_MAX = 50;

/** What a member who neither added a supplier nor administers the community is told on edit or delete. */
export const SUPPLIER_MANAGE_REFUSED = {
  edit: 'Only community admins can edit suppliers added by others',
  delete: 'Only community admins can delete suppliers added by others',
} as const;

/** A supplier as the Browse tab shows it: the S3 §3 fields, who added it, and whether the caller may change it. */
export const SupplierViewSchema = SupplierSchema.extend({
  /** Display name of the member who added it (or the admin who accepted a recommendation). */
  added_by_name: z.string().nullable(),
  /** The caller added it or administers the community: edit and delete are offered (the server decides). */
  can_manage: z.boolean(),
  /** The group message it was recommended in, when it came from one. */
  source_msg_id: z.string().nullable(),
});
export type SupplierView = z.infer<typeof SupplierViewSchema>;

/**
 * The Browse tab's list (S3 §2, §7 Read suppliers): the community's suppliers newest first, optionally of
 * one service type and matching a keyword (name, service type, contact, description, recommender),
 * filtered on the server and paginated with an opaque cursor.
 */
export const SupplierListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Please search with at most 200 characters').optional(),
  service_type: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(SUPPLIER_PAGE_MAX).default(24),
  cursor: z.string().max(2048, 'Invalid cursor').optional(),
});
export type SupplierListQuery = z.input<typeof SupplierListQuerySchema>;

/** A page of suppliers, how many match in all, and every service type of the community (the chips). */
export const SupplierPageSchema = z.object({
  items: z.array(SupplierViewSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
  service_types: z.array(z.string()),
});
export type SupplierPage = z.infer<typeof SupplierPageSchema>;

/** AI search answer: suppliers by meaning, best first; `fallback` when words answered instead. */
export const SupplierAiSearchSchema = z.object({
  results: z.array(SupplierViewSchema),
  fallback: z.boolean(),
});
export type SupplierAiSearch = z.infer<typeof SupplierAiSearchSchema>;

/** A recommendation found in a group message, waiting for an admin (beyond the spec; docs/suppliers.md). */
export const SupplierDraftSchema = z.object({
  draft_id: z.string(),
  supplier_name: z.string(),
  service_type: z.string().nullable(),
  phone_number: z.string().nullable(),
  recommender_name: z.string().nullable(),
  /** The message, cited as it was written. */
  source_text: z.string(),
  source_msg_id: z.string(),
  source_timestamp: z.string(),
  status: z.enum(['proposed', 'accepted', 'dismissed']),
  detected_at: z.string(),
});
export type SupplierDraft = z.infer<typeof SupplierDraftSchema>;

/** The path of one supplier. */
export const SupplierParams = CommunityParams.extend({ supplierId: IdSchema });
/** The path of one draft supplier. */
export const SupplierDraftParams = CommunityParams.extend({ draftId: IdSchema });

export const supplierRoutes = {
  listSuppliers: route({
    method: 'GET',
    path: '/api/communities/{communityId}/suppliers',
    auth: 'member',
    area: 'suppliers',
    requires: 'active-plan',
    summary:
      "The community's suppliers (S3 §2, §7), newest first: keyword search over name, service type, contact, description and recommender, optional service type; paginated, with the community's service types.",
    params: CommunityParams,
    query: SupplierListQuerySchema,
    response: SupplierPageSchema,
  }),
  searchSuppliers: route({
    method: 'GET',
    path: '/api/communities/{communityId}/suppliers/search',
    auth: 'member',
    area: 'suppliers',
    requires: 'active-plan',
    feature: 'ai_agent',
    rateLimit: RATE_LIMITS.search,
    uses: { ai: ['embed'], search: 'write' },
    summary:
      'AI search of suppliers by meaning (S3 §5: query longer than 2 characters); embeds any supplier not yet in the index first; falls back to words when nothing is near.',
    params: CommunityParams,
    query: z.object({
      q: z
        .string()
        .trim()
        .min(SUPPLIER_AI_SEARCH_MIN_EXCLUSIVE + 1, `Please enter more than ${SUPPLIER_AI_SEARCH_MIN_EXCLUSIVE} characters to search`)
        .max(MAX_AI_INPUT_CHARS, `Please search with at most ${MAX_AI_INPUT_CHARS} characters`),
      limit: z.coerce.number().int().min(1).max(SUPPLIER_AI_RESULTS_MAX).default(20),
    }),
    response: SupplierAiSearchSchema,
  }),
  processSupplierEmbeddings: route({
    method: 'POST',
    path: '/api/communities/{communityId}/suppliers/embeddings',
    auth: 'member',
    area: 'suppliers',
    requires: 'active-plan',
    feature: 'ai_agent',
    rateLimit: RATE_LIMITS.ai,
    uses: { ai: ['embed'], search: 'write' },
    summary:
      "'Process All Embeddings' (S3 §2, §7 process-embeddings): embeds and indexes every supplier without a vector of the current embedding version; answers how many.",
    params: CommunityParams,
    response: z.object({ processed: z.number().int().nonnegative() }),
  }),
  createSupplier: route({
    method: 'POST',
    path: '/api/communities/{communityId}/suppliers',
    auth: 'member',
    area: 'suppliers',
    requires: 'active-plan',
    uses: { ai: ['embed'], search: 'write' },
    status: 201,
    summary: 'Adds a supplier (S3 §2, §5, §6: any signed-in member of the community); it is indexed for AI search at once.',
    params: CommunityParams,
    body: SupplierFormSchema,
    response: SupplierViewSchema,
  }),
  updateSupplier: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/suppliers/{supplierId}',
    auth: 'member',
    area: 'suppliers',
    requires: 'active-plan',
    uses: { ai: ['embed'], search: 'write' },
    summary: 'Replaces a supplier\'s fields (the Add form\'s). Only the member who added it or an admin (403 otherwise).',
    params: SupplierParams,
    body: SupplierFormSchema,
    response: SupplierViewSchema,
  }),
  deleteSupplier: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/suppliers/{supplierId}',
    auth: 'member',
    area: 'suppliers',
    requires: 'active-plan',
    uses: { search: 'write' },
    summary: 'Deletes a supplier. Only the member who added it or an admin (403 otherwise).',
    params: SupplierParams,
    response: z.object({ deleted: z.number().int().nonnegative() }),
  }),
  listSupplierDrafts: route({
    method: 'GET',
    path: '/api/communities/{communityId}/supplier-drafts',
    auth: 'admin',
    area: 'suppliers',
    requires: 'active-plan',
    summary: 'Recommendations found in the group\'s messages, proposed as suppliers, newest first (beyond the spec).',
    params: CommunityParams,
    response: z.object({ items: z.array(SupplierDraftSchema) }),
  }),
  acceptSupplierDraft: route({
    method: 'POST',
    path: '/api/communities/{communityId}/supplier-drafts/{draftId}/accept',
    auth: 'admin',
    area: 'suppliers',
    requires: 'active-plan',
    uses: { ai: ['embed'], search: 'write' },
    summary: 'Adds a proposed recommendation as a supplier (once, however often it is accepted).',
    params: SupplierDraftParams,
    response: SupplierViewSchema,
  }),
  dismissSupplierDraft: route({
    method: 'POST',
    path: '/api/communities/{communityId}/supplier-drafts/{draftId}/dismiss',
    auth: 'admin',
    area: 'suppliers',
    requires: 'active-plan',
    summary: 'Dismisses a proposed recommendation; it is never proposed again.',
    params: SupplierDraftParams,
    response: SupplierDraftSchema,
  }),
};
