import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInMessages } from '../../../../web/src/auth/sign-in';
import { authError, authModule, dana, resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { totpCodeMessages } from '../../../../web/src/auth/totp-code';
import { localConfig, renderApp } from '../../helpers/render-app';
import { isShown } from '../../helpers/fields';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

// The login screen is a lazily loaded chunk; transforming it once up front keeps each test's waits short.
beforeAll(async () => {
  await import('../../../../web/src/pages/login');
  // The views besides sign-in load on the first interaction in a browser; here, before any test switches to one.
  const { preloadLoginViews } = await import('../../../../web/src/pages/login/login-views');
  await preloadLoginViews();
}, 60_000);

beforeEach(() => resetAuth());

async function openLogin(config = localConfig) {
  const app = renderApp({ path: '/login', config });
  await screen.findByRole('heading', { name: 'Sign in to Kehila' });
  return app;
}

const acceptedConsent = {
  acceptedPrivacyPolicy: true,
  acceptedEmailCommunications: true,
  consentTimestamp: '2025-01-01T00:00:00.000Z',
};

const emailField = () => screen.getByLabelText(/e-?mail/i);
const passwordField = () => screen.getByLabelText(/password/i);
const submitButton = () => screen.getByRole('button', { name: /sign in with email/i });

describe('login form', () => {
  it('has exactly one field labelled like e-mail and one like password (what screenshot tools look up)', async () => {
    await openLogin();
    expect(screen.getAllByLabelText(/e-?mail/i)).toHaveLength(1);
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your Account' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await openLogin();
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('requires e-mail and password before calling Cognito', async () => {
    const { user } = await openLogin();
    await user.click(submitButton());
    expect(isShown('Email is required')).toBe(true);
    expect(isShown('Password is required')).toBe(true);
    expect(authModule.signIn).not.toHaveBeenCalled();

    await user.type(emailField(), dana.email);
    expect(isShown('Email is required')).toBe(false);
    expect(isShown('Password is required')).toBe(true);
  });

  it('offers the Forgot password link, since the page supplies its handler', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('clears errors when switching to sign-up and back', async () => {
    const { user } = await openLogin();
    await user.click(submitButton());
    expect(isShown('Email is required')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Create Your Account' }));
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(isShown('Email is required')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    expect(isShown('Email is required')).toBe(false);
    expect(isShown('Password is required')).toBe(false);
  });

  it('clears a sign-in failure when switching modes', async () => {
    authModule.signIn.mockRejectedValue(authError('NotAuthorizedException', 'Incorrect username or password.'));
    const { user } = await openLogin();
    await user.type(emailField(), dana.email);
    await user.type(passwordField(), 'wrong');
    await user.click(submitButton());
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Your Account' }));
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.queryByText('Incorrect email or password.')).not.toBeInTheDocument();
  });

  it('signs in with the flow named by config.json', async () => {
    const { user } = await openLogin({ ...localConfig, stage: 'cloud', authFlowType: 'USER_SRP_AUTH' });
    await user.type(emailField(), `  ${dana.email} `);
    await user.type(passwordField(), 'pw123456');
    await user.click(submitButton());
    expect(await findToast('Logged in successfully')).toBeInTheDocument();
    expect(authModule.signIn).toHaveBeenCalledWith({
      username: dana.email,
      password: 'pw123456',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it.each([
    [authError('NotAuthorizedException', 'Incorrect username or password.'), 'Incorrect email or password.'],
    [authError('UserNotConfirmedException', 'User is not confirmed.'), signInMessages.notConfirmed],
    [new TypeError('Failed to fetch'), 'Poor network connection. Please check your internet and try again.'],
  ])('shows %s plainly', async (error, text) => {
    authModule.signIn.mockRejectedValue(error);
    const { user, router } = await openLogin();
    await user.type(emailField(), dana.email);
    await user.type(passwordField(), 'pw123456');
    await user.click(submitButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('explains that Google sign-in needs a deployment when config.json has no OAuth domain', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByText(/Google sign-in needs a deployment/)).toBeInTheDocument();
    expect(authModule.signInWithRedirect).not.toHaveBeenCalled();
  });

  it('starts the Google redirect when configured and consent is stored, keeping the target under the redirect key', async () => {
    window.localStorage.setItem('kehila:google-consent', JSON.stringify(acceptedConsent));
    const { user } = renderApp({ path: '/settings', config: { ...localConfig, oauthDomain: 'auth.example.com' } });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(authModule.signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' }));
    expect(window.sessionStorage.getItem('redirect')).toBe('/settings');
    expect(window.sessionStorage.getItem('kehila:google-callback')).toBe('1');
  });

  it('toasts the S1 §8 text when the Google redirect cannot start', async () => {
    window.localStorage.setItem('kehila:google-consent', JSON.stringify(acceptedConsent));
    authModule.signInWithRedirect.mockRejectedValue(new Error('oauth not configured'));
    const { user } = await openLogin({ ...localConfig, oauthDomain: 'auth.example.com' });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await findToast('Failed to sign in with Google. Please try again.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('kehila:google-callback')).toBeNull();
  });
});

describe('two-factor code step', () => {
  /** Dana has two-factor sign-in on: the password step asks for her code. */
  function danaNeedsCode() {
    authModule.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
  }

  async function reachCodeStep() {
    danaNeedsCode();
    const app = await openLogin();
    await app.user.type(emailField(), dana.email);
    await app.user.type(passwordField(), 'pw123456');
    await app.user.click(submitButton());
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    return app;
  }

  const codeField = () => screen.getByLabelText('Authentication code');

  it('asks for the authenticator code as a one-time code, then signs in like a password sign-in after a wrong one', async () => {
    authModule.confirmSignIn.mockRejectedValueOnce(
      authError('CodeMismatchException', 'Invalid code received for user'),
    );
    authModule.confirmSignIn.mockImplementation(async () => {
      setSignedIn(dana);
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const { user, router } = await reachCodeStep();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByText(signInMessages.unsupportedStep)).not.toBeInTheDocument();

    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(totpCodeMessages.invalid)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(codeField());
    await user.type(codeField(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await findToast('Logged in successfully')).toBeInTheDocument();
    expect(authModule.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
  });

  it('checks the code has six digits before asking Cognito', async () => {
    const { user } = await reachCodeStep();
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(totpCodeMessages.format)).toBeInTheDocument();
    expect(authModule.confirmSignIn).not.toHaveBeenCalled();
  });

  it('goes back to the sign-in form with Back to sign in', async () => {
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    expect(emailField()).toHaveValue(dana.email);
  });
});
