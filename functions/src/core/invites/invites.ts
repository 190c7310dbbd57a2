import { createHash, randomBytes } from 'node:crypto';
import {
  RATE_LIMITS,
  InviteRegistrationSchema,
  cleanInviteCommunityName,
  communityDisplayName,
  type CommunityInvite,
  type Invitation,
  type InvitationOptions,
  type InviteRegistrationBody,
  type PublicInvite,
  type RegisterWithInviteResult,
} from '@kehila/shared';
import { getCommunity } from '../../data/communities';
import {
  createInvite as storeInvite,
  deleteInvite as deleteInviteItem,
  findInviteByCode,
  listInvites as listInviteItems,
  returnInviteUse,
  takeInviteUse,
} from '../../data/invites';
import {
  claimMemberEmail,
  createMember,
  getMember,
  getMemberIdByEmail,
  reclaimMemberEmail,
} from '../../data/memberships';
import { enforceRateLimit } from '../access/rate-limit';
import type { AuthUser } from '../authz';
import { blankMember, newId } from '../communities/records';
import type { Deps } from '../deps';
import { fail } from '../errors';

/** Unknown, deleted, used-up and expired invites: one answer (S1 §8). */
export const INVITE_INVALID = 'The invite code is invalid or has expired. Please request a new invitation.';
/** A second registration with the same e-mail in the same community (S1 §8). */
export const ALREADY_REGISTERED = 'You are already registered for this community. You can now join the WhatsApp group.';
export const INVITE_NOT_FOUND = 'Invitation not found';

/** Random bits of an invite code: 128, as 22 base64url characters. */
const CODE_BYTES = 16;

/** A new invite code: 128 random bits, URL-safe. */
export function newInviteCode(): string {
  return randomBytes(CODE_BYTES).toString('base64url');
}

type InviteDeps = Pick<Deps, 'db' | 'now'>;

/** True while an invite can be used: active, not expired, uses left. */
export function isUsable(invite: CommunityInvite, now: Date): boolean {
  if (!invite.is_active) return false;
  if (invite.expires_at !== null && Date.parse(invite.expires_at) <= now.getTime()) return false;
  return invite.max_uses === null || invite.uses < invite.max_uses;
}

function toInvitation(i: CommunityInvite): Invitation {
  return {
    id: i.id,
    code: i.code,
    uses: i.uses,
    max_uses: i.max_uses,
    created_at: i.created_at,
    expires_at: i.expires_at,
  };
}

/** The Invitations tab (S3 §2): active ones only, newest first. */
export async function listInvitations(deps: InviteDeps, communityId: string): Promise<Invitation[]> {
  const now = deps.now();
  return (await listInviteItems(deps.db, communityId))
    .filter((i) => isUsable(i, now))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(toInvitation);
}

/** Create Invitation (S3 §2, §5): every option stored with its invite; the code is unguessable. */
export async function createInvitation(
  deps: InviteDeps,
  communityId: string,
  user: AuthUser,
  o: InvitationOptions,
): Promise<Invitation> {
  if (o.expiresAt !== null && Date.parse(o.expiresAt) <= deps.now().getTime()) {
    throw fail.badRequest('The expiration date must be in the future');
  }
  const invite = await storeInvite(deps.db, {
    id: newId(),
    code: newInviteCode(),
    community_id: communityId,
    is_active: true,
    custom_message: o.customMessage,
    custom_header: o.customHeader,
    custom_button_text: o.customButtonText,
    use_logo: o.useLogo,
    logo_url: o.logoUrl,
    whatsapp_group_url: o.whatsappGroupUrl,
    use_custom_colors: o.useCustomColors,
    custom_color_scheme: o.useCustomColors ? o.customColorScheme : null,
    group_rules: o.groupRules,
    require_rules_acceptance: o.requireRulesAcceptance,
    display_community_name: o.communityName,
    form_fields: { field_requirements: o.fieldRequirements, custom_field: o.customField },
    max_uses: o.maxUses,
    uses: 0,
    expires_at: o.expiresAt,
    created_by: user.id,
    created_at: deps.now().toISOString(),
  });
  return toInvitation(invite);
}

/** Deletes an invitation of this community; its code stops working at once. */
export async function removeInvitation(deps: InviteDeps, communityId: string, inviteId: string): Promise<void> {
  if (!(await deleteInviteItem(deps.db, communityId, inviteId))) throw fail.notFound(INVITE_NOT_FOUND);
}

// A real group invite link (S1 §2: a placeholder link counts as none).
const WHATSAPP_GROUP_LINK = /^https:\/\/chat\.whatsapp\.com\/(?:invite\/)?[A-Za-z0-9]{16,32}$/;

/** The link if it is a real WhatsApp group invite link, else null. */
export function realWhatsAppLink(url: string | null | undefined): string | null {
  return url && WHATSAPP_GROUP_LINK.test(url.trim()) ? url.trim() : null;
}

async function usableInvite(deps: InviteDeps, code: string): Promise<CommunityInvite> {
  const invite = await findInviteByCode(deps.db, code);
  if (!invite || !isUsable(invite, deps.now())) throw fail.notFound(INVITE_INVALID);
  return invite;
}

/** The registration page's view of an invite (S1 §2): its look, rules and field requirements. */
export async function getPublicInvite(deps: InviteDeps, code: string): Promise<PublicInvite> {
  const invite = await usableInvite(deps, code);
  const community = await getCommunity(deps.db, invite.community_id);
  if (!community) throw fail.notFound(INVITE_INVALID);
  const logo = invite.use_logo ? (invite.logo_url ?? community.logo_url) : null;
  return {
    code: invite.code,
    community_name: cleanInviteCommunityName(invite.display_community_name ?? communityDisplayName(community)),
    custom_header: invite.custom_header,
    custom_message: invite.custom_message,
    custom_button_text: invite.custom_button_text,
    logo_url: logo,
    primary_color: invite.use_custom_colors ? (invite.custom_color_scheme?.primary ?? null) : null,
    group_rules: invite.group_rules,
    require_rules_acceptance: invite.require_rules_acceptance,
    form_fields: invite.form_fields,
    community_whatsapp_url: realWhatsAppLink(invite.whatsapp_group_url ?? community.whatsapp_group_url),
  };
}

function inviteSubject(inviteId: string): string {
  return `invite:${createHash('sha256').update(inviteId, 'utf8').digest('base64url').slice(0, 22)}`;
}

const already = (memberId: string): RegisterWithInviteResult => ({
  success: false,
  message: ALREADY_REGISTERED,
  member_id: memberId,
  whatsapp_url: null,
});

/**
 * Registers a visitor with an invite (S1 §4, §7): validated by the invite's own field rules, then a
 * pending Member. One use is taken in a single conditional write (max uses and expiry hold however
 * many race); the e-mail is claimed in the community, and a second registration with it returns
 * the existing member with the spec's text (its use given back).
 */
export async function registerWithInvite(
  deps: InviteDeps,
  code: string,
  body: InviteRegistrationBody,
): Promise<RegisterWithInviteResult> {
  const invite = await usableInvite(deps, code);
  await enforceRateLimit(deps, RATE_LIMITS.inviteRegistrationPerInvite, inviteSubject(invite.id));
  const parsed = InviteRegistrationSchema(invite).safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 20)
      .map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
    throw fail.badRequest(issues[0]?.message ?? 'Registration failed', issues);
  }
  const r = parsed.data;
  const communityId = invite.community_id;

  const holder = await getMemberIdByEmail(deps.db, communityId, r.email);
  const holderExists = holder !== null && (await getMember(deps.db, communityId, holder)) !== null;
  if (holder !== null && holderExists) return already(holder);

  if (!(await takeInviteUse(deps.db, communityId, invite.id, deps.now().getTime()))) {
    throw fail.notFound(INVITE_INVALID);
  }
  const memberId = newId();
  const claimed =
    holder === null
      ? await claimMemberEmail(deps.db, communityId, r.email, memberId)
      : await reclaimMemberEmail(deps.db, communityId, r.email, holder, memberId);
  if (!claimed) {
    await returnInviteUse(deps.db, communityId, invite.id);
    const winner = await getMemberIdByEmail(deps.db, communityId, r.email);
    return already(winner ?? memberId);
  }
  const now = deps.now();
  await createMember(
    deps.db,
    blankMember({
      userId: memberId,
      communityId,
      role: 'Member',
      now,
      auth_id: null,
      status: 'active',
      approval_status: 'pending',
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      country_code: r.country_code,
      company: r.company,
      job_role: r.job_role,
      role_level: r.role_level,
      gender: r.gender,
      linkedin_profile_url: r.linkedin_profile_url,
      facebook_name: r.facebook_name,
      referral_source: r.referral_source,
      attend_live_events: r.attend_live_events,
      custom_field_label: invite.form_fields.custom_field?.enabled ? invite.form_fields.custom_field.label : null,
      custom_field_value: r.custom_field_value,
      rules_accepted: r.rules_accepted,
    }),
  );
  return { success: true, message: null, member_id: memberId, whatsapp_url: null };
}
