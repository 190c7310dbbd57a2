import { ACCOUNT_MESSAGES } from './account';

/**
 * How many of the most frequent passwords are refused (issue 9: at least 10,000). The list lives in
 * `common-passwords.json` (sorted, normalised, each at least 6 characters: shorter ones fail the length
 * rule first); `scripts/common-passwords.ts` writes it, docs/decisions/0006-common-passwords.md says
 * where it comes from.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

/** The common passwords, normalised (`normalizePassword`). */
export interface CommonPasswords {
  has(normalised: string): boolean;
  readonly size: number;
}

/**
 * A password as the common-password rule compares it: Unicode-normalised (NFKC, so full-width and
 * composed forms match), without surrounding white space, in lower case. 'Password1 ' and
 * 'PASSWORD1' are the same common password.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC').trim().toLowerCase();
}

let loading: Promise<CommonPasswords> | undefined;

/**
 * The list, loaded once on first use. It is its own chunk (≈ 33 KB gzip): the web loads it only on
 * the sign-up and reset screens, and only the accounts Lambda carries it, loaded at its first sign-up
 * or reset rather than at import.
 */
export function loadCommonPasswords(): Promise<CommonPasswords> {
  loading ??= import('./common-passwords.json').then((m) => new Set<string>(m.default));
  return loading;
}

/** True when the password is one of the common ones, whatever its case or surrounding spaces. */
export function isCommonPassword(password: string, common: CommonPasswords): boolean {
  return common.has(normalizePassword(password));
}

/**
 * The common-password rule of sign-up and reset: 'This password is too common. Please choose another
 * one.' for a listed password, else null. The length rules (the spec's own texts) are the forms'
 * schemas (`NewPasswordSchema`, `ResetPasswordSchema`) and come first.
 */
export function commonPasswordProblem(password: string, common: CommonPasswords): string | null {
  return isCommonPassword(password, common) ? ACCOUNT_MESSAGES.passwordTooCommon : null;
}
