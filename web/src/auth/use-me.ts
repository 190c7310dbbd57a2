import { useQuery } from '@tanstack/react-query';
import { routes } from '../api/routes';
import { useCallApi } from '../api/use-call-api';
import { meQueryKey } from './me-query-key';
import { useAuth } from './use-auth';

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
