import type { SignInOutput } from 'aws-amplify/auth';
import type { RuntimeConfig } from '@kehila/shared';
import { mobileFriendlyError } from '@kehila/shared/rules/errors';
import { rememberRedirect } from '../navigation/redirect';
import { clearGoogleCallback, markGoogleCallback } from './google-consent';
import { isWrongTotpCode, readTotpCode, totpCodeMessages } from './totp-code';

/** Readable texts for Cognito's sign-in refusals (the specs show only the old backend's raw messages). */
export const signInMessages = {
  badCredentials: 'Incorrect email or password.',
  notConfirmed: 'Please verify your email before signing in. Check your inbox for the verification email.',
  resetRequired: 'Your password must be reset before you can sign in.',
  newPasswordRequired:
    'This account must set a new password before it can sign in. Please contact your community admin.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a moment and try again.',
  disabled: 'This account is disabled. Please contact your community admin.',
  unsupportedStep: 'This account needs a sign-in step that Kehila does not support yet.',
} as const;

/**
 * The result of an e-mail sign-in: done, a text to show as is, or the account's two-factor code is
 * asked for next (`confirmTotpSignIn`).
 */
export type SignInOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly message: string }
  | { readonly ok: false; readonly next: 'totpCode' };

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : '';
}

/** Maps a sign-in failure (Cognito exception names, network failures) to a text for the login form. */
export function describeSignInError(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  switch (errorName(err)) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(message)) return signInMessages.tooManyAttempts;
      if (/disabled/i.test(message)) return signInMessages.disabled;
      return signInMessages.badCredentials;
    case 'UserNotFoundException':
      // Same text as a wrong password, so the form does not reveal which e-mails have accounts.
      return signInMessages.badCredentials;
    case 'UserNotConfirmedException':
      return signInMessages.notConfirmed;
    case 'PasswordResetRequiredException':
      return signInMessages.resetRequired;
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return signInMessages.tooManyAttempts;
    default:
      return mobileFriendlyError(err);
  }
}

function describeNextStep(step: SignInOutput['nextStep']['signInStep']): string {
  switch (step) {
    case 'CONFIRM_SIGN_UP':
      return signInMessages.notConfirmed;
    case 'RESET_PASSWORD':
      return signInMessages.resetRequired;
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return signInMessages.newPasswordRequired;
    default:
      return signInMessages.unsupportedStep;
  }
}

/** Signs in with e-mail and password using the flow config.json names (SRP in the cloud, USER_PASSWORD_AUTH locally). */
export async function signInWithEmail(
  email: string,
  password: string,
  authFlowType: RuntimeConfig['authFlowType'],
): Promise<SignInOutcome> {
  try {
    // Amplify Auth arrives with the first sign-in, not with the page (docs/public-pages.md, /login).
    const { signIn } = await import('aws-amplify/auth');
    const out = await signIn({ username: email, password, options: { authFlowType } });
    if (out.isSignedIn || out.nextStep.signInStep === 'DONE') return { ok: true };
    if (out.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { ok: false, next: 'totpCode' };
    return { ok: false, message: describeNextStep(out.nextStep.signInStep) };
  } catch (err) {
    // A session already in place is what the user wanted; carry on with it.
    if (errorName(err) === 'UserAlreadyAuthenticatedException') return { ok: true };
    return { ok: false, message: describeSignInError(err) };
  }
}

/**
 * Answers the two-factor challenge of a sign-in with the code from the user's authenticator app.
 * A wrong code keeps the challenge open, so the user can try again; Cognito ends it after three
 * minutes or a few wrong codes, and then the user signs in again from the start.
 */
export async function confirmTotpSignIn(typed: string): Promise<SignInOutcome> {
  const read = readTotpCode(typed);
  if (!read.ok) return read;
  try {
    const { confirmSignIn } = await import('aws-amplify/auth');
    const out = await confirmSignIn({ challengeResponse: read.code });
    if (out.isSignedIn || out.nextStep.signInStep === 'DONE') return { ok: true };
    if (out.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
      return { ok: false, message: totpCodeMessages.invalid };
    }
    return { ok: false, message: describeNextStep(out.nextStep.signInStep) };
  } catch (err) {
    if (errorName(err) === 'UserAlreadyAuthenticatedException') return { ok: true };
    if (isWrongTotpCode(err)) return { ok: false, message: totpCodeMessages.invalid };
    // The challenge's session ran out (three minutes) or too many wrong codes: start again.
    if (errorName(err) === 'NotAuthorizedException' && /session/i.test(err instanceof Error ? err.message : '')) {
      return { ok: false, message: totpCodeMessages.expired };
    }
    if (errorName(err) === 'SignInException') return { ok: false, message: totpCodeMessages.expired };
    return { ok: false, message: describeSignInError(err) };
  }
}

/**
 * Starts Google sign-in through the Cognito hosted UI (S1 §4 "Google sign-in"). The page the user was
 * heading for is kept under the session-storage `redirect` key, since the round trip reloads the app,
 * and a marker tells the returning app to run the Google callback (profile check, consent, welcome).
 */
export async function startGoogleSignIn(returnTo: string | null): Promise<void> {
  if (returnTo) rememberRedirect(returnTo);
  markGoogleCallback();
  try {
    const { signInWithRedirect } = await import('aws-amplify/auth');
    await signInWithRedirect({ provider: 'Google' });
  } catch (err) {
    clearGoogleCallback();
    throw err;
  }
}
