import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UPCOMING_ACTIONS_LIMIT, type DashboardQuery } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/** Query keys of the dashboard; every one of a community starts with `['dashboard', communityId]`. */
export const dashboardKeys = {
  all: (communityId: string) => ['dashboard', communityId] as const,
  figures: (communityId: string, q: DashboardQuery) => ['dashboard', communityId, 'figures', q] as const,
  upcoming: (communityId: string) => ['dashboard', communityId, 'upcoming'] as const,
};

/**
 * The dashboard's figures for a date filter, from the server's aggregates. "Today" and the hours are
 * the community's (its delivery settings' zone, answered as `time_zone`), not the viewer's.
 */
export function useDashboard(communityId: string, range: { from?: string; to?: string }) {
  const callApi = useCallApi();
  const query: DashboardQuery = { ...range };
  return useQuery({
    queryKey: dashboardKeys.figures(communityId, query),
    queryFn: ({ signal }) => callApi(routes.getDashboard, { params: { communityId }, query, signal }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** The caller's next pending actions, soonest due first, through the Actions list route (S2 §2.2). */
export function useUpcomingActions(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: dashboardKeys.upcoming(communityId),
    queryFn: ({ signal }) =>
      callApi(routes.listActions, {
        params: { communityId },
        query: { tab: 'pending', sort: 'due_date:asc', limit: UPCOMING_ACTIONS_LIMIT },
        signal,
      }),
  });
}
