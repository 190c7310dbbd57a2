import * as z from 'zod';
import { CommunityParams, IdSchema, route } from './contract';
import { MEMBERS_PAGE_SIZE } from '../constants';
import {
  ApprovalStatusSchema,
  BulkMemberUpdateSchema,
  MemberApprovalUpdateSchema,
  MemberRoleUpdateSchema,
  MemberSchema,
  MemberUpdateSchema,
} from '../schemas/members';

/** Most members one page holds, and one bulk call changes or deletes. */
export const MEMBER_PAGE_MAX = 100;
export const MEMBER_BULK_MAX = 100;
/** Longest members search text. */
export const MEMBER_SEARCH_MAX = 200;

/** Status filter tabs of the members screen (S3 §2). */
export const MEMBER_STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;

/**
 * The members list (S3 §2): status tab, search over name, e-mail, company, role, phone and
 * location, and numbered pages ('Showing X to Y of Z members'); all done on the server.
 */
export const MemberListQuerySchema = z.object({
  status: z.enum(MEMBER_STATUS_FILTERS).default('all'),
  q: z.string().max(MEMBER_SEARCH_MAX, `At most ${MEMBER_SEARCH_MAX} characters`).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEMBER_PAGE_MAX).default(MEMBERS_PAGE_SIZE),
});
export type MemberListQuery = z.input<typeof MemberListQuerySchema>;

/** Members of a community per approval status (Total, Pending, Approved, Rejected). */
export const MemberCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type MemberCounts = z.infer<typeof MemberCountsSchema>;

/** One page of members: `total` matches the tab and search; `counts` are the whole community's. */
export const MemberPageSchema = z.object({
  items: z.array(MemberSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  counts: MemberCountsSchema,
  /** Counts of the status tabs for the current search. */
  matching: MemberCountsSchema,
});
export type MemberPage = z.infer<typeof MemberPageSchema>;

/** Outcome of a bulk call for one member (S3 §8: partial failures are reported per member). */
export const BulkMemberResultSchema = z.object({
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().nullable() })),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type BulkMemberResult = z.infer<typeof BulkMemberResultSchema>;

const MemberIds = z.array(IdSchema).min(1).max(MEMBER_BULK_MAX, `At most ${MEMBER_BULK_MAX} members at once`);

/** A person of the WhatsApp group as the bot sees them (members reconciled with the group). */
export const GroupParticipantSchema = z.object({
  /** Their WhatsApp id: the phone id (`…@c.us`) when known, else the privacy id (`…@lid`). */
  wa_id: z.string(),
  /** `+<digits>` when the phone number is known. */
  phone: z.string().nullable(),
  display_name: z.string().nullable(),
  is_admin: z.boolean().nullable(),
  /** null: already in the group when the bot first saw them. */
  joined_at: z.string().nullable(),
  left_at: z.string().nullable(),
  /** The registered member with this phone number, if any. */
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
});
export type GroupParticipant = z.infer<typeof GroupParticipantSchema>;

/** A registered member the group does not hold. */
export const MemberNotInGroupSchema = z.object({
  member_id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  approval_status: ApprovalStatusSchema,
});
export type MemberNotInGroup = z.infer<typeof MemberNotInGroupSchema>;

/** The group's participants merged with the registered members (admins only). */
export const GroupReconciliationSchema = z.object({
  /** False until the community has a connected WhatsApp group. */
  group_connected: z.boolean(),
  /** When the participant list was last read from the gateway (null: only events seen so far). */
  synced_at: z.string().nullable(),
  /** In the group now, registered or not. */
  in_group: z.number().int().nonnegative(),
  /** In the group, and no registered member has their phone number. */
  not_registered: z.array(GroupParticipantSchema),
  /** Registered (not rejected) with a phone number no one in the group has. */
  not_in_group: z.array(MemberNotInGroupSchema),
  /** Registered members without a phone number: they cannot be matched. */
  members_without_phone: z.number().int().nonnegative(),
  /** Left the group, newest first. */
  left: z.array(GroupParticipantSchema),
});
export type GroupReconciliation = z.infer<typeof GroupReconciliationSchema>;

/** The path of one member. */
export const MemberParams = CommunityParams.extend({ memberId: IdSchema });

export const memberRoutes = {
  listMembers: route({
    method: 'GET',
    path: '/api/communities/{communityId}/members',
    auth: 'admin',
    area: 'members',
    summary: 'A page of the members (S3 §2): status tab, search and page run on the server, with the counts.',
    params: CommunityParams,
    query: MemberListQuerySchema,
    response: MemberPageSchema,
  }),
  updateMember: route({
    method: 'PATCH',
    path: '/api/communities/{communityId}/members/{memberId}',
    auth: 'admin',
    area: 'members',
    summary: "Edits a member's details from the member dialog (S3 §7 update a member); left-out fields stay.",
    params: MemberParams,
    body: MemberUpdateSchema,
    response: MemberSchema,
  }),
  setMemberRole: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/members/{memberId}/role',
    auth: 'admin',
    area: 'members',
    summary: "Sets a member's role, Member or Admin (S3 §4).",
    params: MemberParams,
    body: MemberRoleUpdateSchema,
    response: MemberSchema,
  }),
  setMemberApproval: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/members/{memberId}/approval',
    auth: 'admin',
    area: 'members',
    // A member who is removed or no longer active stops receiving live events at once.
    uses: { realtime: 'revoke' },
    summary: 'Approves (approved + active) or rejects (rejected + inactive) a member (S3 §4).',
    params: MemberParams,
    body: MemberApprovalUpdateSchema,
    response: MemberSchema,
  }),
  deleteMember: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/members/{memberId}',
    auth: 'admin',
    area: 'members',
    // A member who is removed or no longer active stops receiving live events at once.
    uses: { realtime: 'revoke' },
    summary: 'Removes a member and their data from the community (S3 §2 Delete).',
    params: MemberParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  bulkUpdateMembers: route({
    method: 'POST',
    path: '/api/communities/{communityId}/members/bulk-update',
    auth: 'admin',
    area: 'members',
    // A member who is removed or no longer active stops receiving live events at once.
    uses: { realtime: 'revoke' },
    summary: 'Bulk Edit (S3 §2): only filled fields are applied; the outcome is reported per member.',
    params: CommunityParams,
    body: BulkMemberUpdateSchema.extend({ member_ids: MemberIds }),
    response: BulkMemberResultSchema,
  }),
  bulkDeleteMembers: route({
    method: 'POST',
    path: '/api/communities/{communityId}/members/bulk-delete',
    auth: 'admin',
    area: 'members',
    // A member who is removed or no longer active stops receiving live events at once.
    uses: { realtime: 'revoke' },
    summary: 'Delete Selected (S3 §2); the outcome is reported per member.',
    params: CommunityParams,
    body: z.object({ member_ids: MemberIds }),
    response: BulkMemberResultSchema,
  }),
  groupMembers: route({
    method: 'GET',
    path: '/api/communities/{communityId}/group-members',
    auth: 'admin',
    area: 'members',
    summary:
      'Members reconciled with the WhatsApp group: who is in the group but not registered, who registered but is not in the group, and who left.',
    params: CommunityParams,
    response: GroupReconciliationSchema,
  }),
  syncGroupMembers: route({
    method: 'POST',
    path: '/api/communities/{communityId}/group-members/sync',
    auth: 'admin',
    area: 'members',
    uses: { whatsapp: ['send'], secrets: ['whatsapp', 'senderHashKey'] },
    summary:
      "Reads the group's participant list through the WhatsApp gateway's API, applies it (listed: in the group; no longer listed: left) and answers the reconciliation.",
    params: CommunityParams,
    response: GroupReconciliationSchema,
  }),
} as const;

/** Approval statuses a member can have (re-exported for the screens). */
export const MEMBER_APPROVAL_STATUSES = ApprovalStatusSchema.options;
