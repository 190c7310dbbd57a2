import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authError, authModule, resetAuth } from '../../helpers/amplify-auth';
import { isShown, setField } from '../../helpers/fields';
import { localConfig, renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await import('../../../../web/src/pages/login');
  // The views besides sign-in load on the first interaction in a browser; here, before any test switches to one.
  const { preloadLoginViews } = await import('../../../../web/src/pages/login/login-views');
  await preloadLoginViews();
}, 60_000);

beforeEach(() => resetAuth());

const googleConfig = { ...localConfig, oauthDomain: 'auth.example.com' };

describe('verification link /login?verify=<code>&email=<email>', () => {
  it('confirms the account, says so, prefills the e-mail and takes the code out of the address', async () => {
    const { router } = renderApp({ path: '/login?verify=123456&email=noa%40example.com' });
    expect(
      await screen.findByText('Your email is verified. Sign in to continue.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(authModule.confirmSignUp).toHaveBeenCalledTimes(1);
    expect(authModule.confirmSignUp).toHaveBeenCalledWith({ username: 'noa@example.com', confirmationCode: '123456' });
    expect(screen.getByLabelText('Email')).toHaveValue('noa@example.com');
    expect(router.state.location.search).toBe('?email=noa%40example.com');
  });

  it.each<[string, Error, string, boolean]>([
    [
      'an already verified account',
      authError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
      'Your email is already verified. Please sign in.',
      false,
    ],
    [
      'an expired code',
      authError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
      'This verification link has expired. Request a new verification email below.',
      true,
    ],
    [
      'a wrong code',
      authError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
      'This verification link is not valid. Open the latest email we sent you, or request a new one below.',
      true,
    ],
  ])('shows the outcome plainly for %s', async (_case, error, text, canResend) => {
    authModule.confirmSignUp.mockRejectedValue(error);
    const { user } = renderApp({ path: '/login?verify=999999&email=noa%40example.com' });
    expect(await screen.findByText(text, {}, { timeout: 15_000 })).toBeInTheDocument();
    const resend = screen.queryByRole('button', { name: 'Resend verification email' });
    expect(resend !== null).toBe(canResend);
    if (resend) {
      await user.click(resend);
      expect(await findToast('Verification email resent successfully')).toBeInTheDocument();
      expect(authModule.resendSignUpCode).toHaveBeenCalledWith({ username: 'noa@example.com' });
    }
  });
});

describe('forgot password (S1 §2, §5, §8)', () => {
  async function openForgot() {
    const app = renderApp({ path: '/login' });
    await app.user.click(await screen.findByRole('button', { name: 'Forgot password?' }, { timeout: 15_000 }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    return app;
  }

  it.each([
    ['', 'Please enter your email address'],
    ['noa@', 'Please enter a valid email'],
  ])('refuses %j with %s', async (email, message) => {
    const { user } = await openForgot();
    setField(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(isShown(message)).toBe(true);
    expect(authModule.resetPassword).not.toHaveBeenCalled();
  });

  it('sends the reset e-mail, confirms it, and sends another on request', async () => {
    const { user } = await openForgot();
    setField(screen.getByLabelText('Email'), ' noa@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await findToast('Password reset email sent! Please check your inbox.')).toBeInTheDocument();
    expect(authModule.resetPassword).toHaveBeenCalledWith({ username: 'noa@example.com' });
    expect(screen.getByRole('link', { name: /open the dev mailbox/i })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send another reset email' }));
    await waitFor(() => expect(authModule.resetPassword).toHaveBeenCalledTimes(2));
  });

  it("says 'Failed to send password reset email' when the call fails", async () => {
    authModule.resetPassword.mockRejectedValue(authError('LimitExceededException', 'Attempt limit exceeded'));
    const { user } = await openForgot();
    setField(screen.getByLabelText('Email'), 'noa@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await findToast('Failed to send password reset email')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send another reset email' })).not.toBeInTheDocument();
  });

  it('answers an unknown address like a known one (no account enumeration)', async () => {
    authModule.resetPassword.mockRejectedValue(
      authError('UserNotFoundException', 'Username/client id combination not found.'),
    );
    const { user } = await openForgot();
    setField(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await findToast('Password reset email sent! Please check your inbox.')).toBeInTheDocument();
  });
});

describe('Google terms dialog (S1 §2, §4, §5)', () => {
  async function clickGoogle(config = googleConfig) {
    const app = renderApp({ path: '/login', config });
    await app.user.click(await screen.findByRole('button', { name: 'Sign in with Google' }, { timeout: 15_000 }));
    return app;
  }

  it('asks for both consents with the S1 §5 messages before redirecting', async () => {
    const { user } = await clickGoogle();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Before you continue with Google');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(isShown('You must accept the Privacy Policy to continue')).toBe(true);
    expect(isShown('You must agree to receive communications to continue')).toBe(true);
    expect(authModule.signInWithRedirect).not.toHaveBeenCalled();

    await user.click(screen.getByText('I accept the Privacy Policy'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(isShown('You must accept the Privacy Policy to continue')).toBe(false);
    expect(isShown('You must agree to receive communications to continue')).toBe(true);
    expect(authModule.signInWithRedirect).not.toHaveBeenCalled();
  });

  it('stores the S1 §3 consent record and starts the redirect once both are accepted', async () => {
    const { user } = await clickGoogle();
    await screen.findByRole('dialog');
    await user.click(screen.getByText('I accept the Privacy Policy'));
    await user.click(screen.getByText('I agree to receive email communications from Kehila'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(authModule.signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' }));
    const stored = JSON.parse(window.localStorage.getItem('kehila:google-consent') ?? 'null');
    expect(stored).toMatchObject({ acceptedPrivacyPolicy: true, acceptedEmailCommunications: true });
    expect(Number.isNaN(Date.parse(stored.consentTimestamp))).toBe(false);
  });

  it('skips the dialog when consent is already stored', async () => {
    window.localStorage.setItem(
      'kehila:google-consent',
      JSON.stringify({
        acceptedPrivacyPolicy: true,
        acceptedEmailCommunications: true,
        consentTimestamp: '2025-01-01T00:00:00Z',
      }),
    );
    await clickGoogle();
    await waitFor(() => expect(authModule.signInWithRedirect).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    'not json',
    JSON.stringify({ acceptedPrivacyPolicy: true }),
    JSON.stringify({ acceptedPrivacyPolicy: false, acceptedEmailCommunications: true, consentTimestamp: 'x' }),
  ])('shows the dialog again for an unusable stored consent (%s)', async (stored) => {
    window.localStorage.setItem('kehila:google-consent', stored);
    await clickGoogle();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(authModule.signInWithRedirect).not.toHaveBeenCalled();
  });

  it('offers the same flow from the sign-up form', async () => {
    const app = renderApp({ path: '/login', config: googleConfig });
    await app.user.click(await screen.findByRole('button', { name: 'Create Your Account' }, { timeout: 15_000 }));
    await app.user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Before you continue with Google');
  });

  it('explains locally that Google sign-up needs a deployment', async () => {
    const app = renderApp({ path: '/login' });
    await app.user.click(await screen.findByRole('button', { name: 'Create Your Account' }, { timeout: 15_000 }));
    await app.user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(screen.getByText(/Google sign-in needs a deployment/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
