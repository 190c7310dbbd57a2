import * as z from 'zod';
import { OPPORTUNITY_SORT_OPTIONS, OPPORTUNITY_SOURCE_FILTERS } from '../constants';

/** Opportunity types (S3 §3). */
export const OpportunityTypeSchema = z.enum([
  'deal',
  'partnership',
  'service_request',
  'investment',
  'collaboration',
  'job_referral',
  'talent_placement',
]);
export type OpportunityType = z.infer<typeof OpportunityTypeSchema>;
/** Opportunity urgency levels (S3 §3). */
export const OpportunityUrgencySchema = z.enum(['urgent', 'high', 'medium', 'low']);
export type OpportunityUrgency = z.infer<typeof OpportunityUrgencySchema>;

/** The member joined to an opportunity (S3 §3). */
export const OpportunityMemberSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  /** Shown in the member dialog beside why they were matched. */
  job_role: z.string().nullable().optional(),
});
export type OpportunityMember = z.infer<typeof OpportunityMemberSchema>;

/** Extra details of an opportunity (S3 §3 metadata). */
export const OpportunityMetadataSchema = z.object({
  /** Where it came from, e.g. 'dealtomat' (S3 §2 source filter). */
  source: z.string().nullable().optional(),
  normalized_phone: z.string().nullable().optional(),
  commission_estimate: z.number().nullable().optional(),
  action_items: z.array(z.string()).optional(),
  /** Right-to-left Hebrew intro script. */
  intro_script: z.string().nullable().optional(),
  /** Why the matched member fits (their profile words that meet the request). */
  match_reason: z.string().nullable().optional(),
  /** The sender's number is not a registered member's (S3 'unregistered-phone note'). */
  unregistered_phone: z.boolean().optional(),
  /** Who asked, as the group shows them. */
  requester_name: z.string().nullable().optional(),
});
export type OpportunityMetadata = z.infer<typeof OpportunityMetadataSchema>;

/** A detected business opportunity (S3 §3). */
export const BusinessOpportunitySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  opportunity_type: OpportunityTypeSchema,
  /** Amount in shekels; null shows 'TBD'. */
  estimated_value: z.number().nullable(),
  confidence_score: z.number().min(0).max(1),
  urgency_level: OpportunityUrgencySchema,
  /** null shows 'No timeline'. */
  timeline_days: z.number().int().nonnegative().nullable(),
  status: z.string(),
  tags: z.array(z.string()).default([]),
  created_at: z.string(),
  /** May be empty when no registered member matched. */
  member_id: z.string().nullable(),
  community_id: z.string(),
  metadata: OpportunityMetadataSchema.default({}),
  member: OpportunityMemberSchema.nullable(),
  /** The group messages it was found in (every opportunity cites at least one). */
  source_messages: z.array(
    z.object({
      msg_id: z.string(),
      timestamp: z.string(),
      sender_name: z.string().nullable(),
      /** The message's words, cut. */
      excerpt: z.string(),
    }),
  ),
});
export type BusinessOpportunity = z.infer<typeof BusinessOpportunitySchema>;

/** One side of a partnership match (S3 §3 "name and company"). */
export const PartnerMemberSchema = z.object({
  id: z.string().optional(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
});
export type PartnerMember = z.infer<typeof PartnerMemberSchema>;

/** A strategic partnership match between two members (S3 §3). */
export const PartnershipMatchSchema = z.object({
  id: z.string(),
  compatibility_score: z.number().min(0).max(1),
  opportunity_type: z.string(),
  /** Amount in dollars. */
  estimated_value: z.number().nullable(),
  match_reason: z.string().nullable(),
  /** 'suggested' or another status (S3 §4). */
  status: z.string(),
  member_a: PartnerMemberSchema,
  member_b: PartnerMemberSchema,
  community_id: z.string(),
});
export type PartnershipMatch = z.infer<typeof PartnershipMatchSchema>;

/** Business intelligence summary per community (S3 §3). */
export const BusinessIntelligenceSummarySchema = z.object({
  total_opportunities: z.number().int().nonnegative(),
  new_opportunities: z.number().int().nonnegative(),
  total_estimated_value: z.number(),
  total_partnership_matches: z.number().int().nonnegative(),
  new_partnership_matches: z.number().int().nonnegative(),
  active_opportunities: z.number().int().nonnegative(),
});
export type BusinessIntelligenceSummary = z.infer<typeof BusinessIntelligenceSummarySchema>;

/** A market gap of the market intelligence result (S3 §3). */
export const MarketGapSchema = z.object({
  gap_type: z.string(),
  priority: z.string(),
  description: z.string(),
  potential_value: z.number().nullable(),
});
export type MarketGap = z.infer<typeof MarketGapSchema>;

/** A recommendation of the market intelligence result (S3 §3). */
export const MarketRecommendationSchema = z.object({
  title: z.string(),
  description: z.string(),
  impact: z.string(),
});
export type MarketRecommendation = z.infer<typeof MarketRecommendationSchema>;

/** Market intelligence result (S3 §3). */
export const MarketIntelligenceResultSchema = z.object({
  summary: z.object({
    total_opportunities: z.number().int().nonnegative(),
    total_value: z.number(),
    unique_skills: z.number().int().nonnegative(),
  }),
  insights: z.object({
    market_gaps: z.array(MarketGapSchema),
    recommendations: z.array(MarketRecommendationSchema),
    /** Skill or expertise → number of members. */
    expertise_distribution: z.record(z.string(), z.number()),
  }),
});
export type MarketIntelligenceResult = z.infer<typeof MarketIntelligenceResultSchema>;

/** Response of a business analysis run (S3 §7). */
export const BusinessAnalysisResultSchema = z.object({
  opportunities_found: z.number().int().nonnegative(),
  matches_found: z.number().int().nonnegative(),
});
export type BusinessAnalysisResult = z.infer<typeof BusinessAnalysisResultSchema>;

/** Admin sort of the opportunities list (S3 §2: Newest, Oldest, Highest Value, Confidence). */
export const OpportunitySortSchema = z.enum(OPPORTUNITY_SORT_OPTIONS);
export type OpportunitySort = z.infer<typeof OpportunitySortSchema>;
/** Admin source filter (S3 §2: All Sources, Dealtomat, Matched Members, Unmatched). */
export const OpportunitySourceFilterSchema = z.enum(OPPORTUNITY_SOURCE_FILTERS);
export type OpportunitySourceFilter = z.infer<typeof OpportunitySourceFilterSchema>;

/** A background business analysis of one period (Run Analysis) and its progress. */
export const BiRunSchema = z.object({
  id: z.string(),
  community_id: z.string(),
  /** The period analysed: messages from `period_start` (inclusive) to `period_end` (exclusive). */
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  stage: z.enum(['queued', 'opportunities', 'partnerships', 'done']),
  /** Messages read so far and in all. */
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  opportunities_found: z.number().int().nonnegative(),
  matches_found: z.number().int().nonnegative(),
  /** 'local' or 'bedrock': the UI says "local model" for the first. */
  ai_provider: z.enum(['local', 'bedrock']).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BiRun = z.infer<typeof BiRunSchema>;

// LinkedIn enrichment (S3 §2 'LinkedIn Enrichment panel', §4, §9; docs/business-intelligence.md)

/** What one member's enrichment came to in a job. */
export const EnrichmentOutcomeSchema = z.enum(['enriched', 'not_found', 'no_linkedin', 'failed']);
export type EnrichmentOutcome = z.infer<typeof EnrichmentOutcomeSchema>;

/** An enrichment job (one member or a bulk selection) and its progress. */
export const EnrichmentJobSchema = z.object({
  id: z.string(),
  community_id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** The members asked for, in order. */
  member_ids: z.array(z.string()),
  /** Members worked so far and in all. */
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  enriched: z.number().int().nonnegative(),
  not_found: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Per member: what came of it. */
  results: z.record(z.string(), EnrichmentOutcomeSchema),
  force_refresh: z.boolean(),
  /** 'fixtures' (the local public-profile fixtures) or 'peopledatalabs'. */
  provider: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EnrichmentJob = z.infer<typeof EnrichmentJobSchema>;

/** A member as the enrichment panel shows them (S3 §2 profile card). */
export const EnrichmentMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  job_role: z.string().nullable(),
  role_level: z.string().nullable(),
  linkedin_profile_url: z.string().nullable(),
  linkedin_enriched_at: z.string().nullable(),
  linkedin_headline: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  skills: z.array(z.string()),
  decision_authority: z.boolean().nullable(),
  influence_level: z.string().nullable(),
  revenue_potential_score: z.number().nullable(),
  estimated_budget_authority: z.number().nullable(),
  referral_value: z.number().nullable(),
});
export type EnrichmentMember = z.infer<typeof EnrichmentMemberSchema>;
