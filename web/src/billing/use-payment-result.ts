import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_QUERY_PARAM } from '@kehila/shared/constants';
import { paths } from '../navigation/paths';
import { useToast } from '../components/toast/use-toast';
import { dropSearchParam } from '../navigation/drop-search-param';

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
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  // Effects may run twice for one location (StrictMode); the toast must not.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const result = search.get(PAYMENT_QUERY_PARAM);
    const onDashboard = location.pathname === paths.dashboard && result === 'success';
    const onPricing = location.pathname === paths.pricing && result === 'failed';
    if ((!onDashboard && !onPricing) || handled.current === location.key) return;
    handled.current = location.key;
    if (onDashboard) {
      toast.success(paymentResultText.success);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    } else {
      toast.error(paymentResultText.failed);
    }
    dropSearchParam(navigate, location, PAYMENT_QUERY_PARAM);
  }, [location, navigate, toast, queryClient]);
}
