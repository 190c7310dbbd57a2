import { randomUUID } from 'node:crypto';
import type { Community, Member, Profile } from '@kehila/shared';
import type { AuthUser } from '../authz';

/** A new id for a community (or a connection). */
export function newId(): string {
  return randomUUID();
}

/** A community with the spec's defaults (S1 §3: language English, summaries whatsapp, weekly on, daily off). */
export function blankCommunity(input: {
  id: string;
  name: string;
  groupId: string | null;
  ownerId: string | null;
  now: Date;
}): Community {
  const iso = input.now.toISOString();
  return {
    id: input.id,
    name: input.name,
    meaningful_id: null,
    group_id: input.groupId,
    created_at: iso,
    updated_at: iso,
    group_description: null,
    group_goals: null,
    admin_name: null,
    admin_gender: null,
    group_language: 'English',
    admin_phone: null,
    metadata_collected_at: null,
    summary_destination: 'whatsapp',
    weekly_summary: true,
    daily_summary: false,
    pine_coin_manager_id: null,
    group_rules: null,
    business_focus: [],
    member_onboarding_info: null,
    logo_url: null,
    color_theme: null,
    whatsapp_group_url: null,
    owner_id: input.ownerId,
    font_family: null,
  };
}

/**
 * The caller as Admin, approved and active (S1 §4 onboarding, §6): an existing membership keeps its
 * personal fields and creation time; a new one takes the e-mail and phone of the account.
 */
export function adminMembership(input: {
  communityId: string;
  user: AuthUser;
  profile: Profile | null;
  existing: Member | null;
  now: Date;
}): Member {
  const iso = input.now.toISOString();
  if (input.existing) {
    return { ...input.existing, role: 'Admin', status: 'active', approval_status: 'approved', updated_at: iso };
  }
  return blankMember({
    userId: input.user.id,
    communityId: input.communityId,
    role: 'Admin',
    now: input.now,
    email: input.user.email || input.profile?.email || null,
    phone: input.profile?.phone_number ?? null,
    country_code: input.profile?.country_code ?? '+972',
  });
}

/**
 * A membership with every personal field empty, active and approved unless `fields` say otherwise
 * (the caller fills what it knows: e-mail, phone, status…).
 */
export function blankMember(
  input: { userId: string; communityId: string; role: Member['role']; now: Date } & Partial<Member>,
): Member {
  const { userId, communityId, now, ...fields } = input;
  const iso = now.toISOString();
  return {
    id: userId,
    auth_id: userId,
    community_id: communityId,
    status: 'active',
    approval_status: 'approved',
    first_name: null,
    last_name: null,
    email: null,
    phone: null,
    country_code: '+972',
    company: null,
    job_role: null,
    role_level: null,
    gender: null,
    linkedin_profile_url: null,
    facebook_name: null,
    referral_source: null,
    attend_live_events: null,
    custom_field_label: null,
    custom_field_value: null,
    location: null,
    created_at: iso,
    updated_at: iso,
    ...fields,
  };
}

/** True for a membership that lets the user into the community (authz's rule). */
export function isActiveMembership(m: Pick<Member, 'status' | 'approval_status'>): boolean {
  return m.status === 'active' && m.approval_status === 'approved';
}
