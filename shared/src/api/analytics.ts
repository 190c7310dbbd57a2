import * as z from 'zod';
import { CommunityParams, RATE_LIMITS, route } from './contract';
import { ANALYTICS_TIME_RANGES, DEFAULT_ANALYTICS_TIME_RANGE } from '../constants';
import {
  ActiveUsersEntrySchema,
  DashboardOverviewSchema,
  EmotionCountSchema,
  LabelCountSchema,
  OverallUrgencySchema,
  TopicClustersSchema,
} from '../schemas/analytics';
import { AlertRuleInputSchema, AlertRuleSchema } from '../schemas/alerts';

/** Longest date range the dashboard reads (a year and a day): its cost grows with the days shown. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const DaySchema = z
  .string()
  .max(10, 'Please enter a valid date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date')
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
  }, 'Please enter a valid date');

/**
 * The dashboard's filter (S2 §2.2): an optional first and last day (inclusive; UTC days). "Today" and
 * the activity hours are in the community's time zone (its summary delivery settings), answered as
 * `time_zone`: the viewer's own zone plays no part.
 */
export const DashboardQuerySchema = z
  .object({
    from: DaySchema.optional(),
    to: DaySchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be before the end date',
    path: ['from'],
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) < DASHBOARD_MAX_RANGE_DAYS * 86_400_000,
    { message: `Please choose at most ${DASHBOARD_MAX_RANGE_DAYS} days`, path: ['to'] },
  );
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

/** The dashboard (S2 §2.2, §9): the overview and the range it covers. */
export const DashboardSchema = DashboardOverviewSchema.extend({
  /** The UTC days read (the filter, or the default window S2 §9 implies: 30 days to the end date, 90 to today). */
  range: z.object({ from: z.string(), to: z.string(), days: z.number().int().positive() }),
  /** Messages in the range. */
  total_messages: z.number().int().nonnegative(),
  /** The divisor of avg_msgs_per_day (S2 §9). */
  avg_divisor_days: z.number().int().positive(),
  /** The community's IANA zone: hours and "today" are in it. */
  time_zone: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** The analytics window (S2 §2.5, S3): 7, 14, 30 or 90 days to the community's today. */
export const InsightsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (ANALYTICS_TIME_RANGES as readonly number[]).includes(d), 'Please choose 7, 14, 30 or 90 days')
    .default(DEFAULT_ANALYTICS_TIME_RANGE),
});
export type InsightsQuery = z.input<typeof InsightsQuerySchema>;

/** One day of the sentiment chart: mean of the scored messages (null with none). */
const SentimentDaySchema = z.object({
  date: z.string(),
  average: z.number().nullable(),
  scored: z.number().int().nonnegative(),
});
/** One day of the toxicity heatmap (S2 §9 tiers; the warning above 0.3). */
const ToxicityDaySchema = z.object({
  date: z.string(),
  average: z.number().nullable(),
  scored: z.number().int().nonnegative(),
  tier: z.enum(['severe', 'high', 'moderate', 'low']),
  warning: z.boolean(),
});

/** The analytics charts' data (S2 §2.5, §9), every series from the day aggregates. */
export const InsightsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), days: z.number().int().positive() }),
  /** The community's IANA zone: the activity hours and the window's last day are in it. */
  time_zone: z.string(),
  total_messages: z.number().int().nonnegative(),
  active_senders: z.number().int().nonnegative(),
  volume: z.array(ActiveUsersEntrySchema),
  active_users: z.array(ActiveUsersEntrySchema),
  sentiment: z.object({
    average: z.number().nullable(),
    labels: z.object({ Positive: z.number().int(), Neutral: z.number().int(), Negative: z.number().int() }),
    by_day: z.array(SentimentDaySchema),
  }),
  emotions: z.array(EmotionCountSchema),
  urgency: z.object({
    high: z.number().int().nonnegative(),
    medium: z.number().int().nonnegative(),
    low: z.number().int().nonnegative(),
    overall: OverallUrgencySchema,
  }),
  /** The top 50 topics, most messages first (the chart's top-N selector cuts it). */
  topics: z.array(LabelCountSchema),
  /** The top 50 keywords, most messages first. */
  keywords: z.array(LabelCountSchema),
  toxicity: z.array(ToxicityDaySchema),
  /** Intents with 'unknown' for messages without one. */
  intents: z.array(LabelCountSchema),
  /** Messages per local hour (24). */
  activity_hours: z.array(z.object({ hour: z.number().int().min(0).max(23), count: z.number().int().nonnegative() })),
});
export type Insights = z.infer<typeof InsightsSchema>;

/** The period of the topic clusters (S2 §7.6 time_range): 7, 14, 30 or 90 days to now. */
export const ClustersQuerySchema = z.object({
  days: InsightsQuerySchema.shape.days,
});
/** An analytics period in a JSON body: 7, 14, 30 or 90. */
const RangeDaysSchema = z
  .number({ error: 'Please choose 7, 14, 30 or 90 days' })
  .int('Please choose 7, 14, 30 or 90 days')
  .refine((d) => (ANALYTICS_TIME_RANGES as readonly number[]).includes(d), 'Please choose 7, 14, 30 or 90 days');
export const ClustersBodySchema = z.object({ days: RangeDaysSchema.default(DEFAULT_ANALYTICS_TIME_RANGE) });

/** The tabs of Enhanced Analytics (S3 §2), as events name them. */
export const ENHANCED_ANALYTICS_TABS = ['sentiment', 'topics', 'intent', 'ai_insights', 'members'] as const;
export type EnhancedAnalyticsTab = (typeof ENHANCED_ANALYTICS_TABS)[number];

/**
 * A usage event of an analytics screen (S3 §2 Enhanced Analytics: "a page-view event and tab-change
 * and time-range events are logged"): counted per community and day, and logged.
 */
export const AnalyticsEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('page_view'), page: z.enum(['enhanced_analytics', 'analytics']) }),
  z.object({
    event: z.literal('tab_change'),
    page: z.literal('enhanced_analytics'),
    tab: z.enum(ENHANCED_ANALYTICS_TABS, 'Unknown tab'),
  }),
  z.object({
    event: z.literal('time_range_change'),
    page: z.enum(['enhanced_analytics', 'analytics']),
    days: RangeDaysSchema,
  }),
], 'Unknown event');
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const analyticsRoutes = {
  getDashboard: route({
    method: 'GET',
    path: '/api/communities/{communityId}/analytics/dashboard',
    auth: 'member',
    area: 'analytics',
    requires: 'active-plan',
    summary:
      'The dashboard (S2 §2.2, §9): the five stat figures, active users per day, activity by local hour, leaderboard, recent messages, for a range of UTC days (`from`, `to`, inclusive) and the viewer zone `tz`; read from the day aggregates.',
    params: CommunityParams,
    query: DashboardQuerySchema,
    response: DashboardSchema,
  }),
  getInsights: route({
    method: 'GET',
    path: '/api/communities/{communityId}/analytics/insights',
    auth: 'member',
    area: 'analytics',
    requires: 'active-plan',
    feature: 'sentiment_analysis',
    summary:
      'The analytics charts (S2 §2.5, §9): volume, sentiment, emotions, urgency, topics, keywords, toxicity, intents and activity hours over the last `days` (7, 14, 30, 90) in zone `tz`; read from the day aggregates.',
    params: CommunityParams,
    query: InsightsQuerySchema,
    response: InsightsSchema,
  }),
  getTopicClusters: route({
    method: 'GET',
    path: '/api/communities/{communityId}/analytics/clusters',
    auth: 'member',
    area: 'analytics',
    requires: 'active-plan',
    feature: 'sentiment_analysis',
    summary:
      'The stored topic clusters of the last `days` (7, 14, 30, 90; S2 §7.6 get-clusters), or null before the first Generate.',
    params: CommunityParams,
    query: ClustersQuerySchema,
    response: z.object({ result: TopicClustersSchema.nullable() }),
  }),
  generateTopicClusters: route({
    method: 'POST',
    path: '/api/communities/{communityId}/analytics/clusters',
    auth: 'member',
    area: 'analytics',
    requires: 'active-plan',
    feature: 'sentiment_analysis',
    rateLimit: RATE_LIMITS.ai,
    uses: { ai: ['chat'], search: 'read' },
    summary:
      "Generates and stores the topic clusters of the last `days` (S2 §7.6 generate-clusters): the period's embedded messages (the latest 2,000) clustered by meaning (k-means), projected to 2-D (PCA), each cluster labelled by the AI provider.",
    params: CommunityParams,
    body: ClustersBodySchema,
    response: TopicClustersSchema,
  }),
  recordAnalyticsEvent: route({
    method: 'POST',
    path: '/api/communities/{communityId}/analytics/events',
    auth: 'member',
    area: 'analytics',
    rateLimit: RATE_LIMITS.events,
    status: 202,
    summary:
      'Records a usage event of an analytics screen (S3 §2: page view, tab change, time range change): counted per community and UTC day, and logged.',
    params: CommunityParams,
    body: AnalyticsEventSchema,
    response: z.object({ recorded: z.literal(true) }),
  }),
  getAlertRule: route({
    method: 'GET',
    path: '/api/communities/{communityId}/alert-rule',
    auth: 'admin',
    area: 'analytics',
    requires: 'active-plan',
    feature: 'red_flags',
    summary:
      "Customize Alerts (S3 Home dashboard): the community's alert rule (on/off, high-urgency and toxic messages, at most N per hour, the admin's WhatsApp number), or the defaults (off, 5 per hour, the admin's own phone) until saved.",
    params: CommunityParams,
    response: AlertRuleSchema,
  }),
  saveAlertRule: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/alert-rule',
    auth: 'admin',
    area: 'analytics',
    requires: 'active-plan',
    feature: 'red_flags',
    summary:
      'Saves the alert rule: from the next message, a high-urgency message or one whose toxicity is above 0.3 sends one WhatsApp alert to the number, at most `max_per_hour` (1–60) per community per hour. A rule that is on needs a valid phone and at least one kind of message.',
    params: CommunityParams,
    body: AlertRuleInputSchema,
    response: AlertRuleSchema,
  }),
};
