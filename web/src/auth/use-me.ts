import { useQuery } from '@tanstack/react-query';
import { routes } from '@kehila/shared';
import { useAuth } from './use-auth';
import { useCallApi } from '../api/use-call-api';

/** Query key of `routes.me`; scoped by user so one account never sees another's cached answer. */
export const meQueryKey = (userId: string | null) => ['me', userId] as const;

/** The signed-in user and their profile (`GET /api/me`); idle while signed out. */
export function useMe() {
  const { state } = useAuth();
  const callApi = useCallApi();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  return useQuery({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => callApi(routes.me, { signal }),
    enabled: userId !== null,
  });
}
