import { useQuery } from '@tanstack/react-query';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/** How often a running export or deletion is asked about. */
export const DATA_JOB_POLL_MS = 1500;

/** One of the caller's data-rights jobs, polled while it runs; idle without an id. */
export function useDataJob(jobId: string | null) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: ['data-job', jobId],
    queryFn: ({ signal }) => callApi(routes.getDataJob, { params: { jobId: jobId ?? '' }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : DATA_JOB_POLL_MS;
    },
  });
}
