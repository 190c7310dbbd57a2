import * as z from 'zod';
import { ProfileSchema } from '../schemas/profiles';
import { AccessStateSchema, ConsentRecordSchema, ProfileCreationPayloadSchema } from '../schemas/access';
import { UsernameFormSchema } from '../schemas/settings';
import { AccountFormSchema, EMAIL_MAX_LENGTH, PASSWORD_RESET_MESSAGES, ResetPasswordSchema } from '../rules/account';
import { RATE_LIMITS, route } from './contract';

/** The trial warning the header shows (S1 §4), or null outside the 1-5 day window. */
export const TrialWarningSchema = z.object({
  daysRemaining: z.number().int(),
  message: z.string(),
  urgent: z.boolean(),
});

/** The signed-in user as the server knows them, with their access state (S1 §4 Trial state). */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  profile: ProfileSchema.nullable(),
  /** Null until the profile exists. Blocked users see the paywall. */
  access: AccessStateSchema.nullable(),
  trialWarning: TrialWarningSchema.nullable(),
});
export type Me = z.infer<typeof MeSchema>;

/**
 * How the sign-up route hands the account to Cognito (SignUp): the phone and country code as user
 * attributes (kept by Cognito, copied to the profile after confirmation), the two consents as client
 * metadata with the value 'true' (checked by the PreSignUp trigger, which records them), and the
 * route's signed sign-up ticket, without which PreSignUp refuses the sign-up (docs/accounts.md).
 */
export const SIGNUP_COGNITO = {
  attributes: { phone: 'custom:phone', countryCode: 'custom:country_code' },
  clientMetadata: {
    acceptedPrivacyPolicy: 'acceptedPrivacyPolicy',
    acceptedEmailCommunications: 'acceptedEmailCommunications',
    signUpTicket: 'signUpTicket',
  },
} as const;

/** What a sign-up answers: the new user's id; unconfirmed until the e-mail's link is opened. */
export const SignUpResultSchema = z.object({ userId: z.string(), userConfirmed: z.boolean() });
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

const resetLinkPart = z
  .string({ error: PASSWORD_RESET_MESSAGES.invalidLink })
  .trim()
  .min(1, PASSWORD_RESET_MESSAGES.invalidLink);

/**
 * A new password with the code of the reset e-mail's link (S1 §2 "Reset password"): the link's e-mail
 * and code (missing or malformed: the spec's invalid-link text, at `code` or `email`) and the new
 * password (the reset form's rule). The confirmation field stays in the form.
 */
export const PasswordResetBodySchema = z.object({
  email: resetLinkPart.max(EMAIL_MAX_LENGTH, PASSWORD_RESET_MESSAGES.invalidLink),
  code: resetLinkPart.max(64, PASSWORD_RESET_MESSAGES.invalidLink),
  password: ResetPasswordSchema,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** The reset is done: the new password signs in. */
export const PasswordResetResultSchema = z.object({ updated: z.literal(true) });

/**
 * The text a Cognito trigger rejected a request with: Cognito answers
 * 'PreSignUp failed with error <text>.' (UserLambdaValidationException); the UI shows <text>.
 */
export function triggerRejectionMessage(message: string): string {
  const m = /^\w+ failed with error ([\s\S]*?)\.?$/.exec(message.trim());
  return m?.[1]?.trim() || message;
}

/** Consent as stored for a user (S1 §3 profile creation metadata). */
export const ConsentMetadataSchema = ProfileCreationPayloadSchema.shape.metadata;

export const accountRoutes = {
  me: route({
    method: 'GET',
    path: '/api/me',
    auth: 'user',
    area: 'accounts',
    summary: 'The signed-in user, their profile (null until it exists) and their trial/access state.',
    response: MeSchema,
  }),
  updateProfile: route({
    method: 'PATCH',
    path: '/api/me/profile',
    auth: 'user',
    area: 'accounts',
    summary: "Updates the signed-in user's username (S2 §2.4 User Profile card).",
    body: UsernameFormSchema,
    response: ProfileSchema,
  }),
  recordConsent: route({
    method: 'PUT',
    path: '/api/me/consent',
    auth: 'user',
    area: 'accounts',
    summary:
      'Stores the consent of the Google terms dialog (S1 §2, §3 consent record) for the signed-in user; e-mail sign-ups record theirs at sign-up.',
    body: ConsentRecordSchema,
    response: ConsentMetadataSchema,
  }),
  signUp: route({
    method: 'POST',
    path: '/api/accounts/sign-up',
    auth: 'public',
    area: 'accounts',
    summary:
      "Creates an e-mail account (S1 §5 account form: the spec's rules, and no common password), then Cognito sends the verification e-mail. 409 when the e-mail has an account.",
    body: AccountFormSchema,
    response: SignUpResultSchema,
    status: 201,
    rateLimit: RATE_LIMITS.signUp,
    uses: { identity: true, secrets: ['signUpTicketKey'] },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/accounts/password-reset',
    auth: 'public',
    area: 'accounts',
    summary:
      "Sets a new password with the code of the reset e-mail (S1 §5 reset rule, and no common password). A wrong or expired code: 400 with the spec's invalid-link text at `code`.",
    body: PasswordResetBodySchema,
    response: PasswordResetResultSchema,
    rateLimit: RATE_LIMITS.passwordReset,
    uses: { identity: true },
  }),
};
