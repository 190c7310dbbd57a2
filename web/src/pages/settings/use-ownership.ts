import { useQuery } from '@tanstack/react-query';
import { WORKSPACE_OWNER_CACHE_MS } from '@kehila/shared/constants';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/** Query key of a community's workspace ownership. */
export const ownershipQueryKey = (communityId: string) => ['ownership', communityId] as const;

/** The workspace owner and, for admins, the community's admins (S2 §7.4b; cached 5 minutes, S2 §7). */
export function useOwnership(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: ownershipQueryKey(communityId),
    queryFn: ({ signal }) => callApi(routes.getOwnership, { params: { communityId }, signal }),
    staleTime: WORKSPACE_OWNER_CACHE_MS,
  });
}
