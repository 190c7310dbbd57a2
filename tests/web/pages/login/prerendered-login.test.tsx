import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../web/src/api/client';
import type { SessionStart } from '../../../../web/src/app/browser-session';
import { ToastProvider } from '../../../../web/src/components/toast/toast-provider';
import { useToast } from '../../../../web/src/components/toast/use-toast';
import { authModule, dana, resetAuth } from '../../helpers/amplify-auth';
import { localConfig } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

// What starts the browser's session (config.json, Amplify's configure, the API client): the prerendered
// /login must not reach it before the visitor does something.
const startBrowserSession = vi.fn<() => Promise<SessionStart>>();
vi.mock('../../../../web/src/app/browser-session', () => ({ startBrowserSession }));

const { StandaloneLogin } = await import('../../../../web/src/pages/login/standalone');

beforeAll(async () => {
  await import('../../../../web/src/pages/login');
  // The views besides sign-in load on the first interaction in a browser; here, before any test switches to one.
  const { preloadLoginViews } = await import('../../../../web/src/pages/login/login-views');
  await preloadLoginViews();
}, 60_000);

beforeEach(() => {
  resetAuth();
  window.localStorage.clear();
  window.sessionStorage.clear();
  startBrowserSession.mockReset();
  startBrowserSession.mockResolvedValue({
    ok: true,
    session: { config: localConfig, callApi: createApiClient({ baseUrl: '', getIdToken: () => Promise.resolve(null) }) },
  });
});

/** The page outside any router, on the browser's address (window-login-nav.tsx). */
function openPrerenderedLogin(path = '/login') {
  const user = userEvent.setup();
  window.history.replaceState(null, '', path);
  render(<StandaloneLogin />);
  return { user };
}

describe('the prerendered /login', () => {
  it('shows the sign-in view signed out without starting a session until the visitor interacts', async () => {
    const { user } = openPrerenderedLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    expect(startBrowserSession).not.toHaveBeenCalled();
    expect(authModule.getCurrentUser).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(/e-?mail/i));
    await waitFor(() => expect(startBrowserSession).toHaveBeenCalledTimes(1));
    // Once started, the session is read: a signed-out visitor keeps the form.
    await waitFor(() => expect(authModule.getCurrentUser).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
  });

  it('starts the session at once for a visitor Amplify remembers, and sends a signed-in one on to the app', async () => {
    window.localStorage.setItem('CognitoIdentityServiceProvider.local-client.LastAuthUser', dana.username);
    authModule.signIn.mockReset();
    const { setSignedIn } = await import('../../helpers/amplify-auth');
    setSignedIn(dana);
    openPrerenderedLogin();
    await waitFor(() => expect(startBrowserSession).toHaveBeenCalledTimes(1));
    // The app's routes are a full page load away: the page waits for it (the wait of the session, then of the
    // next page: one loading screen replaces the other, so it is looked up afresh).
    await waitFor(() => expect(screen.getByTestId('loading-screen')).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Sign in to Kehila' })).not.toBeInTheDocument();
  });

  it('signs in with the flow config.json names and carries the success toast over the full page load', async () => {
    const { user } = openPrerenderedLogin();
    await user.type(screen.getByLabelText(/e-?mail/i), dana.email);
    await user.type(screen.getByLabelText(/password/i), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: /sign in with email/i }));

    await waitFor(() =>
      expect(authModule.signIn).toHaveBeenCalledWith({
        username: dana.email,
        password: 'Secret-pass1',
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      }),
    );
    expect(await screen.findByTestId('loading-screen')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(JSON.parse(window.sessionStorage.getItem('kehila:toasts') ?? '[]')).toEqual([
      { kind: 'success', message: 'Logged in successfully' },
    ]);
  });

  it('takes the verification code out of the address in place, keeping the e-mail to prefill', async () => {
    openPrerenderedLogin(`/login?verify=123456&email=${encodeURIComponent(dana.email)}`);
    await waitFor(() => expect(window.location.search).toBe(`?email=${encodeURIComponent(dana.email)}`));
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByLabelText(/e-?mail/i)).toHaveValue(dana.email);
  });

  it('shows the start-up failure page when config.json cannot be read', async () => {
    startBrowserSession.mockResolvedValue({ ok: false, error: new Error('config.json: 404') });
    const { user } = openPrerenderedLogin();
    await user.click(screen.getByLabelText(/e-?mail/i));
    expect(await screen.findByText('Kehila could not start')).toBeInTheDocument();
  });
});

describe('toasts carried over a full page load', () => {
  function Shows({ text }: { text: string }) {
    const toast = useToast();
    return <button onClick={() => toast.success(text)}>show</button>;
  }

  it('shows on the next page the toasts a carrying page still showed when it unloaded, once', async () => {
    const first = render(
      <ToastProvider carryOver>
        <Shows text="Logged in successfully" />
      </ToastProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'show' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    first.unmount();

    render(
      <ToastProvider>
        <span />
      </ToastProvider>,
    );
    expect(await findToast('Logged in successfully')).toBeTruthy();
    expect(window.sessionStorage.getItem('kehila:toasts')).toBeNull();
  });
});
