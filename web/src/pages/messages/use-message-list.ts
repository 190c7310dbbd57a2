import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  MESSAGE_LIST_REFETCH_MS,
  THREADS_QUERY_LIMIT,
  type MessageFilters,
  type MessageListQuery,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { MESSAGE_PAGE_SIZE } from './filter-config';
import { messagesKeys } from './live-cache';

/** The list route's query for the filters in view: only the filters that are set. */
export function messageListQuery(
  filters: Omit<MessageListQuery, 'limit' | 'cursor'> & MessageFilters,
): Omit<MessageListQuery, 'limit' | 'cursor'> {
  return {
    order: filters.order,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.topic ? { topic: filters.topic } : {}),
    ...(filters.urgency ? { urgency: filters.urgency } : {}),
    ...(filters.sender ? { sender: filters.sender } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/**
 * The message list (S2 §4): pages from the server with the filters, the next page on demand by its
 * cursor, refetched every 60 s while live.
 */
export function useMessageList(
  communityId: string | null,
  filters: Omit<MessageListQuery, 'limit' | 'cursor'> & MessageFilters,
  live: boolean,
) {
  const callApi = useCallApi();
  return useInfiniteQuery({
    queryKey: messagesKeys.list(communityId ?? '', filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(routes.listMessages, {
        params: { communityId: communityId ?? '' },
        query: {
          ...messageListQuery(filters),
          limit: MESSAGE_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: communityId !== null,
    refetchInterval: live ? MESSAGE_LIST_REFETCH_MS : false,
  });
}

/** The latest 100 messages the thread overview is built from (S2 §7.1, §9), refetched every 60 s while live. */
export function useLatestMessages(communityId: string | null, live: boolean) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: messagesKeys.latest(communityId ?? ''),
    queryFn: ({ signal }) =>
      callApi(routes.listMessages, {
        params: { communityId: communityId ?? '' },
        query: { order: 'desc', limit: THREADS_QUERY_LIMIT },
        signal,
      }),
    enabled: communityId !== null,
    refetchInterval: live ? MESSAGE_LIST_REFETCH_MS : false,
  });
}
