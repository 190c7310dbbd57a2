import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@kehila/shared/api/accounts';
import { ApiRequestError, type CallApi } from '../api/client';
import { ME_QUERY_ROOT } from '../auth/me-query-key';

/** HTTP status of a paid route refusing the caller (S1 §4; `ApiErrorSchema.reason` says why). */
export const PAYMENT_REQUIRED = 402;

/**
 * The server refused a paid route (its trial ended without a plan): the cached profile is marked
 * blocked, as the server's own `/api/me` would now say, so the setup guard shows 'Your Free Trial Has
 * Ended' in place of the screen. The paywall re-reads the profile every few seconds, so the server's
 * answer replaces this mark (and a completed payment lifts the paywall by itself).
 */
export function showPaywall(queryClient: QueryClient): void {
  queryClient.setQueriesData<Me>({ queryKey: ME_QUERY_ROOT }, (me) =>
    me?.access && !me.access.isBlocked ? { ...me, access: { ...me.access, isBlocked: true } } : me,
  );
}

/**
 * The API client of the signed-in screens: any call answered 402 (a query, a mutation or a direct
 * call) switches the user to the paywall, then fails as before.
 */
export function withPaywall(callApi: CallApi, queryClient: QueryClient): CallApi {
  const guarded: CallApi = async (route, ...args) => {
    try {
      return await callApi(route, ...args);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === PAYMENT_REQUIRED) showPaywall(queryClient);
      throw error;
    }
  };
  return guarded;
}
