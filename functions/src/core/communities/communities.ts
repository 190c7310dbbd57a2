import {
  ACTIVE_MEMBER_WINDOW_DAYS,
  communityDisplayName,
  missingBasicFields,
  ONE_DAY_MS,
  type Community,
  type CommunityInfo,
  type ConnectGroupResult,
  type UserCommunity,
} from '@kehila/shared';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { readRange } from '../analytics/range';
import {
  claimGroup,
  createCommunity,
  deleteCommunity,
  findCommunityIdByGroup,
  getCommunities,
  getCommunity,
  updateCommunity,
} from '../../data/communities';
import { deleteMember, getMember, listMembershipsOfUser, putMember } from '../../data/memberships';
import { getProfile, updateProfile } from '../../data/profiles';
import { COMMUNITY_MESSAGES } from './messages';
import { requireRoomForCommunity } from '../access/entitlements';
import { adminMembership, blankCommunity, isActiveMembership, newId } from './records';
import { connectGroupOrFail } from './groups';
import { syncDeliverySchedule } from '../summaries/settings';
import { linkVerification, requireVerifiedGroup } from '../connections/verification';

/** The first day (UTC, YYYY-MM-DD) of the active-member window that ends now (S1 §3: 30 days). */
export function activeWindowStart(now: Date): string {
  return new Date(now.getTime() - (ACTIVE_MEMBER_WINDOW_DAYS - 1) * ONE_DAY_MS).toISOString().slice(0, 10);
}

/** Communities where the user is an active, approved member, with their role; newest community first. */
export async function activeCommunitiesOf(
  deps: Pick<Deps, 'db'>,
  userId: string,
): Promise<{ community: Community; role: 'Admin' | 'Member' }[]> {
  const memberships = (await listMembershipsOfUser(deps.db, userId)).filter(isActiveMembership);
  const communities = new Map(
    (
      await getCommunities(
        deps.db,
        memberships.map((m) => m.community_id),
      )
    ).map((c) => [c.id, c]),
  );
  return memberships
    .flatMap((m) => {
      const community = communities.get(m.community_id);
      return community ? [{ community, role: m.role }] : [];
    })
    .sort((a, b) => b.community.created_at.localeCompare(a.community.created_at));
}

/**
 * The user's community list (S1 §3 entry): active memberships newest first, display names, role,
 * and active members = distinct senders of the last 30 days from the message aggregates.
 */
export async function listMyCommunities(deps: Pick<Deps, 'db' | 'now'>, userId: string): Promise<UserCommunity[]> {
  const since = activeWindowStart(deps.now());
  const entries = await activeCommunitiesOf(deps, userId);
  return Promise.all(entries.map(({ community, role }) => userCommunityOf(deps, community, role, userId, since)));
}

/** One entry of a user's community list (S1 §3), with the active members of the window from `since`. */
export async function userCommunityOf(
  deps: Pick<Deps, 'db' | 'now'>,
  c: Community,
  role: 'Admin' | 'Member',
  userId: string,
  since: string = activeWindowStart(deps.now()),
): Promise<UserCommunity> {
  return {
    community_id: c.id,
    community_name: c.name,
    display_name: communityDisplayName(c),
    meaningful_id: c.meaningful_id,
    group_id: c.group_id,
    role,
    member_count: (
      await readRange(deps, c.id, { from: since, to: deps.now().toISOString().slice(0, 10) }, 'UTC', {
        keywords: false,
      })
    ).senders.size,
    created_at: c.created_at,
    is_owner: c.owner_id === userId,
  };
}

/** needs_metadata (S1 §4): the community lacks one of the basic information fields. */
export function needsMetadata(community: Community): boolean {
  return missingBasicFields(community).length > 0;
}

/**
 * Add Community dialog (S1 §2, §7): a new community for a WhatsApp group, with the caller as its
 * Admin (approved, active) and workspace owner. A group belongs to one community: adding a group
 * the caller's own community already has answers that community; anyone else's is refused.
 */
export async function addCommunity(
  deps: Pick<Deps, 'db' | 'now'>,
  user: AuthUser,
  groupId: string,
): Promise<ConnectGroupResult> {
  const { db } = deps;
  // Only a group the caller's own WhatsApp verified (their code, sent in it): 404 and no change otherwise.
  const verification = await requireVerifiedGroup(deps, user, groupId);
  const ownerId = await findCommunityIdByGroup(db, groupId);
  if (ownerId) {
    const membership = await getMember(db, ownerId, user.id);
    const community = await getCommunity(db, ownerId);
    if (community && membership && isActiveMembership(membership)) {
      return {
        success: true,
        message: COMMUNITY_MESSAGES.alreadyConnected,
        community_id: community.id,
        needs_metadata: needsMetadata(community),
        user_role: membership.role,
      };
    }
    throw fail.conflict(COMMUNITY_MESSAGES.groupTaken);
  }

  // S3 §6: Free has one WhatsApp group; a Free owner of one is offered Pro instead of a second.
  const owned = (await activeCommunitiesOf(deps, user.id)).filter((c) => c.community.owner_id === user.id);
  await requireRoomForCommunity(deps, user, owned.length);

  // The community and its Admin exist before the group is claimed, so a claim never points at a
  // community that is not there; a lost race is undone.
  const now = deps.now();
  const profile = await getProfile(db, user.id);
  const community = await createCommunity(
    db,
    blankCommunity({ id: newId(), name: `Community for ${groupId}`, groupId: null, ownerId: user.id, now }),
  );
  await putMember(db, adminMembership({ communityId: community.id, user, profile, existing: null, now }));
  const claim = await claimGroup(db, groupId, community.id);
  if (!claim.claimed) {
    await deleteMember(db, community.id, user.id);
    await deleteCommunity(db, community.id);
    throw fail.conflict(COMMUNITY_MESSAGES.groupTaken);
  }
  const { community: connected } = await connectGroupOrFail(deps, {
    communityId: community.id,
    groupId,
    userId: user.id,
  });
  await linkVerification(deps, verification, connected.id);
  await syncDeliverySchedule(deps, connected);
  return {
    success: true,
    message: COMMUNITY_MESSAGES.added,
    community_id: connected.id,
    needs_metadata: needsMetadata(connected),
    user_role: 'Admin',
  };
}

/**
 * Settings / manual connect (S1 §4, S2 §4): connects a group to the caller's community (admins
 * only), when the caller's own WhatsApp verified that group (404 and no change otherwise).
 */
export async function connectGroup(
  deps: Pick<Deps, 'db' | 'now'>,
  input: { communityId: string; groupId: string; userId: string; role: 'Admin' | 'Member' },
): Promise<ConnectGroupResult> {
  const verification = await requireVerifiedGroup(deps, { id: input.userId }, input.groupId);
  const { community, already } = await connectGroupOrFail(deps, input);
  await linkVerification(deps, verification, community.id);
  return {
    success: true,
    message: already ? COMMUNITY_MESSAGES.alreadyConnected : COMMUNITY_MESSAGES.connected,
    community_id: community.id,
    needs_metadata: needsMetadata(community),
    user_role: input.role,
  };
}

/** A community by id (the caller's membership is checked by authorization). */
export async function readCommunity(deps: Pick<Deps, 'db'>, communityId: string): Promise<Community> {
  const community = await getCommunity(deps.db, communityId);
  if (!community) throw fail.notFound(COMMUNITY_MESSAGES.notFound);
  return community;
}

/**
 * Saves the community information form (S1 §5, already validated by its schema): every field, and
 * metadata_collected_at, which marks the information as collected.
 */
export async function updateCommunityInfo(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  info: CommunityInfo,
): Promise<Community> {
  const iso = deps.now().toISOString();
  const updated = await updateCommunity(deps.db, communityId, { ...info, metadata_collected_at: iso, updated_at: iso });
  if (!updated) throw fail.notFound(COMMUNITY_MESSAGES.notFound);
  await syncDeliverySchedule(deps, updated);
  return updated;
}

/**
 * Leave community (S1 §7: delete the caller's membership). The workspace owner must hand the
 * community to another admin first (S2 §6), so a community is never left without its owner. The
 * profile's group follows the newest community the user still belongs to.
 */
export async function leaveCommunity(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  user: AuthUser,
  communityId: string,
): Promise<void> {
  const community = await getCommunity(deps.db, communityId);
  if (community?.owner_id === user.id) throw fail.conflict(COMMUNITY_MESSAGES.ownerCannotLeave);
  await deleteMember(deps.db, communityId, user.id);
  // Live events stop at once, not when the socket closes.
  await deps.realtime.revoke(communityId, user.id);
  const profile = await getProfile(deps.db, user.id);
  if (profile && community?.group_id && profile.group_id === community.group_id) {
    const remaining = await activeCommunitiesOf(deps, user.id);
    const next = remaining.find((r) => r.community.group_id)?.community.group_id ?? null;
    await updateProfile(deps.db, user.id, { group_id: next });
  }
}
