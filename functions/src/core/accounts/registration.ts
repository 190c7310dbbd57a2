import {
  PASSWORD_RESET_MESSAGES,
  SIGN_UP_MESSAGES,
  SIGNUP_COGNITO,
  triggerRejectionMessage,
  type AccountForm,
  type PasswordResetBody,
  type SignUpResult,
} from '@kehila/shared';
import { commonPasswordProblem, loadCommonPasswords } from '@kehila/shared/rules/passwords';
import { rateLimitMessage } from '../access/rate-limit';
import type { Deps } from '../deps';
import { fail, type AppError } from '../errors';
import { logger } from '../logger';
import { count, METRIC } from '../metrics';
import { IdentityError } from '../ports/identity';
import { signUpTicket, signUpTicketKey } from './sign-up-ticket';

/** Seconds a caller is asked to wait when Cognito throttles or locks an action (S1 §9 default). */
const IDENTITY_RETRY_AFTER_SECONDS = 60;

const UNAVAILABLE = 'Something went wrong. Please try again.';

/** The common-password rule (after the schema's length rules): 400 at `password`. */
async function refuseCommonPassword(password: string): Promise<void> {
  const problem = commonPasswordProblem(password, await loadCommonPasswords());
  if (!problem) return;
  count(METRIC.commonPasswordsRefused);
  throw fail.badRequest(problem, [{ path: 'body.password', message: problem }]);
}

function throttled(err: IdentityError): AppError {
  logger.info('the user pool throttled a call', { code: err.code });
  return fail.tooManyRequests(rateLimitMessage(IDENTITY_RETRY_AFTER_SECONDS), IDENTITY_RETRY_AFTER_SECONDS);
}

/** A failure the caller cannot fix (unreachable pool, misconfiguration): logged, 503. */
function unavailable(err: unknown, action: string): AppError {
  logger.error(`the user pool failed a ${action}`, { error: err as Error });
  return fail.unavailable(UNAVAILABLE);
}

/**
 * Creates an e-mail account (S1 §5, §7 sign-up). The account form's rules were checked by the route's
 * schema; this adds the common-password rule, then calls Cognito's SignUp as the web client with the
 * phone and country as attributes, the consents and a fresh sign-up ticket as client metadata. The
 * PreSignUp trigger refuses any SignUp without a valid ticket, so this route is the only way in.
 * Cognito's refusals become the spec's texts (S1 §8).
 */
export async function signUpWithEmail(
  deps: Pick<Deps, 'config' | 'secrets' | 'identity' | 'now'>,
  form: AccountForm,
): Promise<SignUpResult> {
  await refuseCommonPassword(form.password);
  const ticket = signUpTicket(await signUpTicketKey(deps), form.email, deps.now());
  const meta = SIGNUP_COGNITO.clientMetadata;
  try {
    return await deps.identity.signUp({
      email: form.email,
      password: form.password,
      attributes: {
        [SIGNUP_COGNITO.attributes.phone]: form.phone,
        [SIGNUP_COGNITO.attributes.countryCode]: form.countryCode,
      },
      clientMetadata: {
        [meta.acceptedPrivacyPolicy]: String(form.acceptedPrivacyPolicy),
        [meta.acceptedEmailCommunications]: String(form.acceptedEmailCommunications),
        [meta.signUpTicket]: ticket,
      },
    });
  } catch (err) {
    throw signUpFailure(err);
  }
}

/** Cognito's SignUp refusals as the API's errors, in the spec's words where it has them. */
export function signUpFailure(err: unknown): AppError {
  if (!(err instanceof IdentityError)) return unavailable(err, 'sign-up');
  switch (err.code) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return fail.conflict(SIGN_UP_MESSAGES.alreadyRegistered);
    case 'UserLambdaValidationException': {
      // PreSignUp's own refusal, already in the spec's words.
      const message = triggerRejectionMessage(err.message);
      return fail.badRequest(message);
    }
    case 'InvalidPasswordException':
      return fail.badRequest(err.message, [{ path: 'body.password', message: err.message }]);
    case 'InvalidParameterException':
      logger.warn('the user pool refused a sign-up', { code: err.code, reason: err.message });
      return fail.badRequest(SIGN_UP_MESSAGES.noUser);
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return throttled(err);
    default:
      return unavailable(err, 'sign-up');
  }
}

/**
 * Sets a new password with the code of the reset e-mail (S1 §2 "Reset password"): the reset form's
 * rule was the schema's, this adds the common-password rule, then calls ConfirmForgotPassword as the
 * web client. A wrong, used or expired code, or an unknown e-mail, is the spec's invalid-link text at
 * `code` (the page then offers a new e-mail), never telling which e-mails have accounts.
 */
export async function resetPasswordWithCode(deps: Pick<Deps, 'identity'>, body: PasswordResetBody): Promise<void> {
  await refuseCommonPassword(body.password);
  try {
    await deps.identity.confirmPasswordReset({ email: body.email, code: body.code, password: body.password });
  } catch (err) {
    throw passwordResetFailure(err);
  }
}

/** Cognito's ConfirmForgotPassword refusals as the API's errors. */
export function passwordResetFailure(err: unknown): AppError {
  if (!(err instanceof IdentityError)) return unavailable(err, 'password reset');
  switch (err.code) {
    // Besides a wrong or expired code: no verified e-mail, a disabled user, no pending reset.
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
    case 'UserNotFoundException':
    case 'InvalidParameterException':
    case 'NotAuthorizedException': {
      const message = PASSWORD_RESET_MESSAGES.invalidLink;
      return fail.badRequest(message, [{ path: 'body.code', message }]);
    }
    case 'InvalidPasswordException':
      return fail.badRequest(err.message, [{ path: 'body.password', message: err.message }]);
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return throttled(err);
    default:
      return unavailable(err, 'password reset');
  }
}
