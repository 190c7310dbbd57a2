import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrichmentJob, EnrichmentPanel } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { BI_TEXTS } from './bi-texts';
import { biKeys } from './use-bi';

const T = BI_TEXTS.linkedin;
const JOB_POLL_MS = 1000;

/** Whether a job is still to finish (Enrich buttons are disabled meanwhile, S3 §2). */
export const isWorking = (job: EnrichmentJob | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

const panelKey = (communityId: string) => [...biKeys.all(communityId), 'enrichment'] as const;

/** The panel's members and latest job; polled every second while the job works. */
export function useEnrichmentPanel(communityId: string, enabled: boolean) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: panelKey(communityId),
    queryFn: ({ signal }) => callApi(routes.getEnrichmentPanel, { params: { communityId }, signal }),
    enabled,
    refetchInterval: (q) => (isWorking(q.state.data?.job) ? JOB_POLL_MS : false),
  });
}

/**
 * Enrich one member, Enrich Selected and Enrich All, with the S3 §8 toasts; a job seen finishing says
 * how it ended and refreshes the screen (matching reads the enriched fields).
 */
export function useEnrichmentActions(communityId: string, job: EnrichmentJob | null | undefined) {
  const callApi = useCallApi();
  const client = useQueryClient();
  const toast = useToast();
  const started = (j: EnrichmentJob) =>
    client.setQueryData(panelKey(communityId), (old: EnrichmentPanel | undefined) => (old ? { ...old, job: j } : old));
  const message = (err: unknown) => (err instanceof Error && err.message ? err.message : T.jobFailed);
  const one = useMutation({
    mutationFn: (memberId: string) => callApi(routes.enrichMember, { params: { communityId, memberId } }),
    onSuccess: started,
    onError: (err) => toast.error(T.enrichFailed(message(err))),
  });
  const many = useMutation({
    mutationFn: (input: { memberIds: string[]; onlyPending: boolean }) =>
      callApi(routes.enrichMembers, {
        params: { communityId },
        body: { member_ids: input.memberIds, only_pending: input.onlyPending },
      }),
    onSuccess: started,
    onError: (err) => toast.error(T.batchFailed(message(err))),
  });
  const last = useRef(job?.status);
  useEffect(() => {
    const before = last.current;
    last.current = job?.status;
    if (before !== 'queued' && before !== 'running') return;
    if (job?.status === 'done') {
      toast.success(T.done(job.enriched, job.not_found));
      void client.invalidateQueries({ queryKey: biKeys.all(communityId) });
    } else if (job?.status === 'failed') {
      toast.error(job.total > 1 ? T.batchJobFailed : T.jobFailed);
    }
  }, [job, toast, client, communityId]);
  return { one, many };
}
