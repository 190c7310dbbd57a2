import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchAuthEvent } from '../helpers/hub';
import { followRedirectAfterOAuth } from '../../../web/src/app/follow-redirect-after-oauth';

let stop: () => void = () => undefined;
afterEach(() => stop());

describe('followRedirectAfterOAuth', () => {
  it('sends the user to the stored redirect once the Google round trip completes', () => {
    const navigate = vi.fn();
    window.sessionStorage.setItem('redirect', '/members?tab=pending');
    stop = followRedirectAfterOAuth({ navigate });

    dispatchAuthEvent('signInWithRedirect');

    expect(navigate).toHaveBeenCalledWith('/members?tab=pending', { replace: true });
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
  });

  it('otherwise re-reads the URL Amplify cleaned of the OAuth code', () => {
    const navigate = vi.fn();
    window.history.replaceState(null, '', '/dashboard');
    stop = followRedirectAfterOAuth({ navigate });

    dispatchAuthEvent('signInWithRedirect');

    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it('ignores other auth events', () => {
    const navigate = vi.fn();
    window.sessionStorage.setItem('redirect', '/members');
    stop = followRedirectAfterOAuth({ navigate });

    dispatchAuthEvent('signedIn');

    expect(navigate).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('redirect')).toBe('/members');
  });
});
