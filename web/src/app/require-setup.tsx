import { lazy, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useMe } from '../auth/use-me';
import { LoadingScreen } from '../components/loading-screen';
import { PublicPage } from '../components/public-page';
import { useToast } from '../components/toast/use-toast';
import { paths } from '../navigation/paths';
import { useSetupDecision } from './use-setup-decision';

const PaywallPage = lazy(() => import('../pages/paywall'));

/** S1 §8 "Profile query error" and the retry of the panel shown in its place. */
export const setupGuardText = {
  profileFailed: 'Failed to load your profile',
  retry: 'Try Again',
} as const;

/**
 * Guards the shell's screens after sign-in: loading, then onboarding, the paywall ('Your Free Trial
 * Has Ended') or the screen. The metadata guard for admins runs inside the shell.
 */
export default function RequireSetup() {
  const decision = useSetupDecision();
  const me = useMe();
  const toast = useToast();

  useEffect(() => {
    if (decision === 'profileError') toast.error(setupGuardText.profileFailed);
  }, [decision, toast]);

  switch (decision) {
    case 'loading':
      return <LoadingScreen />;
    case 'profileError':
      return (
        <PublicPage narrow>
          <Alert
            type="error"
            header={setupGuardText.profileFailed}
            action={<Button onClick={() => void me.refetch()}>{setupGuardText.retry}</Button>}
          />
        </PublicPage>
      );
    case 'onboarding':
      return <Navigate to={paths.onboarding} replace />;
    case 'paywall':
      return <PaywallPage />;
    default:
      return <Outlet />;
  }
}
