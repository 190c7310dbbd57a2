import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useCallApi } from '../api/use-call-api';
import { googleCallbackText, runGoogleCallback } from './google-callback';
import { clearGoogleCallback, isGoogleCallbackPending } from '../auth/google-consent';
import { useAuth } from '../auth/use-auth';
import { CurrentCommunityProvider } from '../communities/current-community';
import { LoadingScreen } from '../components/loading-screen';
import { useToast } from '../components/toast/use-toast';
import { paths } from '../navigation/paths';

/**
 * Finishes a Google sign-in (S1 §4) before any guard sees the user: while the callback runs the screen
 * shows loading; then an existing user stays where the round trip landed (/dashboard by default) with
 * 'Welcome back!', a new user goes to /onboarding with a welcome, and a final failure signs out.
 */
function GoogleCallbackGate({ children }: { children: ReactNode }) {
  const { state, signOut } = useAuth();
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [running, setRunning] = useState(isGoogleCallbackPending);
  const started = useRef(false);
  const userId = state.status === 'signedIn' ? state.user.userId : null;

  useEffect(() => {
    if (!running || started.current || userId === null) return;
    started.current = true;
    void (async () => {
      const result = await runGoogleCallback({ callApi, queryClient, userId });
      clearGoogleCallback();
      if (result.ok && result.isNew) {
        toast.success(googleCallbackText.welcomeNew);
        navigate(paths.onboarding, { replace: true });
      } else if (result.ok) {
        toast.success(googleCallbackText.welcomeBack);
      } else {
        toast.error(googleCallbackText.setupFailed);
        await signOut().catch(() => undefined);
        navigate(paths.login, { replace: true });
      }
      setRunning(false);
    })();
  }, [running, userId, callApi, queryClient, toast, navigate, signOut]);

  return running ? <LoadingScreen /> : <>{children}</>;
}

/** Everything signed in shares: the user's communities and the Google callback. */
export default function SignedInLayout() {
  return (
    <CurrentCommunityProvider>
      <GoogleCallbackGate>
        <Outlet />
      </GoogleCallbackGate>
    </CurrentCommunityProvider>
  );
}
