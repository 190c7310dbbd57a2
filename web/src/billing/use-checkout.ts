import { useMutation } from '@tanstack/react-query';
import { type CheckoutPlan } from '@kehila/shared';
import { routes } from '../api/routes';
import { messageOr } from '../api/api-error';
import { useCallApi } from '../api/use-call-api';

/** Shown when the checkout call fails without a message of its own. */
export const CHECKOUT_FAILED = 'Could not open the checkout. Please try again.';

/** Sends the browser to a hosted checkout URL; a seam for tests (jsdom cannot navigate away). */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Creates a hosted checkout for a plan on the server (e-mail and user id bound there) and goes to it
 * (S1 §2 "Upgrade opens an external hosted checkout"). `error` is the text to show when it cannot:
 * the server's (e.g. locally, that billing needs a deployment) or ours.
 */
export function useCheckout() {
  const callApi = useCallApi();
  const mutation = useMutation({
    mutationFn: (plan: CheckoutPlan) => callApi(routes.createCheckout, { body: { plan } }),
    onSuccess: ({ url }) => checkoutNavigation.go(url),
  });
  return {
    start: (plan: CheckoutPlan) => mutation.mutate(plan),
    pendingPlan: mutation.isPending ? mutation.variables : null,
    error: mutation.isError ? messageOr(mutation.error, CHECKOUT_FAILED) : null,
    reset: mutation.reset,
  };
}
