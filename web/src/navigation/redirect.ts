import { SESSION_REDIRECT_KEY } from '@kehila/shared/constants';
import { paths } from './paths';

/** Where the login screen should send the user back to, carried in the router's location state. */
export interface LoginLocationState {
  readonly from?: string;
}

function isSameOriginPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * True for an in-app path we may send the user to: same origin (a single leading slash, so neither
 * `//host` nor `/\host`), and not the login screen itself (which would loop).
 */
export function isSafeRedirect(path: unknown): path is string {
  if (typeof path !== 'string' || !isSameOriginPath(path)) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname !== paths.login && !pathname.startsWith(`${paths.login}/`);
}

/** Keeps a path to return to after a full-page trip away from the app (the Google sign-in redirect). */
export function rememberRedirect(path: string, storage: Storage = window.sessionStorage): void {
  if (isSafeRedirect(path)) storage.setItem(SESSION_REDIRECT_KEY, path);
}

/** Reads and removes the stored redirect path; an unsafe value is dropped, never followed. */
export function takeRedirect(storage: Storage = window.sessionStorage): string | null {
  const value = storage.getItem(SESSION_REDIRECT_KEY);
  if (value === null) return null;
  storage.removeItem(SESSION_REDIRECT_KEY);
  return isSafeRedirect(value) ? value : null;
}

/** True while the URL is the OAuth callback (`?code=…&state=…`), which Amplify must read first. */
export function isOAuthCallback(location: string): boolean {
  const query = new URLSearchParams(location.split('?')[1]?.split('#')[0] ?? '');
  return (query.has('code') || query.has('error')) && query.has('state');
}

/**
 * The location the app starts at (S1 §2): a stored redirect is consumed and followed; a hash-form link
 * (`/#/analytics`) becomes its path; otherwise the current location. On the OAuth callback the stored
 * redirect is left for after sign-in completes.
 */
export function initialLocation(current: string, storage: Storage = window.sessionStorage): string {
  if (!isOAuthCallback(current)) {
    const stored = takeRedirect(storage);
    if (stored) return stored;
  }
  const hashIndex = current.indexOf('#/');
  if (hashIndex >= 0 && (current.slice(0, hashIndex) === '/' || current.slice(0, hashIndex) === '')) {
    const target = current.slice(hashIndex + 1);
    if (isSameOriginPath(target)) return target;
  }
  return current;
}
