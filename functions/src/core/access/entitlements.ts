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
  const profile = await getProfile(deps.db, payerId);
  const email = payerId === caller.id ? caller.email : (profile?.email ?? '');
  const { access } = await accessOf(deps, email, profile);
  return planOfAccount(profile?.subscription_plan, access);
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
