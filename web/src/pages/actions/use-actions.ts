import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  ACTION_FORM_MESSAGES,
  ACTIONS_STALE_MS,
  type Action,
  type ActionChangeInput,
  type ActionListQuery,
  type BulkActionChange,
} from '@kehila/shared';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { ACTIONS_TEXTS } from './actions-texts';

/** The list filters the screen sends (S2 §2.3): tab, priority and sort. */
export type ActionFilters = Required<Pick<ActionListQuery, 'tab' | 'priority' | 'sort'>>;

/** Actions fetched per page. */
export const ACTIONS_PAGE_SIZE = 50;

/** Query keys of the screen; every action query of a community starts with `['actions', communityId]`. */
export const actionsKeys = {
  all: (communityId: string) => ['actions', communityId] as const,
  list: (communityId: string, f: ActionFilters) => ['actions', communityId, 'list', f] as const,
  one: (communityId: string, actionId: string) => ['actions', communityId, 'one', actionId] as const,
};

// S2 §7 caching: actions are fresh for 30 s and refetch on focus and mount.
const FRESHNESS = { staleTime: ACTIONS_STALE_MS, refetchOnWindowFocus: true, refetchOnMount: true } as const;

/** The caller's actions of one tab, priority and sort, page by page from the server, with the tab counts. */
export function useActionList(communityId: string, filters: ActionFilters) {
  const callApi = useCallApi();
  return useInfiniteQuery({
    queryKey: actionsKeys.list(communityId, filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(routes.listActions, {
        params: { communityId },
        query: { ...filters, limit: ACTIONS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...FRESHNESS,
  });
}

/** One action (the detail dialog, the `?action=` deep link). */
export function useAction(communityId: string, actionId: string | null) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: actionsKeys.one(communityId, actionId ?? ''),
    queryFn: ({ signal }) => callApi(routes.getAction, { params: { communityId, actionId: actionId ?? '' }, signal }),
    enabled: actionId !== null,
    retry: false,
    ...FRESHNESS,
  });
}

/** The changes of the screen, each with its S2 §8 toasts; every success refetches the community's actions. */
export function useActionChanges(communityId: string) {
  const callApi = useCallApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = (changed?: Action) => {
    if (changed) queryClient.setQueryData(actionsKeys.one(communityId, changed.action_id), changed);
    return queryClient.invalidateQueries({ queryKey: actionsKeys.all(communityId) });
  };

  const update = useMutation({
    mutationFn: (v: { actionId: string; change: ActionChangeInput; success: string; failure: string }) =>
      callApi(routes.updateAction, { params: { communityId, actionId: v.actionId }, body: v.change }),
    onSuccess: async (action, v) => {
      toast.success(v.success);
      await refresh(action);
    },
    onError: (_e, v) => toast.error(v.failure),
  });

  const remove = useMutation({
    mutationFn: (actionId: string) => callApi(routes.deleteAction, { params: { communityId, actionId } }),
    onSuccess: async () => {
      toast.success(ACTIONS_TEXTS.deleted);
      await refresh();
    },
    onError: () => toast.error(ACTIONS_TEXTS.bulkDeleteFailed),
  });

  const bulkUpdate = useMutation({
    mutationFn: (v: { ids: string[]; change: BulkActionChange }) =>
      callApi(routes.bulkUpdateActions, { params: { communityId }, body: { action_ids: v.ids, change: v.change } }),
    onSuccess: async ({ updated }) => {
      toast.success(ACTIONS_TEXTS.bulkUpdated(updated));
      await refresh();
    },
    onError: (err) => toast.error(serverMessage(err) ?? ACTIONS_TEXTS.bulkUpdateFailed),
  });

  const bulkDelete = useMutation({
    mutationFn: (ids: string[]) => callApi(routes.bulkDeleteActions, { params: { communityId }, body: { action_ids: ids } }),
    onSuccess: async ({ deleted }) => {
      toast.success(ACTIONS_TEXTS.bulkDeleted(deleted));
      await refresh();
    },
    onError: (err) => toast.error(serverMessage(err) ?? ACTIONS_TEXTS.bulkDeleteFailed),
  });

  const suggest = useMutation({
    mutationFn: () => callApi(routes.suggestActions, { params: { communityId } }),
    onSuccess: async ({ actions }) => {
      // S2 §8: with a View Actions link to /actions (the list without this view's filters)
      toast.success(ACTIONS_TEXTS.suggested(actions.length), {
        action: { text: ACTIONS_TEXTS.viewActions, onFollow: () => void navigate('/actions') },
      });
      await refresh();
    },
    onError: (err) => toast.error(actionFailureText(err, ACTIONS_TEXTS.suggestFailed)),
  });

  // S2 §8: 'Processed {n} reminders'; a reminder the gateway refused stays due and is reported as a failure.
  const processReminders = useMutation({
    mutationFn: () => callApi(routes.processReminders, { params: { communityId } }),
    onSuccess: async ({ processed, failed }) => {
      if (failed > 0) toast.error(ACTIONS_TEXTS.remindersFailed);
      if (processed > 0 || failed === 0) toast.success(ACTIONS_TEXTS.remindersProcessed(processed));
      await refresh();
    },
    onError: () => toast.error(ACTIONS_TEXTS.remindersFailed),
  });

  return { update, remove, bulkUpdate, bulkDelete, suggest, processReminders };
}

/**
 * The words of a failed create or suggest on the Actions screen (S2 §5): 'User not authenticated'
 * when the session is gone, 'No group found. Please join a group first.' when the community has no
 * group (the server says 'Group ID is missing'), else the fallback.
 */
export function actionFailureText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) {
    if (err.code === 'unauthenticated') return ACTION_FORM_MESSAGES.notAuthenticated;
    if (err.status === 400 && err.message === ACTION_FORM_MESSAGES.groupMissing) return ACTION_FORM_MESSAGES.noGroup;
  }
  return fallback;
}

/** The server's own words for a refused bulk change ('or the server message', S2 §8), when it gave a 4xx. */
function serverMessage(err: unknown): string | null {
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403)
    return err.message;
  return null;
}
