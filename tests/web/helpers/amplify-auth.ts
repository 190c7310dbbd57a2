import { vi } from 'vitest';

/**
 * Stand-ins for the `aws-amplify/auth` functions the app calls. Test files mock the module with
 * `vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule))`.
 */
export const authModule = {
  signIn: vi.fn(),
  signOut: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  signInWithRedirect: vi.fn(),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
};

/** A signed-in user as the fake session reports them. */
export interface FakeUser {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
}

export const dana: FakeUser = { userId: 'user-dana', username: 'user-dana', email: 'dana@example.com' };

/** An Amplify-shaped error (the SDK names errors after the Cognito exception). */
export function authError(name: string, message = name): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

/** Makes the fake session report `user` as signed in. */
export function setSignedIn(user: FakeUser = dana): void {
  authModule.getCurrentUser.mockResolvedValue({ userId: user.userId, username: user.username });
  authModule.fetchAuthSession.mockResolvedValue({
    tokens: {
      idToken: { payload: { email: user.email, sub: user.userId }, toString: () => `id-token-of-${user.userId}` },
    },
  });
}

/** Makes the fake session report nobody signed in. */
export function setSignedOut(): void {
  authModule.getCurrentUser.mockRejectedValue(
    authError('UserUnAuthenticatedException', 'User needs to be authenticated'),
  );
  authModule.fetchAuthSession.mockResolvedValue({ tokens: undefined });
}

/** Resets every fake to "signed out, sign-in succeeds for dana, sign-out succeeds". */
export function resetAuth(): void {
  for (const fn of Object.values(authModule)) fn.mockReset();
  setSignedOut();
  authModule.signIn.mockImplementation(async () => {
    setSignedIn(dana);
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
  authModule.signOut.mockImplementation(async () => {
    setSignedOut();
  });
  authModule.signInWithRedirect.mockResolvedValue(undefined);
  authModule.signUp.mockResolvedValue({
    isSignUpComplete: false,
    userId: 'new-user',
    nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
  });
  authModule.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  authModule.resendSignUpCode.mockResolvedValue({ destination: 'n***@e***.com' });
  authModule.resetPassword.mockResolvedValue({
    isPasswordReset: false,
    nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' },
  });
  authModule.confirmResetPassword.mockResolvedValue(undefined);
  // Two-factor sign-in: off until a test turns it on.
  authModule.fetchMFAPreference.mockResolvedValue({});
  authModule.updateMFAPreference.mockResolvedValue(undefined);
  authModule.verifyTOTPSetup.mockResolvedValue(undefined);
}
