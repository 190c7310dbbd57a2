import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import type { HomeLink } from '../../components/public-frame';
import { paths } from '../../navigation/paths';
import { LoginNavContext, type LoginAddress, type LoginNav } from './login-nav';

// The prerendered /login's navigation (docs/public-pages.md): the address is window.location's, a move
// within /login (the verification link's clean-up) rewrites history, and any other path (the dashboard
// after sign-in, the signed-in redirect) belongs to the app: a full page load.

/** The state a navigation left in history (react-router keeps it under `usr`, so the app's reads the same). */
function historyState(): unknown {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'usr' in state ? state.usr : null;
}

function addressOf(url: URL, state: unknown): LoginAddress {
  return { pathname: url.pathname, search: url.search, state };
}

function currentAddress(): LoginAddress {
  return addressOf(new URL(window.location.href), historyState());
}

/** /login's own path, with or without a trailing slash (both are served the page). */
function isLoginPath(pathname: string): boolean {
  return pathname === paths.login || pathname === `${paths.login}/`;
}

/** A link within the site from the prerendered page: a full page load (the target is prerendered or the app). */
function PageLink({ to, ...rest }: ComponentProps<HomeLink>) {
  return <a href={to} {...rest} />;
}

/**
 * Gives /login the browser's address, outside any router. `url` is the address of a render without a
 * window (the build's prerender).
 */
export function WindowLoginNav({ url, children }: { url?: string; children: ReactNode }) {
  const [address, setAddress] = useState<LoginAddress>(() =>
    url === undefined ? currentAddress() : addressOf(new URL(url, 'http://prerender'), null),
  );
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const onPopState = () => setAddress(currentAddress());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const nav = useMemo<LoginNav>(
    () => ({
      address,
      navigate: (to, { replace = false, state = null } = {}) => {
        const target = new URL(to, window.location.href);
        if (target.origin !== window.location.origin || !isLoginPath(target.pathname)) {
          setLeaving(true);
          if (replace) window.location.replace(target.href);
          else window.location.assign(target.href);
          return;
        }
        const entry = `${target.pathname}${target.search}${target.hash}`;
        if (replace) window.history.replaceState({ usr: state }, '', entry);
        else window.history.pushState({ usr: state }, '', entry);
        setAddress(currentAddress());
      },
      Link: PageLink,
    }),
    [address],
  );

  // On the way to the app: the page waits for the next one.
  if (leaving) return <LoadingScreen />;
  return <LoginNavContext.Provider value={nav}>{children}</LoginNavContext.Provider>;
}
