// The account forms' and answers' texts, without zod: imported by screens that only show them (the
// prerendered /login's sign-in view, docs/public-pages.md). `rules/account` re-exports them.

/** Messages of the account, login, reset and Google terms forms (S1 §5). */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  privacyRequired: 'You must accept the Privacy Policy to continue',
  communicationsRequired: 'You must agree to receive communications to continue',
  phoneRequired: 'WhatsApp phone number is required',
  countryCodeRequired: 'Country code is required',
  phoneInvalid: 'Please enter a valid WhatsApp phone number',
  livePhoneInvalid: 'Invalid phone number',
  /** Toast when the form is submitted with errors. */
  submitInvalid: 'Please fill in all required fields',
  legacyGroupIdInvalid: 'Invalid Group ID. Please enter a valid community group identifier.',
  resetEmailRequired: 'Please enter your email address',
  newPasswordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  /** Ours (the spec has no common-password rule): sign-up and reset refuse the most common passwords. */
  passwordTooCommon: 'This password is too common. Please choose another one.',
  /** Ours: a token issued before its user deleted their account (docs/data-rights.md). */
  accountDeleted: 'This account has been deleted',
} as const;

/** S1 §8 sign-up texts the server answers with (the web shows them as they come). */
export const SIGN_UP_MESSAGES = {
  alreadyRegistered: 'An account with this email already exists. Please log in instead.',
  noUser: 'Failed to create user account',
} as const;

/** S1 §8 password-reset texts the server answers with. */
export const PASSWORD_RESET_MESSAGES = {
  invalidLink: 'Invalid or expired reset link. Please request a new password reset.',
} as const;
