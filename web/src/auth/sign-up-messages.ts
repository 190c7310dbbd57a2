import { SIGN_UP_MESSAGES } from '@kehila/shared/rules/account-messages';

/** S1 §8 sign-up texts, and ours for the verification link (S1 shows only that it leads to /login). */
export const signUpMessages = {
  alreadyRegistered: SIGN_UP_MESSAGES.alreadyRegistered,
  noUser: SIGN_UP_MESSAGES.noUser,
  created: 'Account created successfully! Please check your email to verify your account.',
  resent: 'Verification email resent successfully',
  resendFailed: (message: string) => `Failed to resend verification email: ${message}`,
  verified: 'Your email is verified. Sign in to continue.',
  alreadyVerified: 'Your email is already verified. Please sign in.',
  linkExpired: 'This verification link has expired. Request a new verification email below.',
  linkInvalid: 'This verification link is not valid. Open the latest email we sent you, or request a new one below.',
} as const;
