import * as z from 'zod';
import { route } from './contract';
import { ProfileSchema } from '../schemas/profiles';
import { AccessStateSchema, ConsentRecordSchema, ProfileCreationPayloadSchema } from '../schemas/access';
import { UsernameFormSchema } from '../schemas/settings';

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
 * How the web hands sign-up data to Cognito (Amplify `signUp`): the phone and country code as user
 * attributes (kept by Cognito, copied to the profile after confirmation), the two consents as client
 * metadata with the value 'true' (checked by the PreSignUp trigger, which records them).
 */
export const SIGNUP_COGNITO = {
  attributes: { phone: 'custom:phone', countryCode: 'custom:country_code' },
  clientMetadata: {
    acceptedPrivacyPolicy: 'acceptedPrivacyPolicy',
    acceptedEmailCommunications: 'acceptedEmailCommunications',
  },
} as const;

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
};
