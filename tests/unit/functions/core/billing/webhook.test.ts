import { describe, expect, it } from 'vitest';
import {
  ENTITLED_STATUSES,
  profileFromSubscriptions,
  subscriptionChange,
  type Payload,
} from '@kehila/functions/core/billing/webhook';
import type { BillingSettings } from '@kehila/functions/core/billing/settings';
import type { SubscriptionRecord } from '@kehila/functions/data/billing';

const settings: BillingSettings = {
  checkout: { apiKey: 'k', storeId: '1', variants: { pro: '10', enterprise: '20' }, testMode: false },
  webhookSecret: 'w',
  source: 'secret',
};

function subscription(status: string, extra: Record<string, unknown> = {}): Payload {
  return {
    meta: { event_name: 'subscription_updated', custom_data: { user_id: 'u' } },
    data: {
      type: 'subscriptions',
      id: 'sub-1',
      attributes: {
        status,
        customer_id: 42,
        variant_id: 10,
        variant_name: 'Monthly',
        product_name: 'Kehila Pro',
        renews_at: '2026-07-01T00:00:00.000000Z',
        ends_at: null,
        updated_at: '2026-06-01T10:00:00.123456Z',
        ...extra,
      },
    },
  };
}

describe('subscription changes from Lemon Squeezy events', () => {
  it.each([
    ['active', 'pro'],
    ['on_trial', 'pro'],
    ['past_due', 'pro'],
    ['cancelled', 'pro'],
    ['paused', null],
    ['unpaid', null],
    ['expired', null],
  ])('status %s keeps plan %s (S1 "any plan set" means access)', (status, plan) => {
    const c = subscriptionChange('subscription_updated', subscription(status), settings);
    expect(c.status).toBe(status);
    expect(c.plan).toBe(plan);
    expect(ENTITLED_STATUSES.has(status as never)).toBe(plan !== null);
  });

  it('records the customer, the end of the period, the subscription and its time (normalised to ms)', () => {
    expect(subscriptionChange('subscription_created', subscription('active'), settings)).toEqual({
      subscriptionId: 'sub-1',
      updatedAt: '2026-06-01T10:00:00.123Z',
      status: 'active',
      plan: 'pro',
      customerId: '42',
      endsAt: '2026-07-01T00:00:00.000Z',
    });
  });

  it('a cancelled subscription ends at ends_at', () => {
    const c = subscriptionChange(
      'subscription_cancelled',
      subscription('cancelled', { ends_at: '2026-06-30T00:00:00Z' }),
      settings,
    );
    expect(c.endsAt).toBe('2026-06-30T00:00:00.000Z');
  });

  it('names the plan by the configured variant, else by Lemon Squeezy', () => {
    expect(subscriptionChange('subscription_created', subscription('active', { variant_id: 20 }), settings).plan).toBe(
      'enterprise',
    );
    expect(subscriptionChange('subscription_created', subscription('active', { variant_id: 99 }), settings).plan).toBe(
      'monthly',
    );
  });

  it.each([
    ['subscription_payment_success', 'active'],
    ['subscription_payment_failed', 'past_due'],
  ] as const)('%s sets status %s and leaves the plan and the end to what is known', (event, status) => {
    const invoice: Payload = {
      meta: { event_name: event, custom_data: { user_id: 'u' } },
      data: {
        type: 'subscription-invoices',
        id: 'inv-1',
        attributes: { subscription_id: 7, customer_id: 42, updated_at: '2026-06-01T10:00:00Z' },
      },
    };
    expect(subscriptionChange(event, invoice, settings)).toEqual({
      subscriptionId: '7',
      updatedAt: '2026-06-01T10:00:00.000Z',
      status,
      plan: undefined,
      customerId: '42',
      endsAt: undefined,
    });
  });

  it('refuses a subscription event without a known status', () => {
    expect(() => subscriptionChange('subscription_updated', subscription('weird'), settings)).toThrow();
  });
});

describe("the profile's subscription fields from all of an account's subscriptions", () => {
  const sub = (id: string, over: Partial<SubscriptionRecord>): SubscriptionRecord => ({
    subscription_id: id,
    user_id: 'u',
    status: 'active',
    plan: 'pro',
    customer_id: '42',
    ends_at: '2026-07-01T00:00:00.000Z',
    updated_at: '2026-06-01T00:00:00.000Z',
    event_name: 'subscription_created',
    ...over,
  });

  it('one subscription ending never takes away what another still grants', () => {
    const patch = profileFromSubscriptions(
      [
        sub('a', { status: 'active', plan: 'pro', ends_at: '2026-12-01T00:00:00.000Z' }),
        sub('b', { status: 'expired', plan: null, updated_at: '2026-08-01T00:00:00.000Z' }),
      ],
      { lemon_squeezy_customer_id: null },
    );
    expect(patch).toMatchObject({ subscription_status: 'active', subscription_plan: 'pro' });
  });

  it('the plan that grants access the longest wins; without one, the newest state shows and no plan', () => {
    expect(
      profileFromSubscriptions(
        [
          sub('a', { plan: 'pro', ends_at: '2026-07-01T00:00:00.000Z' }),
          sub('b', { plan: 'enterprise', ends_at: null }),
        ],
        { lemon_squeezy_customer_id: null },
      ).subscription_plan,
    ).toBe('enterprise');
    expect(
      profileFromSubscriptions(
        [
          sub('a', { status: 'expired', plan: null, updated_at: '2026-06-01T00:00:00.000Z' }),
          sub('b', { status: 'paused', plan: null, updated_at: '2026-07-01T00:00:00.000Z' }),
        ],
        { lemon_squeezy_customer_id: null },
      ),
    ).toMatchObject({ subscription_status: 'paused', subscription_plan: null });
  });
});
