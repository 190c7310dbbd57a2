import type { PaywallReason } from '@kehila/shared/api/contract';
import { getProfile } from '../../data/profiles';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { accessOf } from './access';

/** The 402's text: the paywall page's own title (S1 §2). */
export const PAYWALL_MESSAGE = 'Your Free Trial Has Ended';

/**
 * The server's paywall (S1 §4 trial rules), run by the route handler for every `active-plan` route:
 * a user whose trial ended without a subscription or a valid allow-list entry gets 402 with the
 * reason; so does a user without a profile (no trial was ever started).
 */
export async function requireActivePlan(deps: Pick<Deps, 'db' | 'now'>, user: AuthUser): Promise<void> {
  const profile = await getProfile(deps.db, user.id);
  const { access } = await accessOf(deps, user.email, profile);
  if (access && !access.isBlocked) return;
  const reason: PaywallReason = access?.trialEndsAt ? 'trial_ended' : 'no_plan';
  throw fail.paymentRequired(PAYWALL_MESSAGE, reason);
}
