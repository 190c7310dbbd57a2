import { useQuery } from '@tanstack/react-query';
import { METADATA_GUARD_CACHE_MS } from '@kehila/shared';
import { routes } from '../api/routes';
import { useCallApi } from '../api/use-call-api';

/** Query key of one community's full record (information fields included). */
export const communityQueryKey = (communityId: string | null) => ['community', communityId] as const;

/**
 * One community with its information fields (`GET /api/communities/{id}`); idle without an id. Kept
 * fresh for 5 minutes, which is also the metadata guard's cache (S1 §4, §9); saving the information
 * form refreshes it at once.
 */
export function useCommunity(communityId: string | null) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: communityQueryKey(communityId),
    queryFn: ({ signal }) => callApi(routes.getCommunity, { params: { communityId: communityId ?? '' }, signal }),
    enabled: communityId !== null,
    staleTime: METADATA_GUARD_CACHE_MS,
  });
}
