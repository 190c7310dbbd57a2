import { useQuery } from '@tanstack/react-query';
import type { CommunityTheme } from '@kehila/shared';
import { THEME_QUERY_RETRIES } from '@kehila/shared/constants';
import { routes } from '../api/routes';
import { useCallApi } from '../api/use-call-api';

/** Query key of a community's theme. */
export const themeQueryKey = (communityId: string | null) => ['theme', communityId] as const;

/** A community's theme (S2 §3): retried twice (S1 §7, §9). */
export function useCommunityTheme(communityId: string | null) {
  const callApi = useCallApi();
  return useQuery<CommunityTheme>({
    queryKey: themeQueryKey(communityId),
    queryFn: ({ signal }) => callApi(routes.getTheme, { params: { communityId: communityId ?? '' }, signal }),
    enabled: communityId !== null,
    retry: THEME_QUERY_RETRIES,
  });
}
