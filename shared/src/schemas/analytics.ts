import * as z from 'zod';
import { ANALYTICS_TIME_RANGES, EMOTIONS, INTENTS, OVERALL_URGENCY_LEVELS, UNKNOWN_INTENT } from '../constants';
import { MessageSchema } from './messages';

/** Analytics window in days (S3 §2, §9); 30 by default. */
export const AnalyticsTimeRangeSchema = z.literal(ANALYTICS_TIME_RANGES);
export type AnalyticsTimeRange = (typeof ANALYTICS_TIME_RANGES)[number];

/** Overall urgency status (S2 §9): normal when there are no messages. */
export const OverallUrgencySchema = z.enum(OVERALL_URGENCY_LEVELS);
export type OverallUrgency = z.infer<typeof OverallUrgencySchema>;
/** Sentiment label (S2 §9). */
export const SentimentLabelSchema = z.enum(['Positive', 'Neutral', 'Negative']);
export type SentimentLabel = z.infer<typeof SentimentLabelSchema>;
/** Intent label on charts: an intent, or 'unknown' for a missing one (S2 §9). */
export const IntentLabelSchema = z.enum([...INTENTS, UNKNOWN_INTENT]);
export type IntentLabel = z.infer<typeof IntentLabelSchema>;

/** Topic cluster result (S2 §3): cluster name → message texts, and when it was computed. */
export const TopicClusterResultSchema = z.object({
  clusters: z.record(z.string(), z.array(z.string())),
  created_at: z.string(),
});
export type TopicClusterResult = z.infer<typeof TopicClusterResultSchema>;

/** A message shown as an example of a topic cluster (the one nearest its centre first). */
export const ClusterExampleSchema = z.object({
  msg_id: z.string(),
  timestamp: z.string(),
  text: z.string(),
  sender_name: z.string().nullable(),
});
export type ClusterExample = z.infer<typeof ClusterExampleSchema>;

/**
 * One topic cluster (S2 §2.5 AI Insight Explorer): messages close in meaning, its label, its most
 * distinctive keywords, examples, and its centre on the 2-D semantic map.
 */
export const TopicClusterSchema = z.object({
  /** 0 = the largest cluster. */
  id: z.number().int().nonnegative(),
  label: z.string(),
  size: z.number().int().positive(),
  keywords: z.array(z.string()),
  examples: z.array(ClusterExampleSchema),
  x: z.number(),
  y: z.number(),
});
export type TopicCluster = z.infer<typeof TopicClusterSchema>;

/**
 * Stored topic clusters of a period (S2 §3 topic cluster result, S2 §7.6 get-clusters /
 * generate-clusters): the clusters, largest first, with map points of their messages.
 */
export const TopicClustersSchema = z.object({
  days: AnalyticsTimeRangeSchema,
  created_at: z.string(),
  /** Who labelled the clusters: the local model (keywords) or Bedrock. */
  provider: z.enum(['local', 'bedrock']),
  /** Messages clustered (embedded messages of the period, at most CLUSTERS_MAX_MESSAGES, the latest). */
  message_count: z.number().int().nonnegative(),
  clusters: z.array(TopicClusterSchema),
  /** Messages on the 2-D map (a sample per cluster): cluster id and coordinates. */
  points: z.array(z.object({ cluster: z.number().int().nonnegative(), x: z.number(), y: z.number() })),
});
export type TopicClusters = z.infer<typeof TopicClustersSchema>;

/** LinkedIn enrichment statistics of a community (S2 §3). */
export const EnrichmentStatsSchema = z.object({
  enriched_members: z.number().int().nonnegative(),
  total_members: z.number().int().nonnegative(),
  enrichment_percentage: z.number().min(0).max(100),
  decision_makers: z.number().int().nonnegative(),
  total_estimated_budget: z.number(),
  avg_revenue_potential: z.number(),
  total_referral_value: z.number(),
  unique_skills: z.number().int().nonnegative(),
  high_influence_members: z.number().int().nonnegative(),
});
export type EnrichmentStats = z.infer<typeof EnrichmentStatsSchema>;

/** Derived enrichment state of a member (S3 §4). */
export const EnrichmentStateSchema = z.enum(['enriched', 'pending', 'no_linkedin']);
export type EnrichmentState = z.infer<typeof EnrichmentStateSchema>;

/** LinkedIn enrichment request (S2 §7): batch size 1 for one member, 5 for a batch. */
export const EnrichmentRequestSchema = z.object({
  member_ids: z.array(z.string()).min(1, 'Please select members to enrich'),
  community_id: z.string(),
  batch_mode: z.boolean(),
  batch_size: z.number().int().positive(),
  force_refresh: z.boolean().default(false),
});
export type EnrichmentRequest = z.infer<typeof EnrichmentRequestSchema>;

/** LinkedIn enrichment response (S2 §7). */
export const EnrichmentResponseSchema = z.object({
  success: z.boolean(),
  processed: z.number().int().nonnegative(),
  total_requested: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      member_id: z.string(),
      success: z.boolean(),
      error: z.string().nullable().optional(),
    }),
  ),
  error: z.string().nullable().optional(),
});
export type EnrichmentResponse = z.infer<typeof EnrichmentResponseSchema>;

/** A leaderboard entry of the dashboard (S2 §3). */
export const LeaderboardEntrySchema = z.object({
  Sender_name: z.string().nullable(),
  cnt: z.number().int().nonnegative(),
  sender_hash: z.string().nullable(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** One day of the "Active Users Over Time" chart (S2 §3). */
export const ActiveUsersEntrySchema = z.object({
  /** yyyy-MM-dd. */
  date: z.string(),
  count: z.number().int().nonnegative(),
});
export type ActiveUsersEntry = z.infer<typeof ActiveUsersEntrySchema>;

/** One local hour of the "Activity Hours" chart (S2 §2: 24 buckets). */
export const ActivityHourSchema = z.object({
  hour: z.number().int().min(0).max(23),
  count: z.number().int().nonnegative(),
});
export type ActivityHour = z.infer<typeof ActivityHourSchema>;

/** A recent message on the dashboard (S2 §7.4 fields). */
export const RecentMessageSchema = MessageSchema.pick({
  msg_id: true,
  Sender_name: true,
  content: true,
  timestamp: true,
  urgency: true,
  sentiment: true,
  sender_hash: true,
});
export type RecentMessage = z.infer<typeof RecentMessageSchema>;

/** Dashboard overview (S2 §3), computed on the server from aggregates. */
export const DashboardOverviewSchema = z.object({
  total_members: z.number().int().nonnegative(),
  messages_today: z.number().int().nonnegative(),
  /** Mean sentiment, null when nothing is scored. */
  avg_sentiment: z.number().nullable(),
  high_urgency_pct: z.number().min(0).max(100),
  avg_msgs_per_day: z.number().nonnegative(),
  admin_name: z.string().nullable(),
  leaderboard: z.array(LeaderboardEntrySchema),
  recent_messages: z.array(RecentMessageSchema),
  activity_hours: z.array(ActivityHourSchema),
  active_users_over_time: z.array(ActiveUsersEntrySchema),
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;

/** Count per label, e.g. emotions, urgency, intents, topics (S2 §2 charts). */
export const LabelCountSchema = z.object({ label: z.string(), count: z.number().int().nonnegative() });
export type LabelCount = z.infer<typeof LabelCountSchema>;

/** Emotion distribution entry (S2 §9 emotions). */
export const EmotionCountSchema = z.object({ emotion: z.enum(EMOTIONS), count: z.number().int().nonnegative() });
export type EmotionCount = z.infer<typeof EmotionCountSchema>;
