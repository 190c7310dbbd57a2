import { z } from 'zod';
import { route } from './contract';
import { ProfileSchema } from '../schemas/profiles';
import { AccessStateSchema } from '../schemas/access';
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
};
