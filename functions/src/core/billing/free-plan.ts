import { planNamed } from '@kehila/shared/api/plans';
import { getProfile, updateProfile } from '../../data/profiles';
import { accessOf } from '../access/access';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { BILLING_MESSAGES } from './messages';

/**
 * Puts an account whose trial ended on the Free plan (S1 §1 "a free tier at $0/month", S3 §6): the
 * profile's `subscription_plan` becomes `free`, which lets the account past the paywall with Free's
 * entitlements (one group, no AI features). Refused during the trial (it already has every Pro
 * feature) and while a paid plan or an allow-list entry grants access; choosing it again is a no-op.
 * A later paid subscription replaces it (the billing webhook writes the plan it grants).
 */
export async function chooseFreePlan(deps: Pick<Deps, 'db' | 'now'>, user: AuthUser): Promise<{ plan: 'free' }> {
  const profile = await getProfile(deps.db, user.id);
  if (!profile) throw fail.notFound('Profile not found');
  const { access } = await accessOf(deps, user.email || (profile.email ?? ''), profile);
  if (access?.hasActiveSubscription && planNamed(profile.subscription_plan) === 'free') return { plan: 'free' };
  if (access?.isInTrial) throw fail.conflict(BILLING_MESSAGES.freeDuringTrial);
  if (access?.hasActiveSubscription || access?.hasWhitelistAccess) throw fail.conflict(BILLING_MESSAGES.freeWithPlan);
  await updateProfile(deps.db, user.id, { subscription_plan: 'free', updated_at: deps.now().toISOString() });
  return { plan: 'free' };
}
