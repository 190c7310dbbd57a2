import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readResetLink } from '../../../../web/src/pages/reset-password';
import { authError, authModule, resetAuth } from '../../helpers/amplify-auth';
import { isShown, setField } from '../../helpers/fields';
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

describe('/reset-password', () => {
  it.each<[string, string, string, string]>([
    ['a 5-character password', '12345', '12345', 'Password must be at least 6 characters long'],
    ['a confirmation that differs', 'secret-1', 'secret-2', 'Passwords do not match'],
  ])('refuses %s with the S1 §5 message', async (_case, password, confirmation, message) => {
    const { user } = renderApp({ path: LINK });
    setField(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), password);
    setField(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(isShown(message)).toBe(true);
    expect(authModule.confirmResetPassword).not.toHaveBeenCalled();
  });

  it("sets the password, says 'Password updated successfully!' and goes to /login after 3 s", async () => {
    const { user, router } = renderApp({ path: LINK });
    setField(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), 'secret-1');
    setField(screen.getByLabelText('Confirm new password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await findToast('Password updated successfully!')).toBeInTheDocument();
    expect(authModule.confirmResetPassword).toHaveBeenCalledWith({
      username: 'noa@example.com',
      confirmationCode: '654321',
      newPassword: 'secret-1',
    });
    const shownAt = Date.now();
    expect(router.state.location.pathname).toBe('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
  });

  it("turns to the expired-link view on Cognito's ExpiredCodeException", async () => {
    authModule.confirmResetPassword.mockRejectedValue(authError('ExpiredCodeException', 'Invalid code provided'));
    const { user } = renderApp({ path: LINK });
    setField(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), 'secret-1');
    setField(screen.getByLabelText('Confirm new password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      await screen.findByText('Invalid or expired reset link. Please request a new password reset.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('noa@example.com');
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
