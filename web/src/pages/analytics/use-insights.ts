import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { viewerTimeZone } from '../dashboard/use-dashboard';

/** The analytics charts' data for the last `days` days, in the viewer's zone. */
export function useInsights(communityId: string, days: number) {
  const callApi = useCallApi();
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: ['analytics', communityId, 'insights', days, tz],
    queryFn: ({ signal }) => callApi(routes.getInsights, { params: { communityId }, query: { days, tz }, signal }),
    placeholderData: keepPreviousData,
  });
}
