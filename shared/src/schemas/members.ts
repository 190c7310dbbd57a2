import * as z from 'zod';

export const MemberRoleSchema = z.enum(['Admin', 'Member']);
export const MemberStatusSchema = z.enum(['active', 'inactive']);
export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'rejected']);
/** Gender on the invite registration form (S1 §3). */
export const MemberGenderSchema = z.enum(['female', 'male', 'other', 'prefer_not_to_say']);
/** Role level on the invite registration form (S1 §3). */
export const RoleLevelSchema = z.enum(['individual_contributor', 'team_lead', 'director', 'vp', 'c_level', 'other']);
export const ReferralSourceSchema = z.enum(['friend', 'social_media', 'facebook_linkedin', 'search', 'event', 'other']);
export const AttendLiveEventsSchema = z.enum([
  'monthly',
  'bi_monthly',
  'quarterly',
  'semi_annually',
  'online_only',
  'other',
]);
/** Member edit options of the members screen (S3 §5); stored values may come from either list. */
export const MemberEditGenderSchema = z.enum(['Male', 'Female', 'Other', 'Prefer not to say']);
export const MemberEditRoleLevelSchema = z.enum(['Junior', 'Mid-level', 'Senior', 'Lead', 'Manager', 'Director', 'Executive']);
export const MemberEditAttendSchema = z.enum(['Yes', 'No', 'Sometimes', 'Virtual only']);

const text = z.string().nullable();

/** community_members (S1 §3, S2 §3, S3 §3): a person's standing and profile in one community. */
export const MemberSchema = z.object({
  id: z.string(),
  /** The Cognito user id when the member has an account; null for invite registrants without one. */
  auth_id: z.string().nullable(),
  community_id: z.string(),
  role: MemberRoleSchema.default('Member'),
  status: MemberStatusSchema.default('active'),
  approval_status: ApprovalStatusSchema.default('pending'),
  first_name: text,
  last_name: text,
  email: text,
  phone: text,
  country_code: z.string().nullable().default('+972'),
  company: text,
  job_role: text,
  role_level: text,
  gender: text,
  linkedin_profile_url: text,
  facebook_name: text,
  referral_source: text,
  attend_live_events: text,
  custom_field_label: text,
  custom_field_value: text,
  location: text,
  rules_accepted: z.boolean().nullable().optional(),
  // LinkedIn enrichment (S2 §3, S3 §3)
  linkedin_enriched_at: text.optional(),
  linkedin_headline: text.optional(),
  linkedin_summary: text.optional(),
  profile_picture_url: text.optional(),
  profile_picture_high_quality: text.optional(),
  skills: z.array(z.string()).optional(),
  decision_authority: z.boolean().nullable().optional(),
  influence_level: text.optional(),
  partnership_potential: z.number().nullable().optional(),
  networking_score: z.number().nullable().optional(),
  revenue_potential_score: z.number().min(0).max(100).nullable().optional(),
  estimated_budget_authority: z.number().nullable().optional(),
  referral_value: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

/** A community the user administers, with its member count (S3 §3 Admin community entry). */
export const AdminCommunityEntrySchema = z.object({
  community_id: z.string(),
  community_name: z.string(),
  member_count: z.number().int().nonnegative(),
});
export type AdminCommunityEntry = z.infer<typeof AdminCommunityEntrySchema>;

const editText = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * Member edit from the member detail dialog (S3 §7 "update a member", camelCase as given). Fields
 * left out are not changed; '' clears a field (stored as null).
 */
export const MemberUpdateSchema = z
  .object({
    firstName: editText,
    lastName: editText,
    email: editText,
    phone: editText,
    company: editText,
    jobRole: editText,
    linkedinProfileUrl: editText,
    countryCode: editText,
    gender: editText,
    roleLevel: editText,
    facebookName: editText,
    referralSource: editText,
    attendLiveEvents: editText,
    customFieldValue: editText,
    customFieldLabel: editText,
  })
  .partial();
export type MemberUpdate = z.output<typeof MemberUpdateSchema>;

const bulkText = z
  .string()
  .trim()
  .max(200, 'Must be at most 200 characters')
  .nullish()
  .transform((v) => v || undefined);

/** Bulk Edit dialog (S3 §2, §5): only filled fields are applied; empty ones are ignored. */
export const BulkMemberUpdateSchema = z.object({
  member_ids: z.array(z.string()).min(1),
  changes: z
    .object({
      role: z.union([MemberRoleSchema, z.literal('')]).nullish().transform((v) => v || undefined),
      approval_status: z.union([ApprovalStatusSchema, z.literal('')]).nullish().transform((v) => v || undefined),
      company: bulkText,
      job_role: bulkText,
      role_level: bulkText,
    })
    .transform((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as Partial<typeof c>),
});
export type BulkMemberUpdate = z.output<typeof BulkMemberUpdateSchema>;

/** Role change of one member (S3 §7 "set a member role"). */
export const MemberRoleUpdateSchema = z.object({ role: MemberRoleSchema });
export type MemberRoleUpdate = z.infer<typeof MemberRoleUpdateSchema>;

/** Approve (true) or reject (false) a member (S3 §4). */
export const MemberApprovalUpdateSchema = z.object({ approved: z.boolean() });
export type MemberApprovalUpdate = z.infer<typeof MemberApprovalUpdateSchema>;
