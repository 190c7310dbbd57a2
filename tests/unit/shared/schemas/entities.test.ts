import { describe, expect, it } from 'vitest';
import {
  AccessWhitelistSchema,
  ActionSchema,
  BusinessIntelligenceSummarySchema,
  BusinessOpportunitySchema,
  CommunityInviteSchema,
  CommunitySchema,
  ConsentRecordSchema,
  DashboardOverviewSchema,
  DirectoryLinkSchema,
  DirectoryLinkWithAnalyticsSchema,
  EmbeddingStatsSchema,
  EnrichmentStatsSchema,
  GoogleProfilePayloadSchema,
  MarketIntelligenceResultSchema,
  MemberRegistrationSchema,
  MessageSchema,
  MessageStatsSchema,
  PartnershipMatchSchema,
  PlanSchema,
  ProfileCreationPayloadSchema,
  PromptHistoryItemSchema,
  PublicLinkInfoSchema,
  SignupInputSchema,
  StoredSummarySchema,
  SummaryPromptsSchema,
  SupplierSchema,
  ThemeSchema,
  ThreadSchema,
  TopicClusterResultSchema,
  WorkspaceOwnerSchema,
  CommunityAdminSchema,
  InvitationSchema,
} from '@kehila/shared';

const ts = '2025-06-10T12:00:00.000Z';

const message = {
  msg_id: 'm1',
  group_id: '120363@g.us',
  content: 'Anyone know a good accountant?',
  timestamp: ts,
  Sender_name: 'Dana',
  sender_hash: '972501234567@c.us',
  topic: 'Finance',
  keywords: ['accountant'],
  urgency: 'medium',
  sentiment: 0.2,
  action_items: [],
  emotion: 'neutral',
  intent: 'question',
  cluster_id: null,
  toxicity: 0.01,
};

describe('accounts entities (S1 §3)', () => {
  it('parse their spec fields', () => {
    expect(AccessWhitelistSchema.parse({ email: 'a@b.co', is_active: true, expires_at: null })).toBeTruthy();
    expect(ConsentRecordSchema.parse({ acceptedPrivacyPolicy: true, acceptedEmailCommunications: true, consentTimestamp: ts })).toBeTruthy();
    expect(
      SignupInputSchema.parse({
        email: 'a@b.co',
        password: 'secret1',
        phone: '0501234567',
        countryCode: '+972',
        acceptedPrivacyPolicy: true,
        acceptedEmailCommunications: true,
      }),
    ).toBeTruthy();
    expect(
      ProfileCreationPayloadSchema.parse({
        userId: 'u1',
        username: 'dana',
        groupId: null,
        phone: '0501234567',
        country_code: '+972',
        metadata: { provider: 'email', accepted_privacy_policy: true, accepted_email_communications: true, consent_timestamp: ts },
      }),
    ).toBeTruthy();
  });

  it('the Google payload has provider google only', () => {
    const payload = {
      userId: 'u1',
      username: 'Dana Levi',
      email: 'a@b.co',
      provider: 'google',
      consentData: { acceptedPrivacyPolicy: true, acceptedEmailCommunications: true, consentTimestamp: ts },
      googleMetadata: { picture: 'https://x/y.png' },
    };
    expect(GoogleProfilePayloadSchema.parse(payload)).toEqual(payload);
    expect(GoogleProfilePayloadSchema.safeParse({ ...payload, provider: 'email' }).success).toBe(false);
  });

  it('community defaults: English, whatsapp, weekly on, daily off, no focus', () => {
    const c = CommunitySchema.parse({
      id: 'c1',
      name: 'Tech',
      meaningful_id: null,
      group_id: null,
      created_at: ts,
      updated_at: ts,
      group_description: null,
      group_goals: null,
      admin_name: null,
      admin_gender: null,
      admin_phone: null,
      metadata_collected_at: null,
      pine_coin_manager_id: null,
      group_rules: null,
      member_onboarding_info: null,
      logo_url: null,
      color_theme: null,
      whatsapp_group_url: null,
      owner_id: null,
    });
    expect(c).toMatchObject({
      group_language: 'English',
      summary_destination: 'whatsapp',
      weekly_summary: true,
      daily_summary: false,
      business_focus: [],
    });
  });

  it('theme defaults: #0EA5E9 and system-ui, sans-serif', () => {
    expect(ThemeSchema.parse({ group_id: 'g', logo_url: null })).toEqual({
      group_id: 'g',
      logo_url: null,
      primary_color: '#0EA5E9',
      font_family: 'system-ui, sans-serif',
    });
  });
});

describe('invite entities (S1 §3, S3 §3)', () => {
  const invite = {
    id: 'i1',
    code: 'ABC123',
    community_id: 'c1',
    is_active: true,
    custom_message: null,
    custom_header: null,
    whatsapp_group_url: null,
    group_rules: 'Be kind',
    display_community_name: null,
    max_uses: null,
    expires_at: null,
    created_at: ts,
  };

  it('fills the spec defaults: Join Community, logo on, rules acceptance on, default field requirements', () => {
    const parsed = CommunityInviteSchema.parse(invite);
    expect(parsed.custom_button_text).toBe('Join Community');
    expect(parsed.use_logo).toBe(true);
    expect(parsed.require_rules_acceptance).toBe(true);
    expect(parsed.uses).toBe(0);
    expect(parsed.form_fields).toEqual({
      field_requirements: {
        phone: true,
        company: false,
        job_role: false,
        role_level: true,
        gender: true,
        linkedin_profile_url: true,
        facebook_name: false,
        referral_source: true,
        attend_live_events: true,
      },
      custom_field: null,
    });
  });

  it('keeps stored field requirements and the custom field', () => {
    const parsed = CommunityInviteSchema.parse({
      ...invite,
      form_fields: { field_requirements: { phone: false }, custom_field: { enabled: true, label: 'Team', required: false } },
    });
    expect(parsed.form_fields.field_requirements.phone).toBe(false);
    expect(parsed.form_fields.field_requirements.gender).toBe(true);
    expect(parsed.form_fields.custom_field).toEqual({ enabled: true, label: 'Team', required: false });
  });

  it('invitation list rows and registration fields parse', () => {
    expect(InvitationSchema.parse({ id: 'i1', code: 'ABC', uses: 2, max_uses: null, created_at: ts, expires_at: null })).toBeTruthy();
    expect(InvitationSchema.safeParse({ id: 'i1', code: 'ABC', uses: -1, max_uses: null, created_at: ts, expires_at: null }).success).toBe(false);
    expect(
      MemberRegistrationSchema.parse({
        invite_code: 'ABC',
        user_id: 'r1',
        first_name: 'Dana',
        last_name: 'Levi',
        email: 'a@b.co',
        phone: null,
        company: null,
        linkedin_url: null,
        job_role: null,
        custom_field_value: null,
        rules_accepted: true,
        country_code: '+972',
        role_level: null,
        gender: null,
        facebook_name: null,
        referral_source: null,
        attend_live_events: null,
      }),
    ).toBeTruthy();
  });
});

describe('messages, threads and actions (S2 §3)', () => {
  it('a message parses and rejects values outside the enumerations and ranges', () => {
    expect(MessageSchema.parse(message)).toEqual(message);
    expect(MessageSchema.safeParse({ ...message, urgency: 'critical' }).success).toBe(false);
    expect(MessageSchema.safeParse({ ...message, emotion: 'happy' }).success).toBe(false);
    expect(MessageSchema.safeParse({ ...message, intent: 'spam' }).success).toBe(false);
    expect(MessageSchema.safeParse({ ...message, toxicity: 1.2 }).success).toBe(false);
    expect(MessageSchema.safeParse({ ...message, sentiment: null, emotion: null, intent: null }).success).toBe(true);
  });

  it('a thread holds at most 5 messages', () => {
    const thread = { topic: null, lastActivity: ts, senders: ['Dana'], urgency: 'medium', sentiment: null, dateGroup: 'Today' };
    expect(ThreadSchema.safeParse({ ...thread, messages: Array(5).fill(message) }).success).toBe(true);
    expect(ThreadSchema.safeParse({ ...thread, messages: Array(6).fill(message) }).success).toBe(false);
  });

  it('stats parse', () => {
    expect(EmbeddingStatsSchema.parse({ total: 10, embedded: 7 })).toBeTruthy();
    expect(MessageStatsSchema.parse({ total: 10, processed: 7, pending: 3 })).toBeTruthy();
  });

  it('an action defaults to medium, pending, manual', () => {
    const a = ActionSchema.parse({
      action_id: 'a1',
      group_id: 'g',
      user_id: 'u1',
      title: 'Call Dana',
      details: null,
      due_date: null,
      assigned_to: null,
      evidence: null,
      created_at: ts,
      reminder_ts: null,
    });
    expect(a).toMatchObject({ priority: 'medium', status: 'pending', source: 'manual', message_refs: [] });
  });
});

describe('summaries and settings (S2 §3)', () => {
  it('parse', () => {
    expect(StoredSummarySchema.parse({ id: 's1', group_id: 'g', summary: 'x', created_at: ts })).toBeTruthy();
    expect(SummaryPromptsSchema.parse({ system_prompt: 's', user_prompt: 'u {{lastSummary}}' })).toBeTruthy();
    expect(
      PromptHistoryItemSchema.parse({ id: 'p1', prompt_name: 'user_prompt', prompt_content: 'x', is_active: true, created_at: ts }),
    ).toBeTruthy();
    expect(CommunityAdminSchema.parse({ admin_id: 'u1', admin_name: 'Dana', admin_email: 'a@b.co', is_workspace_owner: true })).toBeTruthy();
    expect(WorkspaceOwnerSchema.parse({ owner_id: 'u1', owner_name: 'Dana', owner_email: 'a@b.co' })).toBeTruthy();
  });
});

describe('analytics (S2 §3)', () => {
  it('parse', () => {
    expect(TopicClusterResultSchema.parse({ clusters: { Finance: ['a', 'b'] }, created_at: ts })).toBeTruthy();
    expect(
      EnrichmentStatsSchema.parse({
        enriched_members: 3,
        total_members: 10,
        enrichment_percentage: 30,
        decision_makers: 1,
        total_estimated_budget: 50000,
        avg_revenue_potential: 62.5,
        total_referral_value: 1200,
        unique_skills: 14,
        high_influence_members: 2,
      }),
    ).toBeTruthy();
    expect(
      DashboardOverviewSchema.parse({
        total_members: 40,
        messages_today: 12,
        avg_sentiment: 0.31,
        high_urgency_pct: 8,
        avg_msgs_per_day: 20.5,
        admin_name: 'Dana',
        leaderboard: [{ Sender_name: 'Dana', cnt: 30, sender_hash: 'h1' }],
        recent_messages: [message],
        activity_hours: [{ hour: 9, count: 4 }],
        active_users_over_time: [{ date: '2025-06-10', count: 7 }],
      }),
    ).toBeTruthy();
  });

  it('activity hours are 0-23', () => {
    const base = { total_members: 0, messages_today: 0, avg_sentiment: null, high_urgency_pct: 0, avg_msgs_per_day: 0, admin_name: null };
    const bad = { ...base, leaderboard: [], recent_messages: [], activity_hours: [{ hour: 24, count: 1 }], active_users_over_time: [] };
    expect(DashboardOverviewSchema.safeParse(bad).success).toBe(false);
  });
});

describe('directory, BI, suppliers, billing (S3 §3)', () => {
  const link = { id: 'l1', link_name: 'Board', access_token: 't', expires_at: ts, created_at: ts, created_by: 'u1', community_id: 'c1' };

  it('parse', () => {
    expect(DirectoryLinkSchema.parse(link)).toEqual(link);
    expect(
      DirectoryLinkWithAnalyticsSchema.parse({
        ...link,
        analytics: {
          total_views: 5,
          unique_visitors: 3,
          views_today: 1,
          views_this_week: 4,
          last_viewed: ts,
          daily_views: [{ date: '2025-06-10', views: 1 }],
        },
      }),
    ).toBeTruthy();
    expect(PublicLinkInfoSchema.parse({ communityId: 'c1', communityName: 'Tech', linkName: 'Board', expiresAt: ts })).toBeTruthy();
    expect(
      BusinessIntelligenceSummarySchema.parse({
        total_opportunities: 3,
        new_opportunities: 1,
        total_estimated_value: 12000,
        total_partnership_matches: 2,
        new_partnership_matches: 1,
        active_opportunities: 2,
      }),
    ).toBeTruthy();
    expect(
      MarketIntelligenceResultSchema.parse({
        summary: { total_opportunities: 3, total_value: 1000, unique_skills: 9 },
        insights: {
          market_gaps: [{ gap_type: 'legal', priority: 'high', description: 'No lawyers', potential_value: 5000 }],
          recommendations: [{ title: 'Invite lawyers', description: 'x', impact: 'high' }],
          expertise_distribution: { Marketing: 4 },
        },
      }),
    ).toBeTruthy();
    expect(
      SupplierSchema.parse({
        supplier_id: 's1',
        group_id: 'g',
        supplier_name: 'Moshe Electric',
        service_type: 'Electrician',
        contact_person: null,
        phone_number: '050-1234567',
        website: null,
        description: null,
        recommender_name: 'Dana',
        recommendation_context: null,
        social_media: null,
        other_contact_info: null,
        date_added: ts,
      }).is_reservist_special,
    ).toBe(false);
    expect(
      PlanSchema.parse({
        name: 'Enterprise',
        description: 'For organisations',
        price: null,
        originalPrice: null,
        popular: false,
        features: ['SSO'],
        limitations: [],
      }),
    ).toBeTruthy();
  });

  it('opportunities and matches keep scores within 0-1', () => {
    const opp = {
      id: 'o1',
      title: 'Office lease',
      description: null,
      opportunity_type: 'deal',
      estimated_value: null,
      confidence_score: 0.8,
      urgency_level: 'urgent',
      timeline_days: null,
      status: 'new',
      created_at: ts,
      member_id: null,
      community_id: 'c1',
      member: null,
      source_messages: [{ msg_id: 'm1', timestamp: ts, sender_name: 'Gil', excerpt: 'Looking for an office' }],
    };
    expect(BusinessOpportunitySchema.parse(opp)).toMatchObject({ tags: [], metadata: {} });
    expect(BusinessOpportunitySchema.safeParse({ ...opp, confidence_score: 1.5 }).success).toBe(false);
    expect(BusinessOpportunitySchema.safeParse({ ...opp, opportunity_type: 'merger' }).success).toBe(false);
    const side = { first_name: 'A', last_name: 'B', company: null };
    const match = {
      id: 'p1',
      compatibility_score: 0.9,
      opportunity_type: 'partnership',
      estimated_value: 1000,
      match_reason: 'x',
      status: 'suggested',
      member_a: side,
      member_b: side,
      community_id: 'c1',
    };
    expect(PartnershipMatchSchema.parse(match)).toEqual(match);
    expect(PartnershipMatchSchema.safeParse({ ...match, compatibility_score: 2 }).success).toBe(false);
  });
});
