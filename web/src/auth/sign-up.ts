import { confirmSignUp, resendSignUpCode, signUp } from 'aws-amplify/auth';
import { SIGNUP_COGNITO, triggerRejectionMessage } from '@kehila/shared/api/accounts';
import type { AccountForm } from '@kehila/shared/rules/account';
import { mobileFriendlyError, rateLimitMessage } from '@kehila/shared/rules/errors';

/** S1 §8 sign-up texts, and ours for the verification link (S1 shows only that it leads to /login). */
export const signUpMessages = {
  alreadyRegistered: 'An account with this email already exists. Please log in instead.',
  noUser: 'Failed to create user account',
  created: 'Account created successfully! Please check your email to verify your account.',
  resent: 'Verification email resent successfully',
  resendFailed: (message: string) => `Failed to resend verification email: ${message}`,
  verified: 'Your email is verified. Sign in to continue.',
  alreadyVerified: 'Your email is already verified. Please sign in.',
  linkExpired: 'This verification link has expired. Request a new verification email below.',
  linkInvalid: 'This verification link is not valid. Open the latest email we sent you, or request a new one below.',
} as const;

/** The result of a call: done, or a text to show as is. */
export type AuthOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

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
 * Maps a sign-up failure to the S1 §8 texts: an existing account, a rate limit (with retryAfter), a
 * rule the server's PreSignUp check refused (its own S1 §5 message), Cognito's password-policy text,
 * and otherwise the mobile-friendly mapping.
 */
export function describeSignUpError(err: unknown): string {
  switch (errorName(err)) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return signUpMessages.alreadyRegistered;
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return rateLimitMessage(retryAfterOf(err));
    case 'UserLambdaValidationException':
      return triggerRejectionMessage(errorText(err));
    case 'InvalidPasswordException':
      return errorText(err) || mobileFriendlyError(err);
    default:
      return mobileFriendlyError(err);
  }
}

/**
 * Creates the account (S1 §7 sign-up): the e-mail is the user name; the WhatsApp phone and country
 * code travel as user attributes and the two consents as client metadata (shared SIGNUP_COGNITO),
 * which the PreSignUp trigger checks and records. Profile creation happens on the server after the
 * e-mail is verified.
 */
export async function signUpWithEmail(form: AccountForm): Promise<AuthOutcome> {
  try {
    const out = await signUp({
      username: form.email,
      password: form.password,
      options: {
        userAttributes: {
          email: form.email,
          [SIGNUP_COGNITO.attributes.phone]: form.phone,
          [SIGNUP_COGNITO.attributes.countryCode]: form.countryCode,
        },
        clientMetadata: {
          [SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy]: String(form.acceptedPrivacyPolicy),
          [SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications]: String(form.acceptedEmailCommunications),
        },
      },
    });
    if (!out.userId && !out.isSignUpComplete) return { ok: false, message: signUpMessages.noUser };
    return { ok: true };
  } catch (err) {
    return { ok: false, message: describeSignUpError(err) };
  }
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
    return { status: 'failed', message: describeSignUpError(err), canResend: false };
  }
}
