import * as z from 'zod';
import { EMAIL_MAX_LENGTH, IdSchema, SubscriptionStatusSchema, type Profile } from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { bodyHash, verifySignature } from './signature';
import {
  advanceSubscription,
  bindSubscription,
  claimBillingReceipt,
  getSubscription,
  listSubscriptionsOfUser,
  releaseBillingReceipt,
  type SubscriptionRecord,
} from '../../data/billing';
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

/** Longest provider id taken: they become table keys, which must stay far within DynamoDB's key sizes. */
const PROVIDER_ID_MAX = 128;
const idText = z.union([z.string().min(1).max(PROVIDER_ID_MAX), z.number().int()]).transform(String);
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

/**
 * The account a subscription seen for the first time belongs to: the user id our checkout bound
 * to it (custom data), else the buyer's e-mail (a subscription bought outside the app's checkout).
 */
async function ownerOf(deps: Pick<Deps, 'db'>, payload: Payload, email: string | null): Promise<Profile | null> {
  // Our checkout sets a user id; anything that is not one names nobody (and must not become a key).
  const userId = IdSchema.safeParse(payload.meta.custom_data?.user_id);
  if (userId.success) {
    const profile = await getProfile(deps.db, userId.data);
    if (profile) return profile;
  }
  return email && email.length <= EMAIL_MAX_LENGTH ? getProfileByEmail(deps.db, email) : null;
}

/** What an event says of its subscription: which one, its state now, and the time of that state. */
export interface SubscriptionChange {
  readonly subscriptionId: string;
  readonly updatedAt: string;
  readonly status: SubscriptionStatus;
  /** The plan while the status grants it; null when it does not; undefined: the event does not say (invoices). */
  readonly plan: string | null | undefined;
  readonly customerId: string | null;
  /** The end of the paid period; undefined: the event does not say. */
  readonly endsAt: string | null | undefined;
}

/** Reads the subscription change of an event (throws on a body that is not the event's shape). */
export function subscriptionChange(
  event: SubscriptionEvent,
  payload: Payload,
  settings: BillingSettings,
): SubscriptionChange {
  if (event === 'subscription_payment_success' || event === 'subscription_payment_failed') {
    const a = InvoiceAttributes.parse(payload.data.attributes);
    return {
      subscriptionId: a.subscription_id,
      updatedAt: a.updated_at,
      // A failed payment starts the grace period; the plan stays until Lemon Squeezy ends it.
      status: event === 'subscription_payment_success' ? 'active' : 'past_due',
      plan: undefined,
      customerId: a.customer_id ?? null,
      endsAt: undefined,
    };
  }
  const a = SubscriptionAttributes.parse(payload.data.attributes);
  return {
    subscriptionId: payload.data.id,
    updatedAt: a.updated_at,
    status: a.status,
    plan: ENTITLED_STATUSES.has(a.status) ? planOf(settings, a) : null,
    customerId: a.customer_id ?? null,
    endsAt: a.ends_at ?? a.renews_at ?? null,
  };
}

/** The record a change makes of a subscription (its earlier record, if any, fills what the event does not say). */
function recordOf(
  change: SubscriptionChange,
  event: string,
  userId: string,
  before: SubscriptionRecord | null,
): SubscriptionRecord {
  const entitled = ENTITLED_STATUSES.has(change.status);
  return {
    subscription_id: change.subscriptionId,
    user_id: userId,
    status: change.status,
    // An invoice names no plan: the one known, else Pro (the one self-serve plan).
    plan: change.plan === undefined ? (entitled ? (before?.plan ?? 'pro') : null) : change.plan,
    customer_id: change.customerId ?? before?.customer_id ?? null,
    ends_at: change.endsAt === undefined ? (before?.ends_at ?? null) : change.endsAt,
    updated_at: change.updatedAt,
    event_name: event,
  };
}

/**
 * The profile's subscription fields from every subscription of the account: the plan of the one
 * that grants access the longest (an open end counts as longest), else the state of the newest. So
 * one subscription ending never takes away what another still grants.
 */
export function profileFromSubscriptions(
  subscriptions: readonly SubscriptionRecord[],
  profile: Pick<Profile, 'lemon_squeezy_customer_id'>,
): Partial<Profile> {
  const newest = [...subscriptions].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
  const entitled = subscriptions
    .filter((s) => s.plan)
    .sort((a, b) => (b.ends_at ?? '9999').localeCompare(a.ends_at ?? '9999'))[0];
  const shown = entitled ?? newest;
  if (!shown) return {};
  return {
    subscription_status: shown.status as Profile['subscription_status'],
    subscription_plan: entitled?.plan ?? null,
    subscription_ends_at: shown.ends_at,
    lemon_squeezy_customer_id: shown.customer_id ?? profile.lemon_squeezy_customer_id,
  };
}

function emailOf(payload: Payload): string | null {
  const e = payload.data.attributes.user_email;
  return typeof e === 'string' && e ? e : null;
}

/**
 * The billing webhook (POST /webhooks/billing). Order of checks: the signature (X-Signature = hex
 * HMAC-SHA256 of the exact body bytes with the signing secret, constant-time; otherwise 401 and
 * nothing changes), the body, then a receipt per body hash written with a condition (a replay
 * changes nothing). Billing state belongs to the subscription the event reports: the subscription
 * is bound to an account by its first event and never moves, its own state advances only with a
 * newer `updated_at` (an event out of order changes nothing), and the account's profile is then
 * recomputed from all of its subscriptions. A webhook for one subscription changes only its own
 * account, and only what that subscription grants.
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
  let change: SubscriptionChange;
  try {
    change = subscriptionChange(event as SubscriptionEvent, payload, settings);
  } catch {
    throw fail.badRequest(BILLING_MESSAGES.badPayload);
  }

  const hash = bodyHash(rawBody);
  if (!(await claimBillingReceipt(deps.db, hash, { event_name: event, received_at: deps.now().toISOString() }))) {
    return 'replay';
  }
  try {
    let before = await getSubscription(deps.db, change.subscriptionId);
    let ownerId = before?.user_id;
    if (!before) {
      const profile = await ownerOf(deps, payload, emailOf(payload));
      if (!profile) {
        logger.warn('billing webhook for an unknown user', { event, subscriptionId: change.subscriptionId });
        return 'unknown_user';
      }
      ownerId = profile.id;
      if (!(await bindSubscription(deps.db, recordOf(change, event, profile.id, null)))) {
        // Its first event was being applied at the same time: apply this one as a later event.
        before = await getSubscription(deps.db, change.subscriptionId);
        ownerId = before?.user_id;
      }
    }
    if (before && ownerId) {
      if (!(await advanceSubscription(deps.db, recordOf(change, event, ownerId, before)))) {
        logger.info('billing webhook older than the applied state: ignored', {
          event,
          subscriptionId: change.subscriptionId,
        });
        return 'out_of_order';
      }
    }
    if (!ownerId) return 'unknown_user';
    const profile = await getProfile(deps.db, ownerId);
    if (!profile) return 'unknown_user';
    const patch = profileFromSubscriptions(await listSubscriptionsOfUser(deps.db, ownerId), profile);
    await updateProfile(deps.db, ownerId, patch);
    logger.info('subscription updated', { event, userId: ownerId, status: change.status });
    return 'applied';
  } catch (err) {
    // Processing failed: forget the receipt so Lemon Squeezy's retry of this body is processed.
    await releaseBillingReceipt(deps.db, hash);
    throw err;
  }
}
