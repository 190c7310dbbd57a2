import type { Community } from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { claimGroup, getCommunity, releaseGroupClaim, setCommunityGroup } from '../../data/communities';
import { updateProfile } from '../../data/profiles';
import { COMMUNITY_MESSAGES } from './messages';

/** Why a group could not be connected to a community. */
export type GroupRefusal = 'not_found' | 'group_taken' | 'other_group';

/**
 * Connects a WhatsApp group to an existing community. Two invariants, each a conditional write:
 * one community per group (the group claim) and one group per community (the community's group_id
 * is set only while empty). The user's profile group_id follows (S2 pages read it). Returns the
 * community, or why not; `already` when the group was connected to it before.
 */
export async function tryConnectGroup(
  deps: Pick<Deps, 'db' | 'now'>,
  input: { communityId: string; groupId: string; userId: string },
): Promise<{ ok: true; community: Community; already: boolean } | { ok: false; reason: GroupRefusal }> {
  const { db } = deps;
  const community = await getCommunity(db, input.communityId);
  if (!community) return { ok: false, reason: 'not_found' };
  if (community.group_id && community.group_id !== input.groupId) return { ok: false, reason: 'other_group' };
  const claim = await claimGroup(db, input.groupId, input.communityId);
  if (!claim.claimed) return { ok: false, reason: 'group_taken' };
  const already = community.group_id === input.groupId;
  const updated = already
    ? community
    : await setCommunityGroup(db, input.communityId, input.groupId, deps.now().toISOString());
  if (!updated) {
    // Another connection gave the community a different group meanwhile: give this group back.
    await releaseGroupClaim(db, input.groupId, input.communityId);
    return { ok: false, reason: 'other_group' };
  }
  await updateProfile(db, input.userId, { group_id: input.groupId });
  return { ok: true, community: updated, already };
}

/** The same, for API calls: a refusal becomes the matching 404 or 409 with its message. */
export async function connectGroupOrFail(
  deps: Pick<Deps, 'db' | 'now'>,
  input: { communityId: string; groupId: string; userId: string },
): Promise<{ community: Community; already: boolean }> {
  const r = await tryConnectGroup(deps, input);
  if (r.ok) return r;
  if (r.reason === 'not_found') throw fail.notFound(COMMUNITY_MESSAGES.notFound);
  throw fail.conflict(r.reason === 'group_taken' ? COMMUNITY_MESSAGES.groupTaken : COMMUNITY_MESSAGES.otherGroup);
}
