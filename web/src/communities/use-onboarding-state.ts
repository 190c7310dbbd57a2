import { useQuery } from '@tanstack/react-query';
import { routes } from '../api/routes';
import { useCallApi } from '../api/use-call-api';
import { useAuth } from '../auth/use-auth';

/** Query key of the user's onboarding state (their community and pending bot connection). */
export const onboardingQueryKey = (userId: string | null) => ['onboarding', userId] as const;

/** The user's onboarding state (`GET /api/onboarding`): null before onboarding started; idle while signed out. */
export function useOnboardingState() {
  const { state } = useAuth();
  const callApi = useCallApi();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  return useQuery({
    queryKey: onboardingQueryKey(userId),
    queryFn: ({ signal }) => callApi(routes.getOnboarding, { signal }),
    enabled: userId !== null,
    // S1 §8: an error reading the pending connection is logged and the flow goes on without it.
    retry: false,
  });
}
