import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmTotpSignIn, describeSignInError, signInMessages, signInWithEmail } from '../../../web/src/auth/sign-in';
import { totpCodeMessages } from '../../../web/src/auth/totp-code';
import { authError, authModule, resetAuth } from '../helpers/amplify-auth';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeEach(() => resetAuth());

describe('describeSignInError', () => {
  it.each([
    [authError('NotAuthorizedException', 'Incorrect username or password.'), signInMessages.badCredentials],
    [authError('NotAuthorizedException', 'Password attempts exceeded'), signInMessages.tooManyAttempts],
    [authError('NotAuthorizedException', 'User is disabled.'), signInMessages.disabled],
    [authError('UserNotFoundException', 'User does not exist.'), signInMessages.badCredentials],
    [authError('UserNotConfirmedException'), signInMessages.notConfirmed],
    [authError('PasswordResetRequiredException'), signInMessages.resetRequired],
    [authError('TooManyRequestsException'), signInMessages.tooManyAttempts],
    [authError('LimitExceededException'), signInMessages.tooManyAttempts],
    [
      authError('NetworkError', 'A network error has occurred.'),
      'Poor network connection. Please check your internet and try again.',
    ],
    [authError('InternalErrorException', 'boom'), 'Something went wrong. Please try again.'],
  ])('%s → %s', (err, text) => {
    expect(describeSignInError(err)).toBe(text);
  });
});

describe('signInWithEmail', () => {
  it('passes the configured auth flow to Amplify', async () => {
    await expect(signInWithEmail('a@b.co', 'pw', 'USER_PASSWORD_AUTH')).resolves.toEqual({ ok: true });
    expect(authModule.signIn).toHaveBeenCalledWith({
      username: 'a@b.co',
      password: 'pw',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it.each([
    ['CONFIRM_SIGN_UP', signInMessages.notConfirmed],
    ['RESET_PASSWORD', signInMessages.resetRequired],
    ['CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', signInMessages.newPasswordRequired],
    ['CONTINUE_SIGN_IN_WITH_MFA_SELECTION', signInMessages.unsupportedStep],
  ])('turns the unfinished step %s into a readable refusal', async (signInStep, message) => {
    authModule.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep } });
    await expect(signInWithEmail('a@b.co', 'pw', 'USER_SRP_AUTH')).resolves.toEqual({ ok: false, message });
  });

  it('treats an existing session as signed in', async () => {
    authModule.signIn.mockRejectedValue(authError('UserAlreadyAuthenticatedException'));
    await expect(signInWithEmail('a@b.co', 'pw', 'USER_SRP_AUTH')).resolves.toEqual({ ok: true });
  });

  it('asks for the authenticator code when the account has two-factor sign-in on', async () => {
    authModule.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    await expect(signInWithEmail('a@b.co', 'pw', 'USER_SRP_AUTH')).resolves.toEqual({ ok: false, next: 'totpCode' });
  });
});

describe('confirmTotpSignIn', () => {
  it('sends the six digits without spaces and reports a signed-in user', async () => {
    authModule.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await expect(confirmTotpSignIn(' 123 456 ')).resolves.toEqual({ ok: true });
    expect(authModule.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it.each(['', '12345', '1234567', 'abcdef'])('refuses %j before asking Cognito', async (typed) => {
    await expect(confirmTotpSignIn(typed)).resolves.toEqual({ ok: false, message: totpCodeMessages.format });
    expect(authModule.confirmSignIn).not.toHaveBeenCalled();
  });

  it.each([
    [authError('CodeMismatchException', 'Invalid code received for user'), totpCodeMessages.invalid],
    [
      authError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
      totpCodeMessages.expired,
    ],
    [authError('SignInException', 'An error occurred during the sign in process.'), totpCodeMessages.expired],
    [new TypeError('Failed to fetch'), 'Poor network connection. Please check your internet and try again.'],
  ])('turns %s into a readable refusal', async (err, message) => {
    authModule.confirmSignIn.mockRejectedValue(err);
    await expect(confirmTotpSignIn('123456')).resolves.toEqual({ ok: false, message });
  });
});
