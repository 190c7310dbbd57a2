import { describe, expect, it } from 'vitest';
import {
  computeAccessState,
  hasActiveSubscription,
  isWhitelistValid,
  trialWarning,
  trialWarningMessage,
  type TrialProfile,
} from '@kehila/shared';

const NOW = new Date('2025-06-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

const profile = (p: Partial<TrialProfile>): TrialProfile => ({
  subscription_status: null,
  subscription_plan: null,
  trial_ends_at: null,
  ...p,
});

describe('whitelist validity (S1 §4)', () => {
  it.each([
    ['active, no expiry', { is_active: true, expires_at: null }, true],
    ['active, empty expiry', { is_active: true, expires_at: '' }, true],
    ['active, expires in the future', { is_active: true, expires_at: at(DAY) }, true],
    ['active, expired', { is_active: true, expires_at: at(-1) }, false],
    ['active, expires exactly now', { is_active: true, expires_at: at(0) }, false],
    ['inactive, no expiry', { is_active: false, expires_at: null }, false],
    ['inactive, future expiry', { is_active: false, expires_at: at(DAY) }, false],
    ['active, unreadable expiry', { is_active: true, expires_at: 'not a date' }, false],
  ])('%s → %s', (_label, entry, expected) => {
    expect(isWhitelistValid(entry, NOW)).toBe(expected);
  });

  it('no entry is not valid', () => {
    expect(isWhitelistValid(null, NOW)).toBe(false);
    expect(isWhitelistValid(undefined, NOW)).toBe(false);
  });
});

describe('active subscription (S1 §4: status active, or any plan set)', () => {
  it.each([
    [{ subscription_status: 'active' as const }, true],
    [{ subscription_plan: 'pro' }, true],
    [{ subscription_status: 'cancelled' as const, subscription_plan: 'enterprise' }, true],
    [{ subscription_status: 'cancelled' as const }, false],
    [{ subscription_status: 'on_trial' as const }, false],
    [{ subscription_plan: '' }, false],
    [{}, false],
  ])('%o → %s', (p, expected) => {
    expect(hasActiveSubscription(profile(p))).toBe(expected);
  });
});

describe('trial state and access blocking (S1 §4)', () => {
  const validWl = { is_active: true, expires_at: null };
  const expiredWl = { is_active: true, expires_at: at(-DAY) };

  it.each([
    {
      label: 'active subscription: no trial, no expiry, even with a past trial end',
      p: profile({ subscription_status: 'active', trial_ends_at: at(-10 * DAY) }),
      wl: null,
      want: { isInTrial: false, isExpired: false, daysRemaining: null, isBlocked: false, hasActiveSubscription: true, hasWhitelistAccess: false },
    },
    {
      label: 'any plan set: no trial, no expiry',
      p: profile({ subscription_plan: 'pro' }),
      wl: null,
      want: { isInTrial: false, isExpired: false, daysRemaining: null, isBlocked: false, hasActiveSubscription: true },
    },
    {
      label: 'valid whitelist: no trial, no expiry',
      p: profile({ trial_ends_at: null }),
      wl: validWl,
      want: { isInTrial: false, isExpired: false, daysRemaining: null, isBlocked: false, hasWhitelistAccess: true },
    },
    {
      label: 'expired whitelist does not count: no trial end → expired and blocked',
      p: profile({}),
      wl: expiredWl,
      want: { isInTrial: false, isExpired: true, isBlocked: true, hasWhitelistAccess: false },
    },
    {
      label: 'no trial end → expired and blocked',
      p: profile({}),
      wl: null,
      want: { isInTrial: false, isExpired: true, daysRemaining: null, isBlocked: true },
    },
    {
      label: 'past trial end → expired and blocked',
      p: profile({ trial_ends_at: at(-1000) }),
      wl: null,
      want: { isInTrial: false, isExpired: true, isBlocked: true },
    },
    {
      label: 'trial ending exactly now → expired',
      p: profile({ trial_ends_at: at(0) }),
      wl: null,
      want: { isInTrial: false, isExpired: true, isBlocked: true },
    },
    {
      label: 'future end 14 days → in trial, 14 days',
      p: profile({ trial_ends_at: at(14 * DAY) }),
      wl: null,
      want: { isInTrial: true, isExpired: false, daysRemaining: 14, isBlocked: false },
    },
    {
      label: 'future end 2.1 days → 3 days remaining (rounded up)',
      p: profile({ trial_ends_at: at(2.1 * DAY) }),
      wl: null,
      want: { isInTrial: true, daysRemaining: 3, isBlocked: false },
    },
    {
      label: 'one hour left → 1 day remaining',
      p: profile({ trial_ends_at: at(60 * 60 * 1000) }),
      wl: null,
      want: { isInTrial: true, daysRemaining: 1 },
    },
    {
      label: 'unreadable trial end → expired',
      p: profile({ trial_ends_at: 'soon' }),
      wl: null,
      want: { isExpired: true, isBlocked: true },
    },
    {
      label: 'no profile → expired and blocked',
      p: null,
      wl: null,
      want: { isExpired: true, isBlocked: true, trialEndsAt: null },
    },
  ])('$label', ({ p, wl, want }) => {
    expect(computeAccessState({ profile: p, whitelist: wl, now: NOW })).toMatchObject(want);
  });

  it('keeps the trial end it read', () => {
    const end = at(3 * DAY);
    expect(computeAccessState({ profile: profile({ trial_ends_at: end }), now: NOW }).trialEndsAt).toBe(end);
  });

  it('counts down as now advances', () => {
    const p = profile({ trial_ends_at: at(5 * DAY) });
    const days = [0, 1, 2, 3, 4].map(
      (d) => computeAccessState({ profile: p, now: new Date(NOW.getTime() + d * DAY) }).daysRemaining,
    );
    expect(days).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('trial warning texts (S1 §4)', () => {
  it.each([
    [1, 'Your free trial ends tomorrow! Upgrade now to continue accessing all features.', true],
    [2, 'Your free trial ends in 2 days. Upgrade now to avoid interruption.', true],
    [3, 'Your free trial ends in 3 days. Upgrade now to avoid interruption.', true],
    [4, 'Your free trial ends in 4 days. Consider upgrading to continue enjoying all features.', false],
    [5, 'Your free trial ends in 5 days. Consider upgrading to continue enjoying all features.', false],
  ])('%i day(s) → quoted text, urgent %s', (days, message, urgent) => {
    expect(trialWarningMessage(days)).toBe(message);
    expect(trialWarning({ isInTrial: true, daysRemaining: days })).toEqual({ daysRemaining: days, message, urgent });
  });

  it.each([0, 6, 14, -1, 2.5])('no warning for %s days', (days) => {
    expect(trialWarningMessage(days)).toBeNull();
    expect(trialWarning({ isInTrial: true, daysRemaining: days })).toBeNull();
  });

  it('no warning outside a trial', () => {
    expect(trialWarning({ isInTrial: false, daysRemaining: null })).toBeNull();
    expect(trialWarning({ isInTrial: false, daysRemaining: 2 })).toBeNull();
  });

  it('works from a computed state', () => {
    const state = computeAccessState({ profile: profile({ trial_ends_at: at(1.5 * DAY) }), now: NOW });
    expect(trialWarning(state)?.message).toBe('Your free trial ends in 2 days. Upgrade now to avoid interruption.');
  });
});
