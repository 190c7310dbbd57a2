import * as z from 'zod';
import {
  DEFAULT_FIELD_REQUIREMENTS,
  DEFAULT_INVITE_BUTTON_TEXT,
  DEFAULT_INVITE_REQUIRE_RULES_ACCEPTANCE,
  DEFAULT_INVITE_USE_LOGO,
  INVITE_FIELD_REQUIREMENT_KEYS,
} from '../constants';
import { GENERIC_FIELD_MESSAGES, HEX_COLOR_PATTERN, optionalIsoDate, optionalText, optionalUrl } from './shared-fields';

/** A registration field an invite can mark required (S3 §3 fieldRequirements keys). */
export const FieldRequirementKeySchema = z.enum(INVITE_FIELD_REQUIREMENT_KEYS);
export type FieldRequirementKey = z.infer<typeof FieldRequirementKeySchema>;

/** field_requirements map (S1 §3): which optional registration fields this invite requires. */
export const FieldRequirementsSchema = z.object({
  phone: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.phone),
  company: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.company),
  job_role: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.job_role),
  role_level: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.role_level),
  gender: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.gender),
  linkedin_profile_url: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.linkedin_profile_url),
  facebook_name: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.facebook_name),
  referral_source: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.referral_source),
  attend_live_events: z.boolean().default(DEFAULT_FIELD_REQUIREMENTS.attend_live_events),
});
export type FieldRequirements = z.infer<typeof FieldRequirementsSchema>;

/** The invite's custom registration field (S1 §3). */
export const CustomFieldConfigSchema = z.object({
  enabled: z.boolean(),
  label: z.string().max(100, GENERIC_FIELD_MESSAGES.tooLong(100)),
  required: z.boolean(),
});
export type CustomFieldConfig = z.infer<typeof CustomFieldConfigSchema>;

/** form_fields of an invite (S1 §3). */
export const InviteFormFieldsSchema = z.object({
  field_requirements: FieldRequirementsSchema.prefault({}),
  custom_field: CustomFieldConfigSchema.nullable().default(null),
});
export type InviteFormFields = z.infer<typeof InviteFormFieldsSchema>;

/** community_invites (S1 §3), with the use count and colours of S3 §3. */
export const CommunityInviteSchema = z.object({
  id: z.string(),
  code: z.string(),
  community_id: z.string(),
  is_active: z.boolean(),
  custom_message: z.string().nullable(),
  custom_header: z.string().nullable(),
  custom_button_text: z.string().default(DEFAULT_INVITE_BUTTON_TEXT),
  use_logo: z.boolean().default(DEFAULT_INVITE_USE_LOGO),
  logo_url: z.string().nullable().default(null),
  whatsapp_group_url: z.string().nullable(),
  use_custom_colors: z.boolean().default(false),
  custom_color_scheme: z.object({ primary: z.string() }).nullable().default(null),
  group_rules: z.string().nullable(),
  require_rules_acceptance: z.boolean().default(DEFAULT_INVITE_REQUIRE_RULES_ACCEPTANCE),
  display_community_name: z.string().nullable(),
  form_fields: InviteFormFieldsSchema.prefault({}),
  /** Optional: null means unlimited uses. */
  max_uses: z.number().int().nonnegative().nullable(),
  uses: z.number().int().nonnegative().default(0),
  /** Optional: null means it never expires. */
  expires_at: z.string().nullable(),
  created_by: z.string().nullable().default(null),
  created_at: z.string(),
});
export type CommunityInvite = z.infer<typeof CommunityInviteSchema>;

/** Invitation as listed on the Invitations tab (S3 §3). */
export const InvitationSchema = z.object({
  id: z.string(),
  code: z.string(),
  uses: z.number().int().nonnegative(),
  max_uses: z.number().int().nonnegative().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** Messages of the Create Invitation form (S3 §5). */
export const INVITATION_FORM_MESSAGES = {
  communityNameRequired: 'Community name is required',
  groupRulesRequired: 'Group rules are required',
} as const;

/**
 * Invitation options of the create call (S3 §3), validated as the Create Invitation form (S3 §5):
 * communityName and groupRules required; maxUses a number of at least 0, empty meaning unlimited;
 * URLs valid or empty; primary colour as hex text; defaults as the spec gives them.
 */
export const InvitationOptionsSchema = z.object({
  maxUses: z
    .number({ error: GENERIC_FIELD_MESSAGES.invalidNumber })
    .int(GENERIC_FIELD_MESSAGES.invalidNumber)
    .min(0, GENERIC_FIELD_MESSAGES.invalidNumber)
    .nullish()
    .transform((v) => v ?? null),
  expiresAt: optionalIsoDate(),
  customHeader: optionalText(200),
  customMessage: optionalText(2000),
  customButtonText: z
    .string()
    .trim()
    .max(60, GENERIC_FIELD_MESSAGES.tooLong(60))
    .nullish()
    .transform((v) => v || DEFAULT_INVITE_BUTTON_TEXT),
  useLogo: z.boolean().default(DEFAULT_INVITE_USE_LOGO),
  useCustomColors: z.boolean().default(false),
  whatsappGroupUrl: optionalUrl(),
  logoUrl: optionalUrl(),
  customColorScheme: z
    .object({
      primary: z
        .string()
        .trim()
        .max(7, GENERIC_FIELD_MESSAGES.invalidColor)
        .regex(HEX_COLOR_PATTERN, GENERIC_FIELD_MESSAGES.invalidColor),
    })
    .nullish()
    .transform((v) => v ?? null),
  communityName: z
    .string({ error: INVITATION_FORM_MESSAGES.communityNameRequired })
    .trim()
    .min(1, INVITATION_FORM_MESSAGES.communityNameRequired)
    .max(100, GENERIC_FIELD_MESSAGES.tooLong(100)),
  groupRules: z
    .string({ error: INVITATION_FORM_MESSAGES.groupRulesRequired })
    .trim()
    .min(1, INVITATION_FORM_MESSAGES.groupRulesRequired)
    .max(10000, GENERIC_FIELD_MESSAGES.tooLong(10000)),
  requireRulesAcceptance: z.boolean().default(DEFAULT_INVITE_REQUIRE_RULES_ACCEPTANCE),
  fieldRequirements: FieldRequirementsSchema.prefault({}),
  customField: CustomFieldConfigSchema.nullish().transform((v) => v ?? null),
});
export type InvitationOptions = z.output<typeof InvitationOptionsSchema>;
export type InvitationOptionsInput = z.input<typeof InvitationOptionsSchema>;

/**
 * Member registration fields (S1 §3) as sent to registration. Enumerated answers are validated by
 * `InviteRegistrationSchema(invite)`; here they are plain nullable strings.
 */
export const MemberRegistrationSchema = z.object({
  invite_code: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  job_role: z.string().nullable(),
  custom_field_value: z.string().nullable(),
  rules_accepted: z.boolean(),
  country_code: z.string(),
  role_level: z.string().nullable(),
  gender: z.string().nullable(),
  facebook_name: z.string().nullable(),
  referral_source: z.string().nullable(),
  attend_live_events: z.string().nullable(),
});
export type MemberRegistration = z.infer<typeof MemberRegistrationSchema>;

/** Result of registering with an invite (S1 §7 register_with_invite). */
export const RegisterWithInviteResultSchema = z.object({
  success: z.boolean(),
  message: z.string().nullable(),
  member_id: z.string().nullable(),
  /** A member-specific WhatsApp link; null means 'Application Under Review' (S1 §2). */
  whatsapp_url: z.string().nullable(),
});
export type RegisterWithInviteResult = z.infer<typeof RegisterWithInviteResultSchema>;
