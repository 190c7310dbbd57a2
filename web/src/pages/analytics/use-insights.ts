import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/** The analytics charts' data for the last `days` days, in the community's zone (the server's answer says which). */
export function useInsights(communityId: string, days: number) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: ['analytics', communityId, 'insights', days],
    queryFn: ({ signal }) => callApi(routes.getInsights, { params: { communityId }, query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
}
