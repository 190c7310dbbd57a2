import { describe, expect, it } from 'vitest';
import type { Profile } from '@kehila/shared';
import { ENTITLED_STATUSES, subscriptionChange, type Payload } from '@kehila/functions/core/billing/webhook';
import type { BillingSettings } from '@kehila/functions/core/billing/settings';

const settings: BillingSettings = {
  checkout: { apiKey: 'k', storeId: '1', variants: { pro: '10', enterprise: '20' }, testMode: false },
  webhookSecret: 'w',
  source: 'secret',
};
const profile = { id: 'u', lemon_squeezy_customer_id: null } as unknown as Profile;

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

describe('subscription fields from Lemon Squeezy events', () => {
  it.each([
    ['active', 'pro'],
    ['on_trial', 'pro'],
    ['past_due', 'pro'],
    ['cancelled', 'pro'],
    ['paused', null],
    ['unpaid', null],
    ['expired', null],
  ])('status %s keeps plan %s (S1 "any plan set" means access)', (status, plan) => {
    const c = subscriptionChange('subscription_updated', subscription(status), settings, profile);
    expect(c.patch.subscription_status).toBe(status);
    expect(c.patch.subscription_plan).toBe(plan);
    expect(ENTITLED_STATUSES.has(status as never)).toBe(plan !== null);
  });

  it('records the customer, the end of the period, the subscription and its time (normalised to ms)', () => {
    const c = subscriptionChange('subscription_created', subscription('active'), settings, profile);
    expect(c).toEqual({
      subscriptionId: 'sub-1',
      updatedAt: '2026-06-01T10:00:00.123Z',
      patch: {
        subscription_status: 'active',
        subscription_plan: 'pro',
        lemon_squeezy_customer_id: '42',
        subscription_ends_at: '2026-07-01T00:00:00.000Z',
      },
    });
  });

  it('a cancelled subscription ends at ends_at', () => {
    const c = subscriptionChange(
      'subscription_cancelled',
      subscription('cancelled', { ends_at: '2026-06-30T00:00:00Z' }),
      settings,
      profile,
    );
    expect(c.patch.subscription_ends_at).toBe('2026-06-30T00:00:00.000Z');
  });

  it('names the plan by the configured variant, else by Lemon Squeezy', () => {
    expect(
      subscriptionChange('subscription_created', subscription('active', { variant_id: 20 }), settings, profile).patch
        .subscription_plan,
    ).toBe('enterprise');
    expect(
      subscriptionChange('subscription_created', subscription('active', { variant_id: 99 }), settings, profile).patch
        .subscription_plan,
    ).toBe('monthly');
  });

  it.each([
    ['subscription_payment_success', 'active'],
    ['subscription_payment_failed', 'past_due'],
  ] as const)('%s sets status %s and keeps the plan as it is', (event, status) => {
    const invoice: Payload = {
      meta: { event_name: event, custom_data: { user_id: 'u' } },
      data: {
        type: 'subscription-invoices',
        id: 'inv-1',
        attributes: { subscription_id: 7, customer_id: 42, updated_at: '2026-06-01T10:00:00Z' },
      },
    };
    const c = subscriptionChange(event, invoice, settings, profile);
    expect(c).toEqual({
      subscriptionId: '7',
      updatedAt: '2026-06-01T10:00:00.000Z',
      patch: { subscription_status: status, lemon_squeezy_customer_id: '42' },
    });
  });

  it('refuses a subscription event without a known status', () => {
    expect(() => subscriptionChange('subscription_updated', subscription('weird'), settings, profile)).toThrow();
  });
});
