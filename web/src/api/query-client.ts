import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULT_RETRY, QUERY_DEFAULT_RETRY_DELAY_MS, QUERY_DEFAULT_STALE_MS } from '@kehila/shared/constants';

/** A TanStack Query client with the S3 §9 query defaults (1 retry, 1 s apart, 5 minutes stale time). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: QUERY_DEFAULT_RETRY,
        retryDelay: QUERY_DEFAULT_RETRY_DELAY_MS,
        staleTime: QUERY_DEFAULT_STALE_MS,
      },
    },
  });
}
