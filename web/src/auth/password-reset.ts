import { resetPassword } from 'aws-amplify/auth';
import { routes } from '../api/routes';
import { ApiRequestError, type CallApi } from '../api/client';
import { describeApiFailure, type AuthOutcome } from './sign-up';

export { passwordResetMessages } from './password-reset-messages';
import { passwordResetMessages } from './password-reset-messages';

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
  | { readonly status: 'failed'; readonly message: string; readonly field?: 'password' };

/**
 * Sets the new password with the code of the reset link, through the reset route: it checks the reset
 * rule and refuses common passwords before it asks Cognito. A wrong, used or expired code (the
 * server's invalid-link answer at `code`) shows the expired-link view.
 */
export async function confirmNewPassword(
  callApi: CallApi,
  email: string,
  code: string,
  newPassword: string,
): Promise<ResetOutcome> {
  try {
    await callApi(routes.resetPassword, { body: { email, code, password: newPassword } });
    return { status: 'updated' };
  } catch (err) {
    if (err instanceof ApiRequestError && err.issues?.some((i) => i.path === 'body.code' || i.path === 'body.email')) {
      return { status: 'expired' };
    }
    return { status: 'failed', ...describeApiFailure(err) };
  }
}
