import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BI_CACHE_MS, BI_STALE_MS, type OpportunitySort, type OpportunitySourceFilter } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { BI_TEXTS as T } from './bi-texts';

/** Query keys of the screen; every query of a community starts with `['bi', communityId]`. */
export const biKeys = {
  all: (communityId: string) => ['bi', communityId] as const,
  overview: (communityId: string) => ['bi', communityId, 'overview'] as const,
  opportunities: (communityId: string, sort: OpportunitySort, source: OpportunitySourceFilter) =>
    ['bi', communityId, 'opportunities', sort, source] as const,
  hot: (communityId: string) => ['bi', communityId, 'hot'] as const,
  partnerships: (communityId: string) => ['bi', communityId, 'partnerships'] as const,
  market: (communityId: string) => ['bi', communityId, 'market'] as const,
};

/** S3 §9: lists are fresh for 5 minutes and kept for 10. */
const cached = { staleTime: BI_STALE_MS, gcTime: BI_CACHE_MS } as const;
const RUN_POLL_MS = 1000;

/** The stat cards and the latest run; polled while a run is queued or running. */
export function useBiOverview(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: biKeys.overview(communityId),
    queryFn: ({ signal }) => callApi(routes.getBiOverview, { params: { communityId }, signal }),
    refetchInterval: (q) => {
      const status = q.state.data?.run?.status;
      return status === 'queued' || status === 'running' ? RUN_POLL_MS : false;
    },
  });
}

/** The Revenue tab's opportunities (S3 §7: at most 25; sort and source filter for admins). */
export function useOpportunities(communityId: string, sort: OpportunitySort, source: OpportunitySourceFilter) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: biKeys.opportunities(communityId, sort, source),
    queryFn: ({ signal }) =>
      callApi(routes.listOpportunities, { params: { communityId }, query: { sort, source }, signal }),
    ...cached,
  });
}

/** The Partners tab (S3 §7: at most 10). */
export function usePartnerships(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: biKeys.partnerships(communityId),
    queryFn: ({ signal }) => callApi(routes.listPartnerships, { params: { communityId }, signal }),
    ...cached,
  });
}

/** The last market intelligence. */
export function useMarketIntelligence(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: biKeys.market(communityId),
    queryFn: ({ signal }) => callApi(routes.getMarketIntelligence, { params: { communityId }, signal }),
    ...cached,
  });
}

/** Run Analysis, Market Intel and delete, with the S3 §8 toasts; the lists refresh when a run ends. */
export function useBiActions(
  communityId: string,
  runStatus: string | undefined,
  runCounts: { n: number; m: number } | null,
) {
  const callApi = useCallApi();
  const client = useQueryClient();
  const toast = useToast();
  const refresh = () => client.invalidateQueries({ queryKey: biKeys.all(communityId) });
  const run = useMutation({
    mutationFn: () => callApi(routes.startBiAnalysis, { params: { communityId } }),
    onSuccess: (r) => {
      client.setQueryData(biKeys.overview(communityId), (old: { summary: unknown; run: unknown } | undefined) =>
        old ? { ...old, run: r } : old,
      );
      if (r.status === 'done') void refresh();
    },
    onError: () => toast.error(T.analysisFailed),
  });
  // a run seen going from working to finished: say how it ended and read the results again
  const last = useRef(runStatus);
  useEffect(() => {
    const before = last.current;
    last.current = runStatus;
    if (before !== 'queued' && before !== 'running') return;
    if (runStatus === 'done') {
      if (runCounts) toast.success(T.analysisDone(runCounts.n, runCounts.m));
      void client.invalidateQueries({ queryKey: biKeys.all(communityId) });
    } else if (runStatus === 'failed') {
      toast.error(T.analysisFailed);
    }
  }, [runStatus, runCounts, toast, client, communityId]);
  const market = useMutation({
    mutationFn: () => callApi(routes.generateMarketIntelligence, { params: { communityId } }),
    onSuccess: (result) => {
      client.setQueryData(biKeys.market(communityId), { result });
      toast.success(T.marketDone);
    },
    onError: () => toast.error(T.marketFailed),
  });
  const remove = useMutation({
    mutationFn: (opportunityId: string) =>
      callApi(routes.deleteOpportunity, { params: { communityId, opportunityId } }),
    onSuccess: () => {
      toast.success(T.deleted);
      void refresh();
    },
    // the server's refusal text (S3 §6 'Only community admins can delete opportunities') when it gave one
    onError: (err) => toast.error(err instanceof Error && err.message ? err.message : T.deleteFailed),
  });
  return { run, market, remove };
}
