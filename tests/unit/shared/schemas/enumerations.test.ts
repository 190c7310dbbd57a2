import { describe, expect, it } from 'vitest';
import {
  ActionPrioritySchema,
  ActionStatusSchema,
  AdminGenderSchema,
  AnalyticsTimeRangeSchema,
  ApprovalStatusSchema,
  AttendLiveEventsSchema,
  CommunityDisplayLabelSchema,
  DatePresetSchema,
  DirectoryLinkExpirySchema,
  EmotionSchema,
  GroupLanguageSchema,
  IntentLabelSchema,
  IntentSchema,
  MemberEditAttendSchema,
  MemberEditGenderSchema,
  MemberEditRoleLevelSchema,
  MemberGenderSchema,
  MemberRoleSchema,
  MemberStatusSchema,
  OpportunityTypeSchema,
  OpportunityUrgencySchema,
  OverallUrgencySchema,
  PlanNameSchema,
  PromptNameSchema,
  RealtimeStatusSchema,
  ReferralSourceSchema,
  RoleLevelSchema,
  SentimentLabelSchema,
  SummaryDestinationSchema,
  ThreadDateGroupSchema,
  UrgencySchema,
} from '@kehila/shared';

describe('enumerations are exactly the specs lists', () => {
  it.each([
    ['S1 §3 member form gender', MemberGenderSchema.options, ['female', 'male', 'other', 'prefer_not_to_say']],
    ['S1 §3 admin gender', AdminGenderSchema.options, ['Male', 'Female', 'Other', 'Prefer not to say']],
    ['S1 §3 role_level', RoleLevelSchema.options, ['individual_contributor', 'team_lead', 'director', 'vp', 'c_level', 'other']],
    ['S1 §3 referral_source', ReferralSourceSchema.options, ['friend', 'social_media', 'facebook_linkedin', 'search', 'event', 'other']],
    [
      'S1 §3 attend_live_events',
      AttendLiveEventsSchema.options,
      ['monthly', 'bi_monthly', 'quarterly', 'semi_annually', 'online_only', 'other'],
    ],
    ['S1 §3 group language', GroupLanguageSchema.options, ['English', 'Hebrew', 'Mixed']],
    ['S1 §3 summary destination', SummaryDestinationSchema.options, ['whatsapp', 'sheet', 'both']],
    ['S1 §3 member role', MemberRoleSchema.options, ['Admin', 'Member']],
    ['S1 §3 approval status', ApprovalStatusSchema.options, ['pending', 'approved', 'rejected']],
    ['S3 §3 member status', MemberStatusSchema.options, ['active', 'inactive']],
    ['S3 §5 member edit gender', MemberEditGenderSchema.options, ['Male', 'Female', 'Other', 'Prefer not to say']],
    [
      'S3 §5 member edit role level',
      MemberEditRoleLevelSchema.options,
      ['Junior', 'Mid-level', 'Senior', 'Lead', 'Manager', 'Director', 'Executive'],
    ],
    ['S3 §5 member edit live events', MemberEditAttendSchema.options, ['Yes', 'No', 'Sometimes', 'Virtual only']],
    ['S2 §3 message urgency', UrgencySchema.options, ['high', 'medium', 'low']],
    [
      'S2 §9 emotions',
      EmotionSchema.options,
      ['joy', 'sadness', 'anger', 'fear', 'surprise', 'disgust', 'neutral', 'trust', 'anticipation'],
    ],
    [
      'S2 §9 intents',
      IntentSchema.options,
      ['social', 'announcement', 'support', 'question', 'complaint', 'event', 'off_topic', 'request'],
    ],
    [
      'S2 §9 intent labels incl. unknown',
      IntentLabelSchema.options,
      ['social', 'announcement', 'support', 'question', 'complaint', 'event', 'off_topic', 'request', 'unknown'],
    ],
    ['S2 §9 overall urgency', OverallUrgencySchema.options, ['high', 'medium', 'low', 'normal']],
    ['S2 §9 sentiment labels', SentimentLabelSchema.options, ['Positive', 'Neutral', 'Negative']],
    ['S2 §3 action priority', ActionPrioritySchema.options, ['low', 'medium', 'high']],
    ['S2 §3 action status', ActionStatusSchema.options, ['pending', 'done']],
    ['S2 §4 date presets', DatePresetSchema.options, ['today', 'last7Days', 'last30Days', 'all', 'custom']],
    ['S2 §4 realtime status', RealtimeStatusSchema.options, ['connecting', 'connected', 'error']],
    ['S2 §2 thread date groups', ThreadDateGroupSchema.options, ['Today', 'Yesterday', 'Earlier']],
    ['S2 §4 display labels', CommunityDisplayLabelSchema.options, ['Custom ID', 'WhatsApp Group', 'Auto-generated', 'Custom Name']],
    ['S2 §7 prompt names', PromptNameSchema.options, ['system_prompt', 'user_prompt']],
    [
      'S3 §3 opportunity types',
      OpportunityTypeSchema.options,
      ['deal', 'partnership', 'service_request', 'investment', 'collaboration', 'job_referral', 'talent_placement'],
    ],
    ['S3 §3 opportunity urgency', OpportunityUrgencySchema.options, ['urgent', 'high', 'medium', 'low']],
    ['S3 §3 plan names', PlanNameSchema.options, ['Free', 'Pro', 'Enterprise']],
  ])('%s', (_label, actual, expected) => {
    expect([...actual]).toEqual(expected);
  });

  it('analytics time ranges and directory expiry options are the listed numbers', () => {
    for (const d of [7, 14, 30, 90]) expect(AnalyticsTimeRangeSchema.parse(d)).toBe(d);
    expect(AnalyticsTimeRangeSchema.safeParse(60).success).toBe(false);
    for (const d of [7, 14, 30, 90, 365]) expect(DirectoryLinkExpirySchema.parse(d)).toBe(d);
    expect(DirectoryLinkExpirySchema.safeParse(1).success).toBe(false);
  });
});
