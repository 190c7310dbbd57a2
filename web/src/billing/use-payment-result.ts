import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_QUERY_PARAM } from '@kehila/shared/constants';
import { paths } from '../navigation/paths';
import { useToast } from '../components/toast/use-toast';
import { useOneTimeParam } from '../navigation/use-one-time-param';

/**
 * Toasts of the checkout's return (S1 §2): /pricing?payment=failed is the spec's text; the success text
 * is ours (the spec names only "a success toast").
 */
export const paymentResultText = {
  success: 'Payment successful! Thank you for upgrading to Kehila Pro.',
  failed: "Payment was cancelled. Try again when you're ready!",
} as const;

/**
 * Shows the checkout result once and removes the `payment` parameter from the address (S1 §2):
 * success on /dashboard (and the access state is re-read: the billing webhook unblocks the account),
 * failure on /pricing.
 */
export function usePaymentResult(): void {
  const toast = useToast();
  const queryClient = useQueryClient();
  useOneTimeParam(PAYMENT_QUERY_PARAM, (result, pathname) => {
    if (pathname === paths.dashboard && result === 'success') {
      toast.success(paymentResultText.success);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      return true;
    }
    if (pathname === paths.pricing && result === 'failed') {
      toast.error(paymentResultText.failed);
      return true;
    }
    return false;
  });
}
