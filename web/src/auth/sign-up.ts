import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { routes } from '../api/routes';
import type { AccountForm } from '@kehila/shared/rules/account';
import { mobileFriendlyError, rateLimitMessage } from '@kehila/shared/rules/errors';
import { commonPasswordProblem, loadCommonPasswords } from '@kehila/shared/rules/passwords';
import { ApiRequestError, type CallApi } from '../api/client';

export { signUpMessages } from './sign-up-messages';
import { signUpMessages } from './sign-up-messages';

/** The result of a call: done, or a text to show as is (under the password field when `field` says so). */
export type AuthOutcome =
  { readonly ok: true } | { readonly ok: false; readonly message: string; readonly field?: 'password' };

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : '';
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : '';
}

/** Seconds to wait that a rate-limit error may carry (none from Cognito itself; 60 then, S1 §9). */
function retryAfterOf(err: unknown): number | undefined {
  if (err && typeof err === 'object' && 'retryAfter' in err && typeof err.retryAfter === 'number')
    return err.retryAfter;
  return undefined;
}

/**
 * Starts loading the common-password list (its own chunk) so the check is ready by the time the form
 * is sent; only the sign-up and reset screens call this. A list that fails to load is left to the
 * server, which holds the rule.
 */
export function preloadCommonPasswords(): void {
  void loadCommonPasswords().catch(() => undefined);
}

/**
 * The common-password rule checked before sending, for the user's convenience: 'This password is too
 * common. Please choose another one.', or null (also when the list could not be loaded).
 */
export async function commonPasswordError(password: string): Promise<string | null> {
  try {
    return commonPasswordProblem(password, await loadCommonPasswords());
  } catch {
    return null;
  }
}

/** A failure of the sign-up or reset route as the form shows it: the server's text, a password rule under its field. */
export function describeApiFailure(err: unknown): { message: string; field?: 'password' } {
  if (!(err instanceof ApiRequestError)) return { message: mobileFriendlyError(err) };
  // S1 §8's rate-limit wording (N from retryAfter, 60 without).
  if (err.status === 429) return { message: rateLimitMessage(err.retryAfter) };
  const onPassword = err.issues?.find((i) => i.path === 'body.password');
  if (onPassword) return { message: onPassword.message, field: 'password' };
  return { message: err.message || mobileFriendlyError(err) };
}

/**
 * Creates the account (S1 §7 sign-up) through the sign-up route, which checks every rule of the form
 * (and refuses common passwords) before it asks Cognito; the e-mail is the user name, the phone and
 * country code become user attributes, the consents are recorded by the PreSignUp trigger. Its
 * refusals arrive in the spec's words (S1 §8): an existing account, a rule the server refused, a rate
 * limit. Profile creation happens on the server after the e-mail is verified.
 */
export async function signUpWithEmail(callApi: CallApi, form: AccountForm): Promise<AuthOutcome> {
  try {
    const out = await callApi(routes.signUp, { body: form });
    if (!out.userId) return { ok: false, message: signUpMessages.noUser };
    return { ok: true };
  } catch (err) {
    return { ok: false, ...describeApiFailure(err) };
  }
}

/** A Cognito (Amplify) failure in the S1 §8 words: a rate limit, else the mobile-friendly mapping. */
function describeCognitoError(err: unknown): string {
  const name = errorName(err);
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException')
    return rateLimitMessage(retryAfterOf(err));
  return mobileFriendlyError(err);
}

/** Re-sends the verification e-mail with the S1 §8 texts. */
export async function resendVerification(email: string): Promise<AuthOutcome> {
  try {
    await resendSignUpCode({ username: email });
    return { ok: true };
  } catch (err) {
    const reason =
      errorName(err) === 'TooManyRequestsException' || errorName(err) === 'LimitExceededException'
        ? rateLimitMessage(retryAfterOf(err))
        : errorText(err) || mobileFriendlyError(err);
    return { ok: false, message: signUpMessages.resendFailed(reason) };
  }
}

/** What the verification link did: verified, already verified, or failed with a text (and whether a new e-mail helps). */
export type VerifyOutcome =
  | { readonly status: 'verified' | 'alreadyVerified' }
  | { readonly status: 'failed'; readonly message: string; readonly canResend: boolean };

/** Confirms the account with the code of the verification link (/login?verify=<code>&email=<email>). */
export async function verifyEmail(email: string, code: string): Promise<VerifyOutcome> {
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
    return { status: 'verified' };
  } catch (err) {
    const name = errorName(err);
    if (name === 'NotAuthorizedException' && /confirmed/i.test(errorText(err))) return { status: 'alreadyVerified' };
    if (name === 'ExpiredCodeException')
      return { status: 'failed', message: signUpMessages.linkExpired, canResend: true };
    if (name === 'CodeMismatchException' || name === 'UserNotFoundException') {
      return { status: 'failed', message: signUpMessages.linkInvalid, canResend: name === 'CodeMismatchException' };
    }
    return { status: 'failed', message: describeCognitoError(err), canResend: false };
  }
}
