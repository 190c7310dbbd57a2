import * as z from 'zod';

/** Subscription status values written by the billing webhook (Lemon Squeezy subscription statuses). */
export const SubscriptionStatusSchema = z.enum([
  'on_trial',
  'active',
  'paused',
  'past_due',
  'unpaid',
  'cancelled',
  'expired',
]);

/** profile (S1 §3): one per signed-in user, keyed by the Cognito user id. */
export const ProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().optional(),
  group_id: z.string().nullable(),
  subscription_status: SubscriptionStatusSchema.nullable(),
  subscription_plan: z.string().nullable(),
  lemon_squeezy_customer_id: z.string().nullable(),
  subscription_ends_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  phone_number: z.string().nullable(),
  country_code: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
