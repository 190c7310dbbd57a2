import * as z from 'zod';

/** How a user signed up (S1 §3 profile creation metadata, Google payload). */
export const AuthProviderSchema = z.enum(['email', 'google']);
export type AuthProvider = z.infer<typeof AuthProviderSchema>;

/** access_whitelist (S1 §3): an allow-list entry granting access without a subscription. */
export const AccessWhitelistSchema = z.object({
  email: z.string(),
  is_active: z.boolean(),
  /** ISO timestamp; null or absent means it never expires. */
  expires_at: z.string().nullable(),
});
export type AccessWhitelist = z.infer<typeof AccessWhitelistSchema>;

/** Consent record (S1 §3), stored locally before Google sign-in and sent with profile creation. */
export const ConsentRecordSchema = z.object({
  acceptedPrivacyPolicy: z.boolean(),
  acceptedEmailCommunications: z.boolean(),
  /** ISO timestamp of the acceptance. */
  consentTimestamp: z.string().max(40),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/** Signup input (S1 §3). For validation with the spec's messages use `AccountFormSchema`. */
export const SignupInputSchema = z.object({
  email: z.string(),
  password: z.string(),
  groupId: z.string().optional(),
  phone: z.string(),
  countryCode: z.string(),
  acceptedPrivacyPolicy: z.boolean(),
  acceptedEmailCommunications: z.boolean(),
});
export type SignupInput = z.infer<typeof SignupInputSchema>;

/** Profile creation payload (S1 §3, §7 create-user-profile-with-metadata). */
export const ProfileCreationPayloadSchema = z.object({
  userId: z.string(),
  /** The part of the e-mail before the at sign. */
  username: z.string(),
  groupId: z.string().nullable(),
  phone: z.string(),
  country_code: z.string(),
  metadata: z.object({
    provider: AuthProviderSchema,
    accepted_privacy_policy: z.boolean(),
    accepted_email_communications: z.boolean(),
    consent_timestamp: z.string(),
  }),
});
export type ProfileCreationPayload = z.infer<typeof ProfileCreationPayloadSchema>;

/** Response of profile creation (S1 §7); status 429 carries retryAfter in seconds. */
export const ProfileCreationResponseSchema = z.object({
  isNewCommunity: z.boolean().optional(),
  communityId: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  retryAfter: z.number().optional(),
});
export type ProfileCreationResponse = z.infer<typeof ProfileCreationResponseSchema>;

/** Google profile payload (S1 §3, §7 create-basic-user-profile). */
export const GoogleProfilePayloadSchema = z.object({
  userId: z.string(),
  /** Full name, else the e-mail local part, else 'User'. */
  username: z.string(),
  email: z.string(),
  provider: z.literal('google'),
  consentData: ConsentRecordSchema,
  /** Claims from the Google identity (name, picture, ...), kept as given. */
  googleMetadata: z.record(z.string(), z.unknown()),
});
export type GoogleProfilePayload = z.infer<typeof GoogleProfilePayloadSchema>;

/**
 * Phone check result (S1 §3, §5). `normalizedPhone` is the international number as digits without
 * '+' (country code + national number, e.g. 972501234567); `whatsappFormat` is it plus '@c.us'.
 * Both are null when the number is invalid; `errorMessage` is null when it is valid.
 */
export const PhoneCheckResultSchema = z.object({
  isValid: z.boolean(),
  normalizedPhone: z.string().nullable(),
  whatsappFormat: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type PhoneCheckResult = z.infer<typeof PhoneCheckResultSchema>;

/**
 * Trial and access state computed from the profile and the allow-list (S1 §4 "Trial state").
 * `daysRemaining` is null when there is no running trial.
 */
export const AccessStateSchema = z.object({
  hasActiveSubscription: z.boolean(),
  hasWhitelistAccess: z.boolean(),
  isInTrial: z.boolean(),
  isExpired: z.boolean(),
  daysRemaining: z.number().int().nonnegative().nullable(),
  trialEndsAt: z.string().nullable(),
  isBlocked: z.boolean(),
});
export type AccessState = z.infer<typeof AccessStateSchema>;

/** Landing-page registration response (S3 §3): whether a verification e-mail was sent. */
export const RegistrationResponseSchema = z.object({
  verificationSent: z.boolean(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;
