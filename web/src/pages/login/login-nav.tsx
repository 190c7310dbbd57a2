import { createContext, use } from 'react';
import type { HomeLink } from '../../components/public-frame';

// How /login's views read the address and move on (docs/public-pages.md). Inside the app the router gives
// it (router-login-nav.tsx, react-router's location and navigate); the prerendered page gives a
// window.location-based one (window-login-nav.tsx), so its first load does without react-router.

/** The address /login is showing. */
export interface LoginAddress {
  readonly pathname: string;
  readonly search: string;
  /** What the navigation that opened /login carried (the path to return to after sign-in). */
  readonly state: unknown;
}

/** The address, a way to another one, and links. */
export interface LoginNav {
  readonly address: LoginAddress;
  /** Goes to a path (`/dashboard`, `/login?email=…`), replacing the current entry when asked. */
  readonly navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  /** A link within the site (the logo's link home). */
  readonly Link: HomeLink;
}

export const LoginNavContext = createContext<LoginNav | null>(null);

/** The navigation /login was given. */
export function useLoginNav(): LoginNav {
  const nav = use(LoginNavContext);
  if (!nav) throw new Error('useLoginNav outside RouterLoginNav or WindowLoginNav');
  return nav;
}
