import * as z from 'zod';
import { LIVE_PHONE_CHECK_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { GENERIC_FIELD_MESSAGES } from '../schemas/shared-fields';
import { checkPhone } from './phone';
import { BASIC_EMAIL_PATTERN } from './validation';
import { ACCOUNT_MESSAGES } from './account-messages';

// The messages live in a module without zod, so a screen that only shows them (the prerendered /login's
// sign-in view) does not load zod with them; they are exported from here as well.
export { ACCOUNT_MESSAGES, PASSWORD_RESET_MESSAGES, SIGN_UP_MESSAGES } from './account-messages';

/** Longest e-mail address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest password accepted (Cognito's own limit). */
export const PASSWORD_MAX_LENGTH = 256;
/** Longest WhatsApp phone as typed (the `custom:phone` attribute's limit). */
export const PHONE_MAX_LENGTH = 32;
/** Longest country code (the `custom:country_code` attribute's limit). */
export const COUNTRY_CODE_MAX_LENGTH = 8;

const M = ACCOUNT_MESSAGES;

const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .regex(BASIC_EMAIL_PATTERN, M.emailInvalid);

const tooLong = GENERIC_FIELD_MESSAGES.tooLong;

/** A new password of the account form (S1 §5): required, at least 6 characters. */
export const NewPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, { error: M.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

/** A new password of the reset form (S1 §5): at least 6 characters, in the reset form's words. */
export const ResetPasswordSchema = z
  .string({ error: M.newPasswordTooShort })
  .min(PASSWORD_MIN_LENGTH, M.newPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

const acceptance = (message: string) => z.literal(true, { error: message });

/**
 * Account (sign-up) form (S1 §5), field names of the signup input (S1 §3). The phone is checked
 * against the country with `checkPhone`; a failure reads 'Please enter a valid WhatsApp phone number'.
 * groupId belongs to the legacy path and is only trimmed here (see `legacyGroupIdError`).
 */
export const AccountFormSchema = z
  .object({
    email: emailField,
    password: NewPasswordSchema,
    countryCode: z
      .string({ error: M.countryCodeRequired })
      .trim()
      .min(1, M.countryCodeRequired)
      .max(COUNTRY_CODE_MAX_LENGTH, M.phoneInvalid),
    phone: z.string({ error: M.phoneRequired }).trim().min(1, M.phoneRequired).max(PHONE_MAX_LENGTH, M.phoneInvalid),
    acceptedPrivacyPolicy: acceptance(M.privacyRequired),
    acceptedEmailCommunications: acceptance(M.communicationsRequired),
    groupId: z
      .string()
      .trim()
      .max(128, M.legacyGroupIdInvalid)
      .nullish()
      .transform((v) => v || undefined),
  })
  .superRefine((v, ctx) => {
    if (v.countryCode && v.phone && !checkPhone(v.countryCode, v.phone).isValid) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.phoneInvalid });
    }
  });
export type AccountForm = z.output<typeof AccountFormSchema>;
export type AccountFormInput = z.input<typeof AccountFormSchema>;

/** True once the live phone check should run: a country is set and the phone has 7+ characters (S1 §5). */
export function shouldRunLivePhoneCheck(
  countryCode: string | null | undefined,
  phone: string | null | undefined,
): boolean {
  return Boolean(countryCode?.trim()) && (phone ?? '').length >= LIVE_PHONE_CHECK_MIN_LENGTH;
}

/** The live phone check's message while typing: 'Invalid phone number', or null (S1 §5). */
export function livePhoneError(
  countryCode: string | null | undefined,
  phone: string | null | undefined,
): string | null {
  if (!shouldRunLivePhoneCheck(countryCode, phone)) return null;
  return checkPhone(countryCode, phone).isValid ? null : M.livePhoneInvalid;
}

/**
 * Legacy sign-up group id (S1 §5): empty, or one of the built-in ids. The spec names five built-in
 * ids without giving them, so the caller supplies the list.
 */
export function legacyGroupIdError(groupId: string | null | undefined, builtInIds: readonly string[]): string | null {
  const id = (groupId ?? '').trim();
  if (!id || builtInIds.includes(id)) return null;
  return M.legacyGroupIdInvalid;
}

/** Login (S1 §5): e-mail and password required; the spec gives no login texts, so the account form's apply. */
export const LoginFormSchema = z.object({
  email: z.string({ error: M.emailRequired }).trim().min(1, M.emailRequired),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
});
export type LoginForm = z.output<typeof LoginFormSchema>;

/** Forgot password / new reset e-mail (S1 §5): the e-mail is required ('Please enter your email address'). */
export const ForgotPasswordFormSchema = z.object({
  email: z
    .string({ error: M.resetEmailRequired })
    .trim()
    .min(1, { error: M.resetEmailRequired, abort: true })
    .regex(BASIC_EMAIL_PATTERN, M.emailInvalid),
});
export type ForgotPasswordForm = z.output<typeof ForgotPasswordFormSchema>;

/** Reset password (S1 §5): at least 6 characters, and the confirmation must match. */
export const ResetPasswordFormSchema = z
  .object({
    password: ResetPasswordSchema,
    confirmPassword: z.string({ error: M.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: M.passwordsDoNotMatch });
export type ResetPasswordForm = z.output<typeof ResetPasswordFormSchema>;

/** Google terms dialog (S1 §5): both boxes must be checked. */
export const GoogleTermsFormSchema = z.object({
  acceptedPrivacyPolicy: acceptance(M.privacyRequired),
  acceptedEmailCommunications: acceptance(M.communicationsRequired),
});
export type GoogleTermsForm = z.output<typeof GoogleTermsFormSchema>;

/** Profile username from an e-mail: the part before the at sign (S1 §3). */
export function usernameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim();
}

/** Username for a Google profile: full name, else the e-mail local part, else 'User' (S1 §3). */
export function googleUsername(fullName: string | null | undefined, email: string | null | undefined): string {
  const name = fullName?.trim();
  if (name) return name;
  const local = email ? usernameFromEmail(email) : '';
  return local || 'User';
}
