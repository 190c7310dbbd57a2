import * as z from 'zod';
import { SubscriptionStatusSchema, type Profile } from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { bodyHash, verifySignature } from './signature';
import { advanceBillingState, claimBillingReceipt, releaseBillingReceipt } from '../../data/billing';
import { getProfile, getProfileByEmail, updateProfile } from '../../data/profiles';
import { loadBillingSettings, type BillingSettings } from './settings';
import { BILLING_MESSAGES } from './messages';

/** The Lemon Squeezy events that change a profile's subscription fields. */
export const SUBSCRIPTION_EVENTS = [
  'subscription_created',
  'subscription_updated',
  'subscription_cancelled',
  'subscription_resumed',
  'subscription_expired',
  'subscription_paused',
  'subscription_unpaused',
  'subscription_payment_success',
  'subscription_payment_failed',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/**
 * Statuses that keep a plan on the profile. S1 §4 counts "any plan set" as an active subscription,
 * so the plan is cleared when the subscription stops granting access: paused, unpaid (dunning
 * failed) and expired. A cancelled subscription runs until its end date (Lemon Squeezy then sends
 * subscription_expired), and past_due is the grace period of a failed payment.
 */
export const ENTITLED_STATUSES: ReadonlySet<SubscriptionStatus> = new Set([
  'on_trial',
  'active',
  'past_due',
  'cancelled',
]);

const idText = z.union([z.string(), z.number()]).transform(String);
const time = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'a time')
  .transform((v) => new Date(v).toISOString());

const PayloadSchema = z.object({
  meta: z.object({
    event_name: z.string(),
    test_mode: z.boolean().optional(),
    custom_data: z.record(z.string(), z.unknown()).nullish(),
  }),
  data: z.object({
    type: z.string(),
    id: idText,
    attributes: z.record(z.string(), z.unknown()),
  }),
});
/** A Lemon Squeezy webhook body, as far as the handler reads it. */
export type Payload = z.infer<typeof PayloadSchema>;

const SubscriptionAttributes = z.object({
  status: SubscriptionStatusSchema,
  customer_id: idText.nullish(),
  variant_id: idText.nullish(),
  product_name: z.string().nullish(),
  variant_name: z.string().nullish(),
  user_email: z.string().nullish(),
  renews_at: time.nullish(),
  ends_at: time.nullish(),
  updated_at: time,
});

const InvoiceAttributes = z.object({
  subscription_id: idText,
  customer_id: idText.nullish(),
  user_email: z.string().nullish(),
  updated_at: time,
});

/** The outcome of one delivery, for logs and tests. */
export type WebhookOutcome = 'applied' | 'replay' | 'ignored_event' | 'out_of_order' | 'unknown_user';

/** The plan name for a variant: the configured plan whose variant it is, else Lemon Squeezy's names. */
function planOf(settings: BillingSettings, attrs: z.infer<typeof SubscriptionAttributes>): string {
  const variants = settings.checkout?.variants ?? {};
  const v = attrs.variant_id ?? '';
  if (v && v === variants.pro) return 'pro';
  if (v && v === variants.enterprise) return 'enterprise';
  return (attrs.variant_name || attrs.product_name || 'pro').trim().toLowerCase();
}

async function findUser(
  deps: Pick<Deps, 'db'>,
  payload: Payload,
  email: string | null | undefined,
): Promise<Profile | null> {
  const userId = payload.meta.custom_data?.user_id;
  if (typeof userId === 'string' && userId) {
    const profile = await getProfile(deps.db, userId);
    if (profile) return profile;
  }
  // A subscription bought outside the app's checkout (no custom data): the buyer's e-mail.
  return email ? getProfileByEmail(deps.db, email) : null;
}

/** The profile fields an event sets, the subscription it concerns and its time (for ordering). */
export function subscriptionChange(
  event: SubscriptionEvent,
  payload: Payload,
  settings: BillingSettings,
  profile: Profile,
): { patch: Partial<Profile>; subscriptionId: string; updatedAt: string } {
  if (event === 'subscription_payment_success' || event === 'subscription_payment_failed') {
    const a = InvoiceAttributes.parse(payload.data.attributes);
    return {
      subscriptionId: a.subscription_id,
      updatedAt: a.updated_at,
      patch: {
        // A failed payment starts the grace period; the plan stays until Lemon Squeezy ends it.
        subscription_status: event === 'subscription_payment_success' ? 'active' : 'past_due',
        lemon_squeezy_customer_id: a.customer_id ?? profile.lemon_squeezy_customer_id,
      },
    };
  }
  const a = SubscriptionAttributes.parse(payload.data.attributes);
  return {
    subscriptionId: payload.data.id,
    updatedAt: a.updated_at,
    patch: {
      subscription_status: a.status,
      subscription_plan: ENTITLED_STATUSES.has(a.status) ? planOf(settings, a) : null,
      lemon_squeezy_customer_id: a.customer_id ?? profile.lemon_squeezy_customer_id,
      subscription_ends_at: a.ends_at ?? a.renews_at ?? null,
    },
  };
}

function emailOf(payload: Payload): string | null {
  const e = payload.data.attributes.user_email;
  return typeof e === 'string' && e ? e : null;
}

/**
 * The billing webhook (POST /webhooks/billing). Order of checks: the signature (X-Signature = hex
 * HMAC-SHA256 of the raw body with the signing secret, constant-time; otherwise 401 and nothing
 * changes), the body, then a receipt per body hash written with a condition (a replay changes
 * nothing), then the user's ordering watermark (an event older than the last one applied changes
 * nothing), then the profile's subscription fields.
 */
export async function handleBillingWebhook(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'secrets'>,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const settings = await loadBillingSettings(deps);
  if (!settings.webhookSecret || !verifySignature(rawBody, signature, settings.webhookSecret)) {
    logger.warn('billing webhook refused: bad or missing signature', { configured: Boolean(settings.webhookSecret) });
    throw fail.unauthorized(BILLING_MESSAGES.badSignature);
  }
  let payload: Payload;
  try {
    payload = PayloadSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw fail.badRequest(BILLING_MESSAGES.badPayload);
  }
  const event = payload.meta.event_name;
  if (!(SUBSCRIPTION_EVENTS as readonly string[]).includes(event)) return 'ignored_event';

  const hash = bodyHash(rawBody);
  if (!(await claimBillingReceipt(deps.db, hash, { event_name: event, received_at: deps.now().toISOString() }))) {
    return 'replay';
  }
  try {
    const profile = await findUser(deps, payload, emailOf(payload));
    if (!profile) {
      logger.warn('billing webhook for an unknown user', { event });
      return 'unknown_user';
    }
    let change: ReturnType<typeof subscriptionChange>;
    try {
      change = subscriptionChange(event as SubscriptionEvent, payload, settings, profile);
    } catch {
      throw fail.badRequest(BILLING_MESSAGES.badPayload);
    }
    const advanced = await advanceBillingState(deps.db, profile.id, {
      subscription_id: change.subscriptionId,
      updated_at: change.updatedAt,
      event_name: event,
    });
    if (!advanced) {
      logger.info('billing webhook older than the applied state: ignored', { event, userId: profile.id });
      return 'out_of_order';
    }
    await updateProfile(deps.db, profile.id, change.patch);
    logger.info('subscription updated', { event, userId: profile.id, status: change.patch.subscription_status });
    return 'applied';
  } catch (err) {
    // Processing failed: forget the receipt so Lemon Squeezy's retry of this body is processed.
    await releaseBillingReceipt(deps.db, hash);
    throw err;
  }
}
