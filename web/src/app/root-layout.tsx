import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { usePaymentResult } from '../billing/use-payment-result';
import { LoadingScreen } from '../components/loading-screen';
import { AppPrompts } from '../pwa/app-prompts';

/**
 * The top of every route: the checkout-return toasts, the install and update prompts, and a loading
 * state while a lazily split screen arrives.
 */
export function RootLayout() {
  usePaymentResult();
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <AppPrompts />
    </>
  );
}
