import type { Community, OnboardingState } from '@kehila/shared';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { ensureProfile } from '../accounts/profiles';
import type { UserAttributes } from '../accounts/signup';
import { openVerification, publicConnection } from '../connections/verification';
import { createCommunity, getCommunity } from '../../data/communities';
import { listConnectionsOfUser } from '../../data/connections';
import { getMember, putMember } from '../../data/memberships';
import { getProfile } from '../../data/profiles';
import { syncDeliverySchedule } from '../summaries/settings';
import { activeCommunitiesOf } from './communities';
import { adminMembership, blankCommunity, isActiveMembership, newId } from './records';

/** Name of the community onboarding creates (S1 §3 calls such names auto-generated). */
export function onboardingCommunityName(username: string): string {
  return `${username || 'User'}'s Community`;
}

/** The newest community the user administers (onboarding reuses it; S1 §4), or null. */
async function adminCommunity(deps: Pick<Deps, 'db'>, userId: string): Promise<Community | null> {
  const entries = await activeCommunitiesOf(deps, userId);
  return entries.find((e) => e.role === 'Admin')?.community ?? null;
}

/**
 * Onboarding step 1 (S1 §4): reuses the user's own community (newest one they administer) or
 * creates "<username>'s Community" with them as owner; upserts them as Admin, approved, active;
 * and, while the community has no group, opens a group verification: a one-time code their
 * WhatsApp number sends in the group (core/connections/verification.ts), which the bot completes.
 * Without a WhatsApp number on the profile there is no code yet (the connect step asks for one).
 */
export async function startOnboarding(
  deps: Pick<Deps, 'db' | 'now'>,
  user: AuthUser,
  claims: UserAttributes,
): Promise<OnboardingState> {
  const profile = await ensureProfile(deps, user.id, claims);
  const now = deps.now();
  let community = await adminCommunity(deps, user.id);
  const isNewCommunity = !community;
  if (!community) {
    community = await createCommunity(
      deps.db,
      blankCommunity({
        id: newId(),
        name: onboardingCommunityName(profile.username),
        groupId: null,
        ownerId: user.id,
        now,
      }),
    );
    await syncDeliverySchedule(deps, community);
  }
  const existing = await getMember(deps.db, community.id, user.id);
  await putMember(deps.db, adminMembership({ communityId: community.id, user, profile, existing, now }));
  const mine = (await listConnectionsOfUser(deps.db, user.id)).filter((c) => c.community_id === community.id);
  // Connected already: its verification. Else a fresh code (none without a WhatsApp number).
  // A code still valid for a while is kept (a reload must not change the code being typed).
  const usable = mine.find((c) => c.status === 'pending' && Date.parse(c.code_expires_at) - now.getTime() > 60_000);
  const connection = community.group_id
    ? (mine.find((c) => c.status === 'connected') ?? null)
    : (usable ??
      (profile.phone_number
        ? await openVerification(deps, user, { communityId: community.id, phone: profile.phone_number })
        : null));
  return { community, isNewCommunity, connection: connection ? publicConnection(connection) : null };
}

/**
 * Onboarding state, polled every 3 s (S1 §4): the user's newest verification of a community they
 * administer (pending until the bot sees their code, then connected with the group id, or failed
 * with why) and that community; without one, the community they administer. Null before onboarding
 * started. Verifications of the Add Community dialog (no community yet) are not onboarding's.
 */
export async function getOnboarding(deps: Pick<Deps, 'db'>, user: AuthUser): Promise<OnboardingState | null> {
  const profile = await getProfile(deps.db, user.id);
  if (!profile) return null;
  for (const connection of await listConnectionsOfUser(deps.db, user.id)) {
    if (!connection.community_id) continue;
    const member = await getMember(deps.db, connection.community_id, user.id);
    const community =
      member && member.role === 'Admin' && isActiveMembership(member)
        ? await getCommunity(deps.db, connection.community_id)
        : null;
    if (community) return { community, isNewCommunity: false, connection: publicConnection(connection) };
  }
  const community = await adminCommunity(deps, user.id);
  return community ? { community, isNewCommunity: false, connection: null } : null;
}
