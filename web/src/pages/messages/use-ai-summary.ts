import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { StoredSummary } from '@kehila/shared';
import { ACTION_FORM_MESSAGES } from '@kehila/shared/rules/action-messages';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { messagesKeys } from './live-cache';

/** Texts of the summary and suggestion flow (S2 §8). */
export const SUMMARY_TEXTS = {
  generating: 'Generating AI summary...',
  generated: 'Summary generated successfully',
  ready: 'AI summary ready',
  failed: 'Failed to generate summary',
  suggestFailed: 'Failed to suggest actions',
  suggested: (n: number) => `${n} actions suggested successfully!`,
  viewActions: 'View Actions',
} as const;

/**
 * The AI summary of the screen (S2 §4): the stored one if younger than 24 h (the server decides),
 * generating a new one (stored), and AI-suggested actions once a summary exists.
 */
export function useAiSummary(communityId: string | null) {
  const callApi = useCallApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [suggestedCount, setSuggestedCount] = useState<number | null>(null);
  const announced = useRef(new Set<string>());

  const latest = useQuery({
    queryKey: messagesKeys.summary(communityId ?? ''),
    queryFn: ({ signal }) => callApi(routes.latestSummary, { params: { communityId: communityId ?? '' }, signal }),
    enabled: communityId !== null,
  });

  // A stored summary found on opening the screen is announced once per community.
  const storedId = latest.data?.id ?? null;
  useEffect(() => {
    if (storedId && communityId && !announced.current.has(communityId)) {
      announced.current.add(communityId);
      toast.info(SUMMARY_TEXTS.ready);
    }
  }, [storedId, communityId, toast]);

  const generate = useMutation({
    mutationFn: () => callApi(routes.generateSummary, { params: { communityId: communityId ?? '' } }),
    onMutate: () => {
      toast.info(SUMMARY_TEXTS.generating);
    },
    onSuccess: (summary: StoredSummary) => {
      if (communityId) announced.current.add(communityId);
      queryClient.setQueryData(messagesKeys.summary(communityId ?? ''), summary);
      toast.success(SUMMARY_TEXTS.generated);
    },
    onError: () => {
      toast.error(SUMMARY_TEXTS.failed);
    },
  });

  const suggest = useMutation({
    mutationFn: () => callApi(routes.suggestActions, { params: { communityId: communityId ?? '' } }),
    onSuccess: ({ actions }) => {
      setSuggestedCount(actions.length);
      toast.success(SUMMARY_TEXTS.suggested(actions.length), {
        action: { text: SUMMARY_TEXTS.viewActions, onFollow: () => void navigate('/actions') },
      });
      void queryClient.invalidateQueries({ queryKey: ['actions'] });
    },
    onError: (err) => {
      // S2 §5: suggesting needs a signed-in user.
      const signedOut = err instanceof ApiRequestError && err.code === 'unauthenticated';
      toast.error(signedOut ? ACTION_FORM_MESSAGES.notAuthenticated : SUMMARY_TEXTS.suggestFailed);
    },
  });

  return {
    summary: latest.data ?? null,
    generating: generate.isPending,
    suggesting: suggest.isPending,
    generate: () => generate.mutate(),
    suggest: () => suggest.mutate(),
    suggestedCount,
    dismissSuggested: () => setSuggestedCount(null),
  };
}
