import type { Community, OnboardingState, Profile } from '@kehila/shared';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { ensureProfile } from '../accounts/profiles';
import type { UserAttributes } from '../accounts/signup';
import { createCommunity, getCommunity } from '../../data/communities';
import {
  createConnection,
  deleteConnection,
  listCommunityConnections,
  listConnectionsByPhone,
  type ConnectionRecord,
} from '../../data/connections';
import { getMember, putMember } from '../../data/memberships';
import { getProfile } from '../../data/profiles';
import { activeCommunitiesOf } from './communities';
import { adminMembership, blankCommunity, isActiveMembership, newId } from './records';

/** Name of the community onboarding creates (S1 §3 calls such names auto-generated). */
export function onboardingCommunityName(username: string): string {
  return `${username || 'User'}'s Community`;
}

function publicConnection(c: ConnectionRecord | null | undefined): OnboardingState['connection'] {
  if (!c) return null;
  return {
    id: c.id,
    community_id: c.community_id,
    admin_phone: c.admin_phone,
    status: c.status,
    group_id: c.group_id,
    uuid_detected_at: c.uuid_detected_at,
    created_at: c.created_at,
  };
}

/** The newest community the user administers (onboarding reuses it; S1 §4), or null. */
async function adminCommunity(deps: Pick<Deps, 'db'>, userId: string): Promise<Community | null> {
  const entries = await activeCommunitiesOf(deps, userId);
  return entries.find((e) => e.role === 'Admin')?.community ?? null;
}

/**
 * Opens the pending bot connection for the user's phone, or reuses the one already open for this
 * community. Older pending connections the user opened for other communities are closed: the bot
 * connects a phone's group to one community, the one being onboarded now.
 */
async function openConnection(
  deps: Pick<Deps, 'db' | 'now'>,
  profile: Profile,
  communityId: string,
): Promise<ConnectionRecord | null> {
  if (!profile.phone_number) return null;
  const pending = (await listConnectionsByPhone(deps.db, profile.phone_number, 'pending')).filter(
    (c) => c.user_id === profile.id,
  );
  const reuse = pending.find((c) => c.community_id === communityId);
  for (const stale of pending) {
    if (stale !== reuse) await deleteConnection(deps.db, stale.community_id, stale.id);
  }
  if (reuse) return reuse;
  return createConnection(deps.db, {
    id: newId(),
    community_id: communityId,
    admin_phone: profile.phone_number,
    status: 'pending',
    group_id: null,
    uuid_detected_at: null,
    created_at: deps.now().toISOString(),
    user_id: profile.id,
  });
}

/**
 * Onboarding step 1 (S1 §4): reuses the user's own community (newest one they administer) or
 * creates "<username>'s Community" with them as owner; upserts them as Admin, approved, active;
 * and, while the community has no group, opens (or reuses) the pending connection keyed by their
 * WhatsApp phone, which the bot completes. Without a phone on the profile there is no bot
 * connection and the manual group-id entry remains.
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
  }
  const existing = await getMember(deps.db, community.id, user.id);
  await putMember(deps.db, adminMembership({ communityId: community.id, user, profile, existing, now }));
  const connection = community.group_id
    ? ((await listCommunityConnections(deps.db, community.id)).find((c) => c.user_id === user.id) ?? null)
    : await openConnection(deps, profile, community.id);
  return { community, isNewCommunity, connection: publicConnection(connection) };
}

/**
 * Onboarding state, polled every 3 s (S1 §4): the user's newest connection (pending until the bot
 * completes it, then connected with the group id) and its community; without one, the community
 * they administer. Null before onboarding started. `isNewCommunity` only describes the start call.
 */
export async function getOnboarding(deps: Pick<Deps, 'db'>, user: AuthUser): Promise<OnboardingState | null> {
  const profile = await getProfile(deps.db, user.id);
  if (!profile) return null;
  if (profile.phone_number) {
    const mine = (await listConnectionsByPhone(deps.db, profile.phone_number)).filter((c) => c.user_id === user.id);
    for (const connection of mine) {
      const member = await getMember(deps.db, connection.community_id, user.id);
      const community =
        member && member.role === 'Admin' && isActiveMembership(member)
          ? await getCommunity(deps.db, connection.community_id)
          : null;
      if (community) return { community, isNewCommunity: false, connection: publicConnection(connection) };
    }
  }
  const community = await adminCommunity(deps, user.id);
  return community ? { community, isNewCommunity: false, connection: null } : null;
}
