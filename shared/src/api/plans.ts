/**
 * Plans and what each unlocks (S3 §6 "Plan contents"; S1 §1 plans on the paywall). Routes name the
 * feature they sell with `feature` in their declaration; the route handler refuses the feature with
 * 402 and the plan that unlocks it when the community's plan lacks it. Plain data, no zod: the public
 * pages read it too.
 */

/** The plans' ids (PLAN_NAMES are their display names), cheapest first. A trial has Pro (S1 §1: "a 14-day free trial with all Pro features"). */
export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** A plan that unlocks something (Free unlocks nothing beyond the base). */
export type PaidPlan = Exclude<PlanId, 'free'>;

/**
 * Each sold feature and the cheapest plan that includes it (S3 §6: Pro adds the AI features and
 * real-time analytics to Free; API access, white-label and SSO are Enterprise only). A plan includes
 * every feature of the plans below it.
 */
export const FEATURE_PLAN = {
  ai_agent: 'pro',
  daily_summaries: 'pro',
  message_search: 'pro',
  sentiment_analysis: 'pro',
  networking: 'pro',
  business_opportunities: 'pro',
  red_flags: 'pro',
  realtime_analytics: 'pro',
  export: 'pro',
  custom_summary_scheduling: 'pro',
  multi_community_dashboard: 'enterprise',
  white_label: 'enterprise',
  team_management: 'enterprise',
  api_access: 'enterprise',
  sso: 'enterprise',
} as const satisfies Record<string, PaidPlan>;
export type Feature = keyof typeof FEATURE_PLAN;

/** Whether `plan` includes `feature`. */
export function planIncludes(plan: PlanId, feature: Feature): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(FEATURE_PLAN[feature]);
}

/** The plan a stored `subscription_plan` names: a paid plan we know, 'free' chosen explicitly, else Pro (the one self-serve plan). */
export function planNamed(subscriptionPlan: string | null | undefined): PlanId {
  const name = (subscriptionPlan ?? '').trim().toLowerCase();
  if (name === 'enterprise' || name === 'free') return name;
  return 'pro';
}

/** The text of a 402 for a feature the community's plan lacks. */
export function upgradeMessage(plan: PaidPlan): string {
  return plan === 'enterprise'
    ? 'This feature is available on the Enterprise plan'
    : 'This feature is available on the Pro plan';
}

/** What the plan of an account reads of its access state (S1 §4). */
export interface PlanAccess {
  readonly hasActiveSubscription: boolean;
  readonly hasWhitelistAccess: boolean;
  readonly isInTrial: boolean;
}

/**
 * The plan of an account: its subscription's plan; Pro on an allow-list entry or during the trial;
 * Free otherwise (no profile, or a trial that ended without a plan).
 */
export function planOfAccount(subscriptionPlan: string | null | undefined, access: PlanAccess | null): PlanId {
  if (!access) return 'free';
  if (access.hasActiveSubscription) return planNamed(subscriptionPlan);
  if (access.hasWhitelistAccess || access.isInTrial) return 'pro';
  return 'free';
}
