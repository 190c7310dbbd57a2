import * as z from 'zod';
import {
  COMMUNITY_INFO_LIMITS,
  DEFAULT_DAILY_SUMMARY,
  DEFAULT_GROUP_LANGUAGE,
  DEFAULT_SUMMARY_DESTINATION,
  DEFAULT_WEEKLY_SUMMARY,
} from '../constants';
import { AdminGenderSchema, GroupLanguageSchema, SummaryDestinationSchema } from '../schemas/communities';
import { GENERIC_FIELD_MESSAGES, optionalText } from '../schemas/shared-fields';

/** Messages of the community information form (S1 §5). */
export const COMMUNITY_INFO_MESSAGES = {
  group_description: 'Group description is required',
  group_goals: 'Group goals are required',
  admin_name: 'Admin name is required',
  admin_gender: 'Please select your gender',
  group_language: 'Please select the group language',
  admin_phone: 'Please enter a valid phone number',
  meaningful_id: 'ID can only contain lowercase letters, numbers, and hyphens',
  /** Toast on submit when the form is invalid or there is no community. */
  submitInvalid: 'Please fill in all required fields',
} as const;

/** admin_phone: optional leading plus, then digits, spaces, hyphens, parentheses (S1 §5). */
export const ADMIN_PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
/** meaningful_id after lowercasing: letters, digits, hyphens (S1 §5). */
export const MEANINGFUL_ID_PATTERN = /^[a-z0-9-]+$/;

const L = COMMUNITY_INFO_LIMITS;
const tooLong = GENERIC_FIELD_MESSAGES.tooLong;

function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, tooLong(max));
}

/**
 * Business focus tags: trimmed, empty and duplicate tags dropped, order kept (S1 §5). Duplicates
 * compare exactly, as the form does; 'Sales' and 'sales' are two tags.
 */
export function normalizeBusinessFocus(tags: readonly string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const raw of tags ?? []) {
    const tag = raw.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** Adds a custom tag (Add button or Enter): trimmed; empty or duplicate input leaves the list unchanged. */
export function addBusinessFocusTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

/** Removes a tag. */
export function removeBusinessFocusTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

/** Toggles a preset tag on or off. */
export function toggleBusinessFocusTag(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? removeBusinessFocusTag(tags, tag) : addBusinessFocusTag(tags, tag);
}

/**
 * Community information form (S1 §5): every field, limit and message of the table. meaningful_id
 * is forced to lowercase before its check; empty optional fields become null; summary options take
 * their defaults (whatsapp, weekly on, daily off).
 */
export const CommunityInfoFormSchema = z.object({
  group_description: requiredText(COMMUNITY_INFO_MESSAGES.group_description, L.group_description),
  group_goals: requiredText(COMMUNITY_INFO_MESSAGES.group_goals, L.group_goals),
  admin_name: requiredText(COMMUNITY_INFO_MESSAGES.admin_name, L.admin_name),
  admin_gender: z.enum(AdminGenderSchema.options, { error: COMMUNITY_INFO_MESSAGES.admin_gender }),
  group_language: z
    .enum(GroupLanguageSchema.options, { error: COMMUNITY_INFO_MESSAGES.group_language })
    .default(DEFAULT_GROUP_LANGUAGE),
  admin_phone: z
    .string()
    .trim()
    .max(30, COMMUNITY_INFO_MESSAGES.admin_phone)
    .refine((v) => v === '' || ADMIN_PHONE_PATTERN.test(v), COMMUNITY_INFO_MESSAGES.admin_phone)
    .nullish()
    .transform((v) => (v ? v : null)),
  meaningful_id: z
    .string()
    .trim()
    .toLowerCase()
    .max(L.meaningful_id, tooLong(L.meaningful_id))
    .refine((v) => v === '' || MEANINGFUL_ID_PATTERN.test(v), COMMUNITY_INFO_MESSAGES.meaningful_id)
    .nullish()
    .transform((v) => (v ? v : null)),
  group_rules: optionalText(L.group_rules),
  member_onboarding_info: optionalText(L.member_onboarding_info),
  pine_coin_manager_id: optionalText(L.pine_coin_manager_id),
  business_focus: z
    .array(z.string().max(100, tooLong(100)))
    .max(50, GENERIC_FIELD_MESSAGES.tooMany(50))
    .nullish()
    .transform((v) => normalizeBusinessFocus(v)),
  summary_destination: SummaryDestinationSchema.default(DEFAULT_SUMMARY_DESTINATION),
  weekly_summary: z.boolean().default(DEFAULT_WEEKLY_SUMMARY),
  daily_summary: z.boolean().default(DEFAULT_DAILY_SUMMARY),
});
/** The validated community information, ready to store. */
export type CommunityInfo = z.output<typeof CommunityInfoFormSchema>;
/** The community information form as the web edits it or a client sends it. */
export type CommunityInfoFormInput = z.input<typeof CommunityInfoFormSchema>;

/** Form values for a community (read view → edit form): nulls become '' and defaults apply (S1 §4). */
export function communityInfoFormValues(c: Partial<Record<keyof CommunityInfo, unknown>> | null | undefined): {
  group_description: string;
  group_goals: string;
  admin_name: string;
  admin_gender: string;
  group_language: string;
  admin_phone: string;
  meaningful_id: string;
  group_rules: string;
  member_onboarding_info: string;
  pine_coin_manager_id: string;
  business_focus: string[];
  summary_destination: string;
  weekly_summary: boolean;
  daily_summary: boolean;
} {
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    group_description: s(c?.group_description),
    group_goals: s(c?.group_goals),
    admin_name: s(c?.admin_name),
    admin_gender: s(c?.admin_gender),
    group_language: s(c?.group_language) || DEFAULT_GROUP_LANGUAGE,
    admin_phone: s(c?.admin_phone),
    meaningful_id: s(c?.meaningful_id),
    group_rules: s(c?.group_rules),
    member_onboarding_info: s(c?.member_onboarding_info),
    pine_coin_manager_id: s(c?.pine_coin_manager_id),
    business_focus: Array.isArray(c?.business_focus) ? c.business_focus.filter((t): t is string => typeof t === 'string') : [],
    summary_destination: s(c?.summary_destination) || DEFAULT_SUMMARY_DESTINATION,
    weekly_summary: typeof c?.weekly_summary === 'boolean' ? c.weekly_summary : DEFAULT_WEEKLY_SUMMARY,
    daily_summary: typeof c?.daily_summary === 'boolean' ? c.daily_summary : DEFAULT_DAILY_SUMMARY,
  };
}
