import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiClientContext } from '../../api/api-client-context';
import { SessionReadyContext, type Session } from '../../app/session';
import { AuthProvider } from '../../auth/auth-provider';
import { ToastProvider } from '../../components/toast/toast-provider';
import { ConfigErrorPage } from '../../config/config-error-page';
import { AppPrompts } from '../../pwa/app-prompts';
import { RuntimeConfigContext } from '../../config/runtime-config-context';
import { useLoginNav } from './login-nav';
import { LoginScreen } from './login-screen';
import { onFirstInteraction } from './login-views';
import { WindowLoginNav } from './window-login-nav';

// /login as a prerendered page (docs/public-pages.md): the build renders the sign-in view to HTML and
// this tree hydrates it, without the app's router (window.location's navigation, window-login-nav.tsx),
// shell or query cache. What starts a session (config.json, Amplify, the API client with zod and the
// contract) loads on the first interaction, or at once for a visitor Amplify remembers; any other path
// is left to the app by a full page load.

/** Amplify keeps `CognitoIdentityServiceProvider.<client id>.LastAuthUser` while someone is signed in. */
function rememberedUser(storage: Storage): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage blocked: nobody is remembered.
  }
  return false;
}

/** Provides what /login's actions need, starting the browser's session when first needed. */
function DeferredSession({ children }: { children: ReactNode }) {
  const { navigate } = useLoginNav();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [session, setSession] = useState<Session | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const starting = useRef<Promise<Session> | null>(null);

  const ready = useCallback((): Promise<Session> => {
    starting.current ??= import('../../app/browser-session')
      .then(({ startBrowserSession }) =>
        startBrowserSession({ navigate: (to, options) => navigateRef.current(to, options) }),
      )
      .then((start) => {
        if (!start.ok) {
          setFailure({ error: start.error });
          throw start.error;
        }
        setSession(start.session);
        return start.session;
      });
    return starting.current;
  }, []);

  useEffect(() => {
    const start = () => void ready().catch(() => undefined);
    if (rememberedUser(window.localStorage)) start();
    return onFirstInteraction(start);
  }, [ready]);

  if (failure) return <ConfigErrorPage error={failure.error} />;
  return (
    <SessionReadyContext.Provider value={ready}>
      <RuntimeConfigContext.Provider value={session?.config ?? null}>
        <ApiClientContext.Provider value={session?.callApi ?? null}>
          <AuthProvider sessionStarted={session !== null}>{children}</AuthProvider>
        </ApiClientContext.Provider>
      </RuntimeConfigContext.Provider>
    </SessionReadyContext.Provider>
  );
}

/**
 * The prerendered /login's tree, on the browser's address (`url` when rendered at build time). Any other
 * path (the dashboard after sign-in) is a full page load into the app.
 */
export function StandaloneLogin({ url }: { url?: string }) {
  return (
    <ToastProvider carryOver>
      <WindowLoginNav url={url}>
        <DeferredSession>
          <LoginScreen />
        </DeferredSession>
      </WindowLoginNav>
      {/* The install and update cards of every app screen (S3 §4), as under the app's root layout. */}
      <AppPrompts />
    </ToastProvider>
  );
}
