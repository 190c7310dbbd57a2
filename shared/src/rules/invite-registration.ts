import * as z from 'zod';
import { DEFAULT_COUNTRY_CODE, INVITE_PHONE_MIN_LENGTH } from '../constants';
import {
  AttendLiveEventsSchema,
  MemberGenderSchema,
  ReferralSourceSchema,
  RoleLevelSchema,
} from '../schemas/members';
import type { FieldRequirementKey, FieldRequirements } from '../schemas/invites';
import { BASIC_EMAIL_PATTERN } from './validation';

/** Messages of the invite registration form (S1 §5). */
export const INVITE_REGISTRATION_MESSAGES = {
  first_name: 'First name is required',
  last_name: 'Last name is required',
  email: 'Please enter a valid email address',
  country_code: 'Country code is required',
  accepted_privacy_policy: 'You must accept the Privacy Policy to continue',
  accepted_email_communications: 'You must agree to receive communications to continue',
  phone: 'Please enter a valid phone number',
  company: 'Company is required',
  job_role: 'Job role is required',
  role_level: 'Role level is required',
  gender: 'Gender is required',
  linkedin_profile_url: 'Please enter a valid LinkedIn URL',
  facebook_name: 'Facebook name is required',
  referral_source: 'Please tell us how you heard about us',
  attend_live_events: 'Please select your preference',
  rules_accepted: 'You must accept the community rules to continue',
} as const;

const M = INVITE_REGISTRATION_MESSAGES;

/** What the registration form needs to know about the invite (S1 §3 community_invites). */
export interface InviteFormConfig {
  form_fields?: { field_requirements?: Partial<FieldRequirements> | null } | null;
  require_rules_acceptance?: boolean | null;
  group_rules?: string | null;
}

/** True when the invite requires the field (S1 §5: only when its field_requirements say so). */
export function isFieldRequired(invite: InviteFormConfig | null | undefined, field: FieldRequirementKey): boolean {
  return invite?.form_fields?.field_requirements?.[field] === true;
}

/** Rules acceptance is required only when the invite requires it and has rules (S1 §5). */
export function requiresRulesAcceptance(invite: InviteFormConfig | null | undefined): boolean {
  return invite?.require_rules_acceptance === true && Boolean(invite.group_rules?.trim());
}

// LinkedIn host check: linkedin.com or a subdomain (www., il., ...).
const LINKEDIN_URL = /^(?:https?:\/\/)?(?:[\w-]+\.)*linkedin\.com(?:[/?#]\S*)?$/i;

/** True for a LinkedIn URL, with or without the scheme. */
export function isLinkedInUrl(value: string): boolean {
  return LINKEDIN_URL.test(value.trim());
}

/** A LinkedIn URL with https:// added when the scheme is missing. */
export function normalizeLinkedInUrl(value: string): string {
  const v = value.trim();
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}

const emptyToNull = (v: string | null | undefined) => (v ? v : null);

function text(required: boolean, message: string) {
  return z
    .string()
    .trim()
    .nullish()
    .refine((v) => !required || Boolean(v), message)
    .transform(emptyToNull);
}

function choice<T extends string>(options: readonly T[], required: boolean, message: string) {
  const values: readonly string[] = options;
  return z
    .string()
    .trim()
    .refine((v) => (v === '' ? !required : values.includes(v)), message)
    .nullish()
    .refine((v) => !required || Boolean(v), message)
    .transform((v) => (v ? (v as T) : null));
}

/**
 * Invite registration form (S1 §5) for one invite. Always required: first and last name, e-mail,
 * country code (default +972), privacy and communications acceptance. Phone, company, job role,
 * role level, gender, LinkedIn URL, Facebook name, referral source and live-events preference are
 * required only when the invite's field_requirements say so; a filled LinkedIn URL and enumerated
 * answers are checked even when optional. The custom field is optional even when the invite marks
 * it required (the spec: "optional in the schema"). Rules acceptance when the invite requires it
 * and has rules. Empty optional fields become null.
 */
export function InviteRegistrationSchema(invite: InviteFormConfig | null | undefined) {
  const req = (f: FieldRequirementKey) => isFieldRequired(invite, f);
  const rulesRequired = requiresRulesAcceptance(invite);
  const phoneRequired = req('phone');
  const linkedinRequired = req('linkedin_profile_url');
  return z.object({
    first_name: z.string({ error: M.first_name }).trim().min(1, M.first_name),
    last_name: z.string({ error: M.last_name }).trim().min(1, M.last_name),
    email: z.string({ error: M.email }).trim().regex(BASIC_EMAIL_PATTERN, M.email),
    country_code: z.string({ error: M.country_code }).trim().min(1, M.country_code).default(DEFAULT_COUNTRY_CODE),
    phone: z
      .string()
      .trim()
      .refine((v) => !phoneRequired || v.length >= INVITE_PHONE_MIN_LENGTH, M.phone)
      .nullish()
      .refine((v) => !phoneRequired || Boolean(v), M.phone)
      .transform(emptyToNull),
    company: text(req('company'), M.company),
    job_role: text(req('job_role'), M.job_role),
    role_level: choice(RoleLevelSchema.options, req('role_level'), M.role_level),
    gender: choice(MemberGenderSchema.options, req('gender'), M.gender),
    linkedin_profile_url: z
      .string()
      .trim()
      .refine((v) => (v === '' ? !linkedinRequired : isLinkedInUrl(v)), M.linkedin_profile_url)
      .nullish()
      .refine((v) => !linkedinRequired || Boolean(v), M.linkedin_profile_url)
      .transform((v) => (v ? normalizeLinkedInUrl(v) : null)),
    facebook_name: text(req('facebook_name'), M.facebook_name),
    referral_source: choice(ReferralSourceSchema.options, req('referral_source'), M.referral_source),
    attend_live_events: choice(AttendLiveEventsSchema.options, req('attend_live_events'), M.attend_live_events),
    custom_field_value: text(false, ''),
    accepted_privacy_policy: z.literal(true, { error: M.accepted_privacy_policy }),
    accepted_email_communications: z.literal(true, { error: M.accepted_email_communications }),
    rules_accepted: rulesRequired
      ? z.literal(true, { error: M.rules_accepted })
      : z
          .boolean()
          .nullish()
          .transform((v) => v === true),
  });
}
/** A validated invite registration. */
export type InviteRegistration = z.output<ReturnType<typeof InviteRegistrationSchema>>;
/** The invite registration form as a client sends it. */
export type InviteRegistrationInput = z.input<ReturnType<typeof InviteRegistrationSchema>>;
