import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useToast } from '../components/toast/use-toast';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';
import { loadSessionUser } from './session';

/** S1 §8 "Google": the text when the hosted-UI round trip fails. */
export const GOOGLE_SIGN_IN_FAILED = 'Failed to sign in with Google. Please try again.';
/** S1 §8 "Google": the round trip completed but no user is signed in. */
export const GOOGLE_NO_USER = 'No user found after Google authentication';

/** Holds the auth state: reads the session on start, then follows Amplify's Hub `auth` events. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const queryClient = useQueryClient();
  const toast = useToast();
  // Each read gets a number; only the latest may set the state, so a slow early read cannot undo a later one.
  const generation = useRef(0);
  // Amplify announces `signedOut` before signOut() resolves; this says whether the user asked for it.
  const signingOut = useRef(false);

  const refresh = useCallback(async (): Promise<AuthState> => {
    const mine = ++generation.current;
    let next: AuthState;
    try {
      next = { status: 'signedIn', user: await loadSessionUser() };
    } catch {
      next = { status: 'signedOut', explicit: false };
    }
    if (mine === generation.current) setState(next);
    return next;
  }, []);

  const signedOut = useCallback(
    (explicit: boolean) => {
      generation.current++;
      queryClient.clear();
      setState((prev) => (prev.status === 'signedOut' && prev.explicit ? prev : { status: 'signedOut', explicit }));
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      await amplifySignOut();
      signedOut(true);
    } finally {
      signingOut.current = false;
    }
  }, [signedOut]);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          void refresh();
          break;
        case 'signInWithRedirect':
          // The Google round trip finished, yet no session came with it (S1 §8).
          void refresh().then((next) => {
            if (next.status === 'signedOut') toast.error(GOOGLE_NO_USER);
          });
          break;
        case 'signInWithRedirect_failure':
          toast.error(GOOGLE_SIGN_IN_FAILED);
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          signedOut(signingOut.current);
          break;
        default:
          break;
      }
    });
  }, [refresh, signedOut, toast]);

  const value = useMemo<AuthContextValue>(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
