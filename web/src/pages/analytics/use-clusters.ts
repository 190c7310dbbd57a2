import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

const clustersKey = (communityId: string, days: number) => ['analytics', communityId, 'clusters', days];

/** The stored topic clusters of the last `days` days (null before the first Generate). */
export function useClusters(communityId: string, days: number) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: clustersKey(communityId, days),
    queryFn: ({ signal }) =>
      callApi(routes.getTopicClusters, { params: { communityId }, query: { days }, signal }),
  });
}

/** Generate clusters: stores the new result and puts it in the cache of its period. */
export function useGenerateClusters(communityId: string, days: number) {
  const callApi = useCallApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(routes.generateTopicClusters, { params: { communityId }, body: { days } }),
    onSuccess: (result) => client.setQueryData(clustersKey(communityId, days), { result }),
  });
}
