import type { AccessState, AccessWhitelist } from '../schemas/access';
import type { Profile } from '../schemas/profiles';
import { ONE_DAY_MS, TRIAL_URGENT_MAX_DAYS, TRIAL_WARNING_MAX_DAYS } from '../constants';

/** The profile fields the trial state reads. */
export type TrialProfile = Pick<Profile, 'subscription_status' | 'subscription_plan' | 'trial_ends_at'>;

function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** An allow-list entry counts only when active and not expired (S1 §4). */
export function isWhitelistValid(entry: Pick<AccessWhitelist, 'is_active' | 'expires_at'> | null | undefined, now: Date): boolean {
  if (!entry || entry.is_active !== true) return false;
  if (!entry.expires_at) return true;
  const expires = parseTime(entry.expires_at);
  // An unreadable expiry cannot prove the entry is still valid.
  return expires !== null && expires > now.getTime();
}

/** Active subscription: status active, or any plan set (S1 §4). */
export function hasActiveSubscription(profile: Pick<Profile, 'subscription_status' | 'subscription_plan'> | null | undefined): boolean {
  if (!profile) return false;
  return profile.subscription_status === 'active' || Boolean(profile.subscription_plan && profile.subscription_plan.trim());
}

/**
 * Trial and access state (S1 §4 "Trial state"). Subscription or valid allow-list: no trial, no
 * expiry. Otherwise no end date or an end at or before `now` is expired; a later end is in trial
 * with the remaining days rounded up. Blocked when expired without subscription or allow-list.
 */
export function computeAccessState(input: {
  profile: TrialProfile | null | undefined;
  whitelist?: Pick<AccessWhitelist, 'is_active' | 'expires_at'> | null;
  now: Date;
}): AccessState {
  const { profile, whitelist, now } = input;
  const subscribed = hasActiveSubscription(profile);
  const whitelisted = isWhitelistValid(whitelist, now);
  const trialEndsAt = profile?.trial_ends_at ?? null;
  if (subscribed || whitelisted) {
    return {
      hasActiveSubscription: subscribed,
      hasWhitelistAccess: whitelisted,
      isInTrial: false,
      isExpired: false,
      daysRemaining: null,
      trialEndsAt,
      isBlocked: false,
    };
  }
  const end = parseTime(trialEndsAt);
  const remainingMs = end === null ? 0 : end - now.getTime();
  const inTrial = remainingMs > 0;
  return {
    hasActiveSubscription: false,
    hasWhitelistAccess: false,
    isInTrial: inTrial,
    isExpired: !inTrial,
    daysRemaining: inTrial ? Math.ceil(remainingMs / ONE_DAY_MS) : null,
    trialEndsAt,
    isBlocked: !inTrial,
  };
}

/** The trial warning of the header (S1 §4). */
export interface TrialWarning {
  daysRemaining: number;
  message: string;
  /** Urgent at 3 days or fewer: '50% OFF Limited Time!' badge and upgrade button (S1 §2). */
  urgent: boolean;
}

/** The warning text for a number of remaining days, exactly as S1 §4 quotes it; null outside 1-5. */
export function trialWarningMessage(daysRemaining: number): string | null {
  if (!Number.isInteger(daysRemaining) || daysRemaining < 1 || daysRemaining > TRIAL_WARNING_MAX_DAYS) return null;
  if (daysRemaining === 1) return 'Your free trial ends tomorrow! Upgrade now to continue accessing all features.';
  if (daysRemaining <= 3) return `Your free trial ends in ${daysRemaining} days. Upgrade now to avoid interruption.`;
  return `Your free trial ends in ${daysRemaining} days. Consider upgrading to continue enjoying all features.`;
}

/** The trial warning for an access state: shown in trial with 1 to 5 days left (S1 §4). */
export function trialWarning(state: Pick<AccessState, 'isInTrial' | 'daysRemaining'>): TrialWarning | null {
  if (!state.isInTrial || state.daysRemaining === null) return null;
  const message = trialWarningMessage(state.daysRemaining);
  if (message === null) return null;
  return { daysRemaining: state.daysRemaining, message, urgent: state.daysRemaining <= TRIAL_URGENT_MAX_DAYS };
}
