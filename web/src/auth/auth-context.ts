import { createContext } from 'react';
import type { SessionUser } from './session';

/**
 * S1 §4 "Session and routing": auth is unknown (loading), then signed-in or signed-out. `explicit` marks a
 * sign-out the user asked for, so the guard does not remember the page they were leaving.
 */
export type AuthState =
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut'; readonly explicit: boolean }
  | { readonly status: 'signedIn'; readonly user: SessionUser };

/** What the auth provider offers the app. */
export interface AuthContextValue {
  readonly state: AuthState;
  /** Re-reads the session (after a sign-in) and resolves with the new state. */
  readonly refresh: () => Promise<AuthState>;
  /** Signs out of Cognito; rejects when that fails. */
  readonly signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
