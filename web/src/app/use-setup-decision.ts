import { needsOnboarding } from '@kehila/shared';
import { useMe } from '../auth/use-me';
import { useCurrentCommunity } from '../communities/current-community';
import { useOnboardingState } from '../communities/use-onboarding-state';

/** What the community-setup check decides for a signed-in user (S1 §4 "Session and routing"). */
export type SetupDecision = 'loading' | 'profileError' | 'onboarding' | 'paywall' | 'pass';

/**
 * S1 §4, in order: the profile (none → onboarding); the community-setup check (a pending bot
 * connection, no active membership, or no connected group → onboarding); the access state (blocked →
 * paywall). Errors reading the pending connection or the memberships are not proof of anything, so
 * the flow goes on without them (S1 §8) rather than sending a member into onboarding.
 *
 * "An active membership whose community has no group_id" is read over all the user's communities: a
 * user with at least one connected community passes, and connects the others from Settings (S2 §2.4).
 */
export function useSetupDecision(): SetupDecision {
  const me = useMe();
  const communities = useCurrentCommunity();
  const onboarding = useOnboardingState();

  if (me.isPending || communities.isLoading || onboarding.isLoading) return 'loading';
  if (me.isError) return 'profileError';
  if (!me.data.profile) return 'onboarding';
  if (!communities.isError) {
    const connected = communities.communities.find((c) => c.group_id) ?? null;
    const pending = onboarding.data?.connection ? onboarding.data.connection.status !== 'connected' : false;
    const activeCommunity = connected ?? communities.communities[0] ?? null;
    if (needsOnboarding({ hasPendingConnection: pending, activeCommunity })) return 'onboarding';
  }
  if (me.data.access?.isBlocked) return 'paywall';
  return 'pass';
}
