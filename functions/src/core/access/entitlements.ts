import {
  FEATURE_PLAN,
  planIncludes,
  planOfAccount,
  upgradeMessage,
  type Feature,
  type PlanId,
} from '@kehila/shared/api/plans';
import { getCommunity } from '../../data/communities';
import { getProfile } from '../../data/profiles';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { accessOf } from './access';

/**
 * The plan of a community: its workspace owner's (the account that pays for it), or the caller's
 * when the community has no owner on record. A trial or an allow-list entry counts as Pro.
 */
export async function communityPlan(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  caller: AuthUser,
): Promise<PlanId> {
  const community = await getCommunity(deps.db, communityId);
  const payerId = community?.owner_id ?? caller.id;
  return planOfUser(deps, payerId, payerId === caller.id ? caller.email : undefined);
}

/** The plan of an account by id (its e-mail from the profile unless given). */
export async function planOfUser(deps: Pick<Deps, 'db' | 'now'>, userId: string, email?: string): Promise<PlanId> {
  const profile = await getProfile(deps.db, userId);
  const { access } = await accessOf(deps, email ?? profile?.email ?? '', profile);
  return planOfAccount(profile?.subscription_plan, access);
}

/**
 * Whether a community's plan includes a feature, for work no caller asks for (scheduled summaries,
 * bot commands): the plan of its workspace owner; a community with no owner on record is not held back.
 */
export async function communityHasFeature(
  deps: Pick<Deps, 'db' | 'now'>,
  community: { owner_id: string | null },
  feature: Feature,
): Promise<boolean> {
  if (!community.owner_id) return true;
  return planIncludes(await planOfUser(deps, community.owner_id), feature);
}

/** The caller's own plan (what a community they create would have). */
export function accountPlan(deps: Pick<Deps, 'db' | 'now'>, caller: AuthUser): Promise<PlanId> {
  return planOfUser(deps, caller.id, caller.email);
}

/** Text of the 402 when a Free account adds a second community (S3 §6: Free has 1 WhatsApp group). */
export const FREE_GROUP_LIMIT_MESSAGE =
  'The Free plan includes 1 WhatsApp group. More communities are available on the Pro plan';

/**
 * S3 §6 "1 WhatsApp group" on Free: an account on Free that already owns an active community gets
 * 402 `plan_required` (Pro) instead of a second one.
 */
export async function requireRoomForCommunity(
  deps: Pick<Deps, 'db' | 'now'>,
  caller: AuthUser,
  ownedActive: number,
): Promise<void> {
  if (ownedActive < 1) return;
  if ((await accountPlan(deps, caller)) !== 'free') return;
  throw fail.planRequired(FREE_GROUP_LIMIT_MESSAGE, 'pro');
}

/**
 * The plan entitlements, run by the route handler for every route that declares a `feature`: a
 * community whose plan lacks it gets 402 `plan_required` with the plan that unlocks it.
 */
export async function requireFeature(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  caller: AuthUser,
  feature: Feature,
): Promise<void> {
  const plan = await communityPlan(deps, communityId, caller);
  if (planIncludes(plan, feature)) return;
  const needed = FEATURE_PLAN[feature];
  throw fail.planRequired(upgradeMessage(needed), needed);
}
