import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { mobileFriendlyError } from '@kehila/shared/rules/errors';
import type { AuthOutcome } from './sign-up';

/** S1 §8 "Password reset" texts. */
export const passwordResetMessages = {
  sent: 'Password reset email sent! Please check your inbox.',
  sendFailed: 'Failed to send password reset email',
  updated: 'Password updated successfully!',
  invalidLink: 'Invalid or expired reset link. Please request a new password reset.',
  newSent: 'New password reset email sent!',
} as const;

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : '';
}

/**
 * Sends the reset e-mail (its link leads to /reset-password?code=…&email=…). An unknown address is
 * answered like a known one, so the form does not tell which e-mails have accounts.
 */
export async function sendPasswordReset(email: string): Promise<AuthOutcome> {
  try {
    await resetPassword({ username: email });
    return { ok: true };
  } catch (err) {
    if (errorName(err) === 'UserNotFoundException') return { ok: true };
    return { ok: false, message: passwordResetMessages.sendFailed };
  }
}

/** The outcome of setting the new password: done, an expired or wrong link, or another failure's text. */
export type ResetOutcome =
  | { readonly status: 'updated' }
  | { readonly status: 'expired' }
  | { readonly status: 'failed'; readonly message: string };

/** Sets the new password with the code of the reset link. */
export async function confirmNewPassword(email: string, code: string, newPassword: string): Promise<ResetOutcome> {
  try {
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
    return { status: 'updated' };
  } catch (err) {
    const name = errorName(err);
    if (name === 'ExpiredCodeException' || name === 'CodeMismatchException' || name === 'UserNotFoundException') {
      return { status: 'expired' };
    }
    if (name === 'InvalidPasswordException' && err instanceof Error && err.message) {
      return { status: 'failed', message: err.message };
    }
    return { status: 'failed', message: mobileFriendlyError(err) };
  }
}
