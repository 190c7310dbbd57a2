import { Hub } from 'aws-amplify/utils';
import { takeRedirect } from '../navigation/redirect';

/** The part of a data router this needs. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

/**
 * After the Google round trip completes, sends the user to the path kept under `redirect` (S1 §2), or
 * re-reads the URL Amplify cleaned of `?code=…`. Registered before `Amplify.configure`, which is what
 * starts completing the callback.
 */
export function followRedirectAfterOAuth(router: Navigator, storage: Storage = window.sessionStorage): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event !== 'signInWithRedirect') return;
    const target = takeRedirect(storage);
    const { pathname, search, hash } = window.location;
    void router.navigate(target ?? `${pathname}${search}${hash}`, { replace: true });
  });
}
