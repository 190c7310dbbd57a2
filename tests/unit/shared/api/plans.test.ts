import { describe, expect, it } from 'vitest';
import { FEATURE_PLAN, planIncludes, planOfAccount, routes, type AnyRoute } from '@kehila/shared';

const access = (
  over: Partial<{ hasActiveSubscription: boolean; hasWhitelistAccess: boolean; isInTrial: boolean }>,
) => ({
  hasActiveSubscription: false,
  hasWhitelistAccess: false,
  isInTrial: false,
  ...over,
});

describe('plan entitlements (S3 §6)', () => {
  it('Free has no AI feature; Pro has the AI features but not the Enterprise-only ones; Enterprise has all', () => {
    expect(planIncludes('free', 'daily_summaries')).toBe(false);
    expect(planIncludes('free', 'message_search')).toBe(false);
    expect(planIncludes('pro', 'daily_summaries')).toBe(true);
    expect(planIncludes('pro', 'ai_agent')).toBe(true);
    for (const only of ['api_access', 'white_label', 'sso'] as const) {
      expect(planIncludes('pro', only)).toBe(false);
      expect(planIncludes('enterprise', only)).toBe(true);
    }
    for (const feature of Object.keys(FEATURE_PLAN) as (keyof typeof FEATURE_PLAN)[]) {
      expect(planIncludes('enterprise', feature)).toBe(true);
    }
  });

  it('a trial and an allow-list entry count as Pro; a chosen or lapsed Free is Free; a paid plan is its own', () => {
    expect(planOfAccount(null, access({ isInTrial: true }))).toBe('pro');
    expect(planOfAccount(null, access({ hasWhitelistAccess: true }))).toBe('pro');
    expect(planOfAccount('free', access({ hasActiveSubscription: true }))).toBe('free');
    expect(planOfAccount(null, access({}))).toBe('free');
    expect(planOfAccount(null, null)).toBe('free');
    expect(planOfAccount('Enterprise', access({ hasActiveSubscription: true }))).toBe('enterprise');
    expect(planOfAccount('pro', access({ hasActiveSubscription: true }))).toBe('pro');
    // A subscription whose status is active but names no plan is the one self-serve plan.
    expect(planOfAccount(null, access({ hasActiveSubscription: true }))).toBe('pro');
  });

  it('every route that sells a feature is a paid community route, and the AI routes sell one', () => {
    const all = Object.entries(routes) as [string, AnyRoute][];
    for (const [name, r] of all.filter(([, r]) => r.feature)) {
      expect(r.requires, name).toBe('active-plan');
      expect(r.path, name).toContain('{communityId}');
    }
    for (const [name, r] of all.filter(([, r]) => r.uses?.ai?.includes('chat'))) {
      expect(r.feature, `${name} uses the chat model`).toBeDefined();
    }
  });
});
