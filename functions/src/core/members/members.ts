import { type BulkMemberResult, type BulkMemberUpdate, type Member, type MemberUpdate } from '@kehila/shared';
import {
  claimMemberEmail,
  deleteMember as deleteMemberItem,
  getMember,
  getMemberIdByEmail,
  releaseMemberEmail,
  replaceMember,
} from '../../data/memberships';
import type { Deps } from '../deps';
import { AppError, fail } from '../errors';

/** What an admin is told about a member that is not in this community, or does not exist: the same. */
export const MEMBER_NOT_FOUND = 'Member not found';
/** A change that met another change of the same member. */
export const MEMBER_CHANGED = 'The member changed meanwhile. Please try again.';
/** An edit giving a member an e-mail another member of the community has. */
export const MEMBER_EMAIL_TAKEN = 'Another member of this community already uses this email';

type MemberDeps = Pick<Deps, 'db' | 'now'>;
/** Changes that can end a member's access also drop their live subscriptions (issue 9). */
type RevokingDeps = Pick<Deps, 'db' | 'now' | 'realtime'>;

/** Whether a member may watch the community's live events (active and approved, the API's member rule). */
const watches = (m: Member) => m.status === 'active' && m.approval_status === 'approved';

async function mustGet(deps: MemberDeps, communityId: string, memberId: string): Promise<Member> {
  const m = await getMember(deps.db, communityId, memberId);
  if (!m) throw fail.notFound(MEMBER_NOT_FOUND);
  return m;
}

/** Reads a member, applies `change`, writes it back if nobody wrote it meanwhile (once retried). */
async function change(
  deps: MemberDeps,
  communityId: string,
  memberId: string,
  apply: (m: Member) => Member,
): Promise<Member> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const current = await mustGet(deps, communityId, memberId);
    const next = { ...apply(current), updated_at: deps.now().toISOString() };
    if (next.updated_at === current.updated_at) next.updated_at = new Date(deps.now().getTime() + 1).toISOString();
    if (await replaceMember(deps.db, next, current.updated_at)) return next;
  }
  throw fail.conflict(MEMBER_CHANGED);
}

/** `change`, then live events stop at once for a member it made inactive or rejected. */
async function changeAccess(
  deps: RevokingDeps,
  communityId: string,
  memberId: string,
  apply: (m: Member) => Member,
): Promise<Member> {
  const before = await mustGet(deps, communityId, memberId);
  const after = await change(deps, communityId, memberId, apply);
  if (watches(before) && !watches(after)) await deps.realtime.revoke(communityId, memberId);
  return after;
}

/** Approve sets approved + active; reject sets rejected + inactive (S3 §4). */
export function withApproval(m: Member, status: Member['approval_status']): Member {
  if (status === 'approved') return { ...m, approval_status: 'approved', status: 'active' };
  if (status === 'rejected') return { ...m, approval_status: 'rejected', status: 'inactive' };
  return { ...m, approval_status: 'pending' };
}

/** Approves or rejects a member (S3 §4). */
export function setApproval(
  deps: RevokingDeps,
  communityId: string,
  memberId: string,
  approved: boolean,
): Promise<Member> {
  return changeAccess(deps, communityId, memberId, (m) => withApproval(m, approved ? 'approved' : 'rejected'));
}

/** Sets a member's role (S3 §4). */
export function setRole(
  deps: MemberDeps,
  communityId: string,
  memberId: string,
  role: Member['role'],
): Promise<Member> {
  return change(deps, communityId, memberId, (m) => ({ ...m, role }));
}

const UPDATE_FIELDS: Record<keyof MemberUpdate, keyof Member> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  company: 'company',
  jobRole: 'job_role',
  linkedinProfileUrl: 'linkedin_profile_url',
  countryCode: 'country_code',
  gender: 'gender',
  roleLevel: 'role_level',
  facebookName: 'facebook_name',
  referralSource: 'referral_source',
  attendLiveEvents: 'attend_live_events',
  customFieldValue: 'custom_field_value',
  customFieldLabel: 'custom_field_label',
};

/**
 * Edits a member's details (S3 §7 update a member): fields left out stay. A new e-mail is claimed
 * for the member first (one member per e-mail per community), the old one released after.
 */
export async function updateMemberDetails(
  deps: MemberDeps,
  communityId: string,
  memberId: string,
  update: MemberUpdate,
): Promise<Member> {
  const before = await mustGet(deps, communityId, memberId);
  const newEmail = update.email?.toLowerCase();
  const emailChanges = update.email !== undefined && newEmail !== (before.email?.toLowerCase() ?? null);
  if (emailChanges && update.email) {
    const claimed = await claimMemberEmail(deps.db, communityId, update.email, memberId);
    if (!claimed && (await getMemberIdByEmail(deps.db, communityId, update.email)) !== memberId) {
      throw fail.conflict(MEMBER_EMAIL_TAKEN);
    }
  }
  const after = await change(deps, communityId, memberId, (m) => {
    const next: Record<string, unknown> = { ...m };
    for (const [k, field] of Object.entries(UPDATE_FIELDS)) {
      const v = update[k as keyof MemberUpdate];
      if (v !== undefined) next[field] = v;
    }
    return next as Member;
  });
  if (emailChanges && before.email) await releaseMemberEmail(deps.db, communityId, before.email, memberId);
  return after;
}

/** Removes a member and their e-mail claim (S3 §2 Delete). */
export async function removeMember(deps: RevokingDeps, communityId: string, memberId: string): Promise<void> {
  const m = await mustGet(deps, communityId, memberId);
  await deleteMemberItem(deps.db, communityId, memberId);
  // Live events stop at once, not when the socket closes.
  await deps.realtime.revoke(communityId, memberId);
  if (m.email) await releaseMemberEmail(deps.db, communityId, m.email, memberId);
}

async function eachMember(ids: readonly string[], run: (id: string) => Promise<unknown>): Promise<BulkMemberResult> {
  const results = [];
  for (const id of [...new Set(ids)]) {
    try {
      await run(id);
      results.push({ id, ok: true, message: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, message: err.message });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** Bulk Edit (S3 §2): only the filled fields, each member on its own; failures reported per member. */
export function bulkUpdate(deps: RevokingDeps, communityId: string, body: BulkMemberUpdate): Promise<BulkMemberResult> {
  const c = body.changes;
  if (Object.keys(c).length === 0) throw fail.badRequest('Nothing to update: fill at least one field');
  return eachMember(body.member_ids, (id) =>
    changeAccess(deps, communityId, id, (m) => {
      let next: Member = { ...m };
      if (c.approval_status) next = withApproval(next, c.approval_status);
      if (c.role) next.role = c.role;
      if (c.company) next.company = c.company;
      if (c.job_role) next.job_role = c.job_role;
      if (c.role_level) next.role_level = c.role_level;
      return next;
    }),
  );
}

/** Delete Selected (S3 §2): each member on its own; failures reported per member. */
export function bulkDelete(deps: RevokingDeps, communityId: string, ids: readonly string[]): Promise<BulkMemberResult> {
  return eachMember(ids, (id) => removeMember(deps, communityId, id));
}
