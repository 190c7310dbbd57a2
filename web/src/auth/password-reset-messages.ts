import { PASSWORD_RESET_MESSAGES } from '@kehila/shared/rules/account-messages';

/** S1 §8 "Password reset" texts. */
export const passwordResetMessages = {
  sent: 'Password reset email sent! Please check your inbox.',
  sendFailed: 'Failed to send password reset email',
  updated: 'Password updated successfully!',
  invalidLink: PASSWORD_RESET_MESSAGES.invalidLink,
  newSent: 'New password reset email sent!',
} as const;
