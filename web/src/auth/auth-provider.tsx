import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useToast } from '../components/toast/use-toast';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';

/** S1 §8 "Google": the text when the hosted-UI round trip fails. */
export const GOOGLE_SIGN_IN_FAILED = 'Failed to sign in with Google. Please try again.';
/** S1 §8 "Google": the round trip completed but no user is signed in. */
export const GOOGLE_NO_USER = 'No user found after Google authentication';

/**
 * Holds the auth state: reads the session on start, then follows Amplify's Hub `auth` events. Amplify
 * itself is imported when first needed. `sessionStarted` false (the prerendered /login before its
 * session has started, docs/public-pages.md) means signed out until the session starts; then it reads
 * the session as usual.
 */
export function AuthProvider({ children, sessionStarted = true }: { children: ReactNode; sessionStarted?: boolean }) {
  const [state, setState] = useState<AuthState>(
    sessionStarted ? { status: 'loading' } : { status: 'signedOut', explicit: false },
  );
  // The app's query cache, emptied on sign-out (the prerendered /login has none).
  const queryClient = useContext(QueryClientContext);
  const toast = useToast();
  // Each read gets a number; only the latest may set the state, so a slow early read cannot undo a later one.
  const generation = useRef(0);
  // Amplify announces `signedOut` before signOut() resolves; this says whether the user asked for it.
  const signingOut = useRef(false);

  const refresh = useCallback(async (): Promise<AuthState> => {
    const mine = ++generation.current;
    let next: AuthState;
    try {
      const { loadSessionUser } = await import('./session');
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
      queryClient?.clear();
      setState((prev) => (prev.status === 'signedOut' && prev.explicit ? prev : { status: 'signedOut', explicit }));
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      const { signOut: amplifySignOut } = await import('aws-amplify/auth');
      await amplifySignOut();
      signedOut(true);
    } finally {
      signingOut.current = false;
    }
  }, [signedOut]);

  useEffect(() => {
    if (!sessionStarted) return;
    void refresh();
    let stop: (() => void) | null = null;
    let unmounted = false;
    void import('aws-amplify/utils').then(({ Hub }) => {
      if (unmounted) return;
      stop = Hub.listen('auth', ({ payload }) => {
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
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [sessionStarted, refresh, signedOut, toast]);

  const value = useMemo<AuthContextValue>(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
