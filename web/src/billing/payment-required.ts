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

/** Where the upgrade prompt's state lives (the query cache, so any screen's call can raise it). */
export const UPGRADE_PROMPT_KEY = ['upgrade-prompt'] as const;

/** The feature a call was refused for: the server's text and the plan that unlocks it. */
export interface UpgradePromptState {
  readonly message: string;
  readonly plan: 'pro' | 'enterprise';
}

/** Raises the upgrade prompt of the shell (billing/upgrade-prompt.tsx). */
export function showUpgradePrompt(queryClient: QueryClient, state: UpgradePromptState | null): void {
  queryClient.setQueryData(UPGRADE_PROMPT_KEY, state);
}

/**
 * The API client of the signed-in screens: any call answered 402 (a query, a mutation or a direct
 * call) switches the user to the paywall, or, when the community's plan lacks the feature
 * (`plan_required`), raises the upgrade prompt naming the plan that unlocks it; then fails as before.
 */
export function withPaywall(callApi: CallApi, queryClient: QueryClient): CallApi {
  const guarded: CallApi = async (route, ...args) => {
    try {
      return await callApi(route, ...args);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === PAYMENT_REQUIRED) {
        if (error.reason === 'plan_required') {
          showUpgradePrompt(queryClient, { message: error.message, plan: error.plan ?? 'pro' });
        } else {
          showPaywall(queryClient);
        }
      }
      throw error;
    }
  };
  return guarded;
}
