import * as z from 'zod';
import { BILLING_CYCLES, CHECKOUT_PLANS, PAYMENT_RESULTS, PLAN_NAMES } from '../constants';

/** Plan names on the pricing page (S3 §3). */
export const PlanNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof PlanNameSchema>;

/** A plan card of the pricing page (S3 §3). */
export const PlanSchema = z.object({
  name: PlanNameSchema,
  description: z.string(),
  /** USD per month; null for custom pricing (Enterprise, via sales). */
  price: z.number().nonnegative().nullable(),
  /** Struck-through price, if any. */
  originalPrice: z.number().nonnegative().nullable(),
  popular: z.boolean(),
  features: z.array(z.string()),
  limitations: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;

/** Monthly or annual billing (S3 §4). */
export const BillingCycleSchema = z.enum(BILLING_CYCLES);
export type BillingCycle = z.infer<typeof BillingCycleSchema>;

/** Plans a checkout link is built for (S1 §7). */
export const CheckoutPlanSchema = z.enum(CHECKOUT_PLANS);
export type CheckoutPlan = z.infer<typeof CheckoutPlanSchema>;

/** Request for a hosted checkout link (S1 §7): the plan; the e-mail comes from the signed-in user. */
export const CheckoutRequestSchema = z.object({
  plan: CheckoutPlanSchema,
  billing_cycle: BillingCycleSchema.default('monthly'),
});
export type CheckoutRequest = z.output<typeof CheckoutRequestSchema>;

/** The hosted checkout link (S1 §2). */
export const CheckoutLinkSchema = z.object({ url: z.string() });
export type CheckoutLink = z.infer<typeof CheckoutLinkSchema>;

/** Value of the payment query parameter after checkout (S1 §2). */
export const PaymentResultSchema = z.enum(PAYMENT_RESULTS);
export type PaymentResult = z.infer<typeof PaymentResultSchema>;
