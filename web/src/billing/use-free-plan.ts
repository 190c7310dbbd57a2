import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '../api/routes';
import { messageOr } from '../api/api-error';
import { useCallApi } from '../api/use-call-api';
import { ME_QUERY_ROOT } from '../auth/me-query-key';

/** Shown when choosing Free fails without a message of its own. */
export const FREE_PLAN_FAILED = 'Could not switch to the Free plan. Please try again.';

/**
 * Puts the account on the Free plan (the server decides whether it may: only once the trial has
 * ended), then re-reads the access state, which lets the user past the paywall.
 */
export function useFreePlan() {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => callApi(routes.chooseFreePlan, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_ROOT }),
  });
  return {
    choose: () => mutation.mutate(),
    pending: mutation.isPending,
    error: mutation.isError ? messageOr(mutation.error, FREE_PLAN_FAILED) : null,
    reset: mutation.reset,
  };
}
