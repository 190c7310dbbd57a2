import * as z from 'zod';
import { CommunityParams, IdSchema, RATE_LIMITS, route } from './contract';
import { HOME_OPPORTUNITIES_FETCHED, OPPORTUNITIES_LIMIT, PARTNERSHIP_MATCHES_LIMIT } from '../constants';
import {
  BiRunSchema,
  BusinessIntelligenceSummarySchema,
  EnrichmentJobSchema,
  EnrichmentMemberSchema,
  BusinessOpportunitySchema,
  MarketIntelligenceResultSchema,
  OpportunitySortSchema,
  OpportunitySourceFilterSchema,
  PartnershipMatchSchema,
} from '../schemas/bi';

/** S3 §6: what a member who is not an admin is told on delete. */
export const OPPORTUNITY_DELETE_REFUSED = 'Only community admins can delete opportunities';
/** What a member who is not an admin is told when sorting or filtering (S3 §6: admin-only controls; our words). */
export const OPPORTUNITY_SORT_REFUSED = 'Only community admins can sort and filter opportunities';

/** The stat cards and the latest run (S3 §3 business intelligence summary). */
export const BiOverviewSchema = z.object({
  summary: BusinessIntelligenceSummarySchema,
  /** The latest Run Analysis, or null before the first. */
  run: BiRunSchema.nullable(),
});
export type BiOverview = z.infer<typeof BiOverviewSchema>;

/** A generated market intelligence result and the period it covers. */
export const MarketIntelligenceSchema = MarketIntelligenceResultSchema.extend({
  generated_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
});
export type MarketIntelligence = z.infer<typeof MarketIntelligenceSchema>;

/** What a member who is not an admin is told by the enrichment routes (S3 gives no words; ours). */
export const ENRICHMENT_REFUSED = 'Only community admins can enrich member profiles';
/** A second enrichment while one is queued or running (S3 §2: Enrich is disabled while a run is in progress; our words). */
export const ENRICHMENT_BUSY = 'An enrichment is already in progress';
/** Most members one enrichment takes (S2 §9 prices enrichment per 1,000 profiles). */
export const ENRICHMENT_MAX_MEMBERS = 1000;

/** The enrichment panel: every member with their enrichment fields, the latest job and the provider. */
export const EnrichmentPanelSchema = z.object({
  members: z.array(EnrichmentMemberSchema),
  /** The community's latest enrichment job, or null before the first. */
  job: EnrichmentJobSchema.nullable(),
  /** 'fixtures' (local public-profile fixtures that ship with the project) or 'peopledatalabs'. */
  provider: z.string(),
});
export type EnrichmentPanel = z.infer<typeof EnrichmentPanelSchema>;

/** The path of one analysis run. */
export const BiRunParams = CommunityParams.extend({ runId: IdSchema });
/** The path of one opportunity. */
export const OpportunityParams = CommunityParams.extend({ opportunityId: IdSchema });
/** The path of one member's enrichment. */
export const EnrichMemberParams = CommunityParams.extend({ memberId: IdSchema });
/** The path of one enrichment job. */
export const EnrichmentJobParams = CommunityParams.extend({ jobId: IdSchema });

/** Enrichment is the admins' (S3 shows its permission behaviour nowhere; a paid lookup per member is theirs to spend). */
const enrichment = {
  auth: 'admin',
  refusal: ENRICHMENT_REFUSED,
  requires: 'active-plan',
  feature: 'business_opportunities',
  area: 'bi',
} as const;

const opportunities = { requires: 'active-plan', feature: 'business_opportunities', area: 'bi' } as const;

export const biRoutes = {
  getBiOverview: route({
    method: 'GET',
    path: '/api/communities/{communityId}/bi/overview',
    auth: 'member',
    ...opportunities,
    summary: 'The four stat cards (S3 §3 business intelligence summary) and the latest Run Analysis with its progress.',
    params: CommunityParams,
    response: BiOverviewSchema,
  }),
  startBiAnalysis: route({
    method: 'POST',
    path: '/api/communities/{communityId}/bi/runs',
    auth: 'member',
    ...opportunities,
    rateLimit: RATE_LIMITS.ai,
    uses: { queues: ['bi'] },
    status: 202,
    summary:
      "Run Analysis (S3 §7 business-opportunity-analyzer and partnership-matcher): queues the analysis of the last 30 days' messages as a background job; idempotent per period (the same hour answers the same run).",
    params: CommunityParams,
    response: BiRunSchema,
  }),
  getBiRun: route({
    method: 'GET',
    path: '/api/communities/{communityId}/bi/runs/{runId}',
    auth: 'member',
    ...opportunities,
    summary: 'The progress and outcome of one Run Analysis.',
    params: BiRunParams,
    response: BiRunSchema,
  }),
  listOpportunities: route({
    method: 'GET',
    path: '/api/communities/{communityId}/opportunities',
    auth: 'member',
    ...opportunities,
    summary: `Detected business opportunities with their matched member and cited messages (S3 §7: at most ${OPPORTUNITIES_LIMIT}); sort and source filter are admins' only (403 otherwise).`,
    params: CommunityParams,
    query: z.object({
      sort: OpportunitySortSchema.default('newest'),
      source: OpportunitySourceFilterSchema.default('all'),
    }),
    response: z.object({ items: z.array(BusinessOpportunitySchema), total: z.number().int().nonnegative() }),
  }),
  hotOpportunities: route({
    method: 'GET',
    path: '/api/communities/{communityId}/opportunities/hot',
    auth: 'member',
    ...opportunities,
    summary: `Home 'Hot Opportunities' (S3 §7, §9): confidence at least 0.7, newest first, at most ${HOME_OPPORTUNITIES_FETCHED}, with the count of all such.`,
    params: CommunityParams,
    response: z.object({ items: z.array(BusinessOpportunitySchema), count: z.number().int().nonnegative() }),
  }),
  deleteOpportunity: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/opportunities/{opportunityId}',
    auth: 'admin',
    refusal: OPPORTUNITY_DELETE_REFUSED,
    ...opportunities,
    summary:
      "Deletes an opportunity (S3 §6: admins only, 'Only community admins can delete opportunities'); later runs never bring it back.",
    params: OpportunityParams,
    response: z.object({ deleted: z.number().int().nonnegative() }),
  }),
  listPartnerships: route({
    method: 'GET',
    path: '/api/communities/{communityId}/partnerships',
    auth: 'member',
    requires: 'active-plan',
    feature: 'networking',
    area: 'bi',
    summary: `Strategic Partnership Matches of the latest run, most compatible first (S3 §7: at most ${PARTNERSHIP_MATCHES_LIMIT}).`,
    params: CommunityParams,
    response: z.object({ items: z.array(PartnershipMatchSchema) }),
  }),
  getMarketIntelligence: route({
    method: 'GET',
    path: '/api/communities/{communityId}/bi/market-intelligence',
    auth: 'member',
    ...opportunities,
    summary: 'The last generated market intelligence (S3 §3), or null before the first.',
    params: CommunityParams,
    response: z.object({ result: MarketIntelligenceSchema.nullable() }),
  }),
  generateMarketIntelligence: route({
    method: 'POST',
    path: '/api/communities/{communityId}/bi/market-intelligence',
    auth: 'member',
    ...opportunities,
    rateLimit: RATE_LIMITS.ai,
    summary:
      'Market Intel (S3 §7 market-intelligence, 30-day period): totals, unique skills, market gaps, recommendations and the expertise distribution, from the opportunities and member profiles.',
    params: CommunityParams,
    response: MarketIntelligenceSchema,
  }),
  getEnrichmentPanel: route({
    method: 'GET',
    path: '/api/communities/{communityId}/bi/enrichment',
    ...enrichment,
    summary:
      "The LinkedIn enrichment panel (S3 §2): every active member with their enrichment fields, the community's latest enrichment job with its progress, and which provider enriches.",
    params: CommunityParams,
    response: EnrichmentPanelSchema,
  }),
  enrichMember: route({
    method: 'POST',
    path: '/api/communities/{communityId}/bi/enrichment/members/{memberId}',
    ...enrichment,
    rateLimit: RATE_LIMITS.ai,
    uses: { queues: ['enrichment'] },
    status: 202,
    summary:
      'Enrich or Re-enrich one member (S3 §2): queues a job of that member; 404 for a member of no such id, 409 while another enrichment is in progress.',
    params: EnrichMemberParams,
    response: EnrichmentJobSchema,
  }),
  enrichMembers: route({
    method: 'POST',
    path: '/api/communities/{communityId}/bi/enrichment',
    ...enrichment,
    rateLimit: RATE_LIMITS.ai,
    uses: { queues: ['enrichment'] },
    status: 202,
    summary: `Enrich Selected or Enrich All (S3 §2, §5): queues a job of the chosen members (at most ${ENRICHMENT_MAX_MEMBERS}); \`only_pending\` keeps only members with a LinkedIn URL and no enrichment date ('No members need enrichment' when none is left); 409 while another enrichment is in progress.`,
    params: CommunityParams,
    body: z.object({
      member_ids: z
        .array(IdSchema)
        .min(1, 'Please select members to enrich')
        .max(ENRICHMENT_MAX_MEMBERS, `At most ${ENRICHMENT_MAX_MEMBERS} members can be enriched at once`),
      /** Enrich All: leave out members already enriched or without a LinkedIn URL (S3 §5). */
      only_pending: z.boolean().default(false),
    }),
    response: EnrichmentJobSchema,
  }),
  getEnrichmentJob: route({
    method: 'GET',
    path: '/api/communities/{communityId}/bi/enrichment/jobs/{jobId}',
    ...enrichment,
    summary: 'The progress and outcome of one enrichment job (members worked, enriched, not found, failed).',
    params: EnrichmentJobParams,
    response: EnrichmentJobSchema,
  }),
};
