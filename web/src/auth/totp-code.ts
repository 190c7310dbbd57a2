/**
 * The 6-digit codes of two-factor sign-in (TOTP, RFC 6238) as the login code step and the Settings
 * card read them: the same format check and the same words for a code Cognito refuses.
 */
export const totpCodeMessages = {
  format: 'Enter the 6-digit code from your authenticator app.',
  invalid: 'Invalid code. Check your authenticator app and enter the current code.',
  expired: 'This sign-in took too long. Go back and sign in again.',
} as const;

/** Reads a typed code: spaces and dashes are dropped (apps show "123 456"); six digits or a message. */
export function readTotpCode(typed: string): { ok: true; code: string } | { ok: false; message: string } {
  const code = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? { ok: true, code } : { ok: false, message: totpCodeMessages.format };
}

/** True when Cognito refused the code itself (a wrong or stale code), as opposed to anything else. */
export function isWrongTotpCode(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'CodeMismatchException' ||
    err.name === 'EnableSoftwareTokenMFAException' ||
    // verifyTOTPSetup and confirmSignIn check the format before Cognito sees it.
    (err.name === 'InvalidParameterException' && /code/i.test(err.message))
  );
}
