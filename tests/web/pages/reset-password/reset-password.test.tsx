import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readResetLink } from '../../../../web/src/pages/reset-password';
import { authModule, resetAuth } from '../../helpers/amplify-auth';
import { failure, fakeApi } from '../../helpers/fake-api';
import { isShown, setField, visibleTexts } from '../../helpers/fields';
import { renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await import('../../../../web/src/pages/reset-password');
}, 60_000);

beforeEach(() => resetAuth());

const LINK = '/reset-password?code=654321&email=noa%40example.com';

describe('the reset link (S1 §2 "Reset password")', () => {
  it.each<[string, string, string, boolean]>([
    ['a code and an e-mail', '?code=1&email=a%40b.co', '', false],
    ['error_code=otp_expired', '?error_code=otp_expired&code=1&email=a%40b.co', '', true],
    ['an error description mentioning expired', '?error_description=Email+link+is+invalid+or+has+expired', '', true],
    ['the error in the hash', '', '#error_code=otp_expired&error_description=expired', true],
    ['no code (no session)', '?email=a%40b.co', '', true],
    ['no e-mail to set the password for', '?code=1', '', true],
  ])('with %s is expired: %s', (_case, search, hash, expired) => {
    expect(readResetLink(search, hash).expired).toBe(expired);
  });
});

const RESET = '/api/accounts/password-reset';
const INVALID_LINK = 'Invalid or expired reset link. Please request a new password reset.';

/** The reset page at the link, with a fake API answering the reset route as told (200 by default). */
function openLink(reply: unknown = { updated: true }) {
  const api = fakeApi().on('POST', RESET, reply);
  return { ...renderApp({ path: LINK, fetch: api.fetch }), api };
}

async function submitNewPassword(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirmation = password,
) {
  setField(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), password);
  setField(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('/reset-password', () => {
  it.each<[string, string, string, string]>([
    ['a 5-character password', '12345', '12345', 'Password must be at least 6 characters long'],
    ['a confirmation that differs', 'secret-1', 'secret-2', 'Passwords do not match'],
  ])('refuses %s with the S1 §5 message', async (_case, password, confirmation, message) => {
    const { user, api } = openLink();
    await submitNewPassword(user, password, confirmation);
    expect(isShown(message)).toBe(true);
    expect(api.callsTo('POST', RESET)).toHaveLength(0);
  });

  it('refuses a common password under the password field, before sending it', async () => {
    const { user, api } = openLink();
    await submitNewPassword(user, 'Password123');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is too common. Please choose another one.'),
      ),
    );
    expect(api.callsTo('POST', RESET)).toHaveLength(0);
  });

  it("shows the server's common-password refusal under the password field too", async () => {
    const text = 'This password is too common. Please choose another one.';
    const { user } = openLink({
      status: 400,
      body: { message: text, code: 'bad_request', issues: [{ path: 'body.password', message: text }] },
    });
    await submitNewPassword(user, 'an-uncommon-one');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(text)),
    );
    // Only there: not also in the page's failure alert.
    expect(visibleTexts(text)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  });

  it("sets the password through the reset route, says 'Password updated successfully!' and goes to /login after 3 s", async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const { user, router, api } = openLink();
    await submitNewPassword(user, 'secret-1');
    expect(await findToast('Password updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', RESET).map((c) => c.body)).toEqual([
      { email: 'noa@example.com', code: '654321', password: 'secret-1' },
    ]);
    expect(authModule.confirmResetPassword).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/reset-password');
    const i = timers.mock.calls.findIndex(([, ms]) => ms === 3_000);
    expect(i).toBeGreaterThanOrEqual(0);
    const redirect = timers.mock.calls[i]![0] as () => void;
    // Run the redirect now instead of waiting 3 s, and cancel the real one.
    clearTimeout(timers.mock.results[i]!.value as ReturnType<typeof setTimeout>);
    timers.mockRestore();
    await act(async () => redirect());
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Kehila' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('turns to the expired-link view when the server says the code is wrong or expired', async () => {
    const { user } = openLink({
      status: 400,
      body: { message: INVALID_LINK, code: 'bad_request', issues: [{ path: 'body.code', message: INVALID_LINK }] },
    });
    await submitNewPassword(user, 'secret-1');
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('noa@example.com');
  });

  it("shows S1 §8's rate-limit text when the server asks to wait", async () => {
    const { user } = openLink({
      status: 429,
      body: {
        message: 'For security purposes, please wait 42 seconds before trying again.',
        code: 'too_many_requests',
        retryAfter: 42,
      },
    });
    await submitNewPassword(user, 'secret-1');
    expect(
      await screen.findByText('For security purposes, you can only request this after 42 seconds.'),
    ).toBeInTheDocument();
  });

  it('shows the server message of another failure on the page', async () => {
    const { user } = openLink(failure(503, 'Something went wrong. Please try again.', 'unavailable'));
    await submitNewPassword(user, 'secret-1');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it("offers a new e-mail on the expired view: 'Please enter your email address', then 'New password reset email sent!'", async () => {
    const { user } = renderApp({ path: '/reset-password?error_code=otp_expired' });
    expect(await screen.findByRole('heading', { name: 'Reset link expired' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send new reset email' }));
    expect(await findToast('Please enter your email address')).toBeInTheDocument();
    expect(authModule.resetPassword).not.toHaveBeenCalled();

    setField(screen.getByLabelText('Email'), 'noa@example.com');
    await user.click(screen.getByRole('button', { name: 'Send new reset email' }));
    expect(await findToast('New password reset email sent!')).toBeInTheDocument();
    expect(authModule.resetPassword).toHaveBeenCalledWith({ username: 'noa@example.com' });
  });
});
