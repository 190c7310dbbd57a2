import * as z from 'zod';
import { SUMMARY_PROMPT_TEMPLATE_VARIABLES } from '../constants';
import { SummaryDestinationSchema } from './communities';
import { isIanaTimeZone } from '../rules/time-zone';

/** Most messages one summary item cites. */
export const SUMMARY_ITEM_MAX_CITATIONS = 12;
/** Most items a summary section holds. */
export const SUMMARY_SECTION_MAX_ITEMS = 10;

/** One line of a summary and the messages it comes from (their msg_id). */
export const SummaryItemSchema = z.object({
  text: z.string().trim().min(1).max(1000),
  message_ids: z.array(z.string().min(1)).max(SUMMARY_ITEM_MAX_CITATIONS),
});
export type SummaryItem = z.infer<typeof SummaryItemSchema>;

/** The four parts of a summary (S2 §4), keyed by SUMMARY_SECTION_KEYS. */
export const SUMMARY_SECTION_KEYS = ['key_topics', 'action_items', 'recommended_actions', 'quick_stats'] as const;
export type SummarySectionKey = (typeof SUMMARY_SECTION_KEYS)[number];

const items = z.array(SummaryItemSchema).max(SUMMARY_SECTION_MAX_ITEMS);

/** A summary split into its parts, each item citing its messages. */
export const SummarySectionsSchema = z.object({
  /** The opening line (who wrote how much, when, about what). */
  overview: z.string().max(2000),
  key_topics: items,
  action_items: items,
  recommended_actions: items,
  /** Figures computed from the period's messages; an item cites messages when it counts a few. */
  quick_stats: items,
});
export type SummarySections = z.infer<typeof SummarySectionsSchema>;

/**
 * The check a summary passes before it is stored: every citation is a message of the period, and
 * every item but a quick stat cites at least one (a summary says nothing that is not in its messages).
 */
export function citedSummarySchema(periodMessageIds: ReadonlySet<string>) {
  const Id = z.string().refine((id) => periodMessageIds.has(id), { message: 'Cites a message outside the period' });
  const Cited = z.object({
    text: SummaryItemSchema.shape.text,
    message_ids: z.array(Id).min(1).max(SUMMARY_ITEM_MAX_CITATIONS),
  });
  const Stat = z.object({
    text: SummaryItemSchema.shape.text,
    message_ids: z.array(Id).max(SUMMARY_ITEM_MAX_CITATIONS),
  });
  return SummarySectionsSchema.extend({
    key_topics: z.array(Cited).max(SUMMARY_SECTION_MAX_ITEMS),
    action_items: z.array(Cited).max(SUMMARY_SECTION_MAX_ITEMS),
    recommended_actions: z.array(Cited).max(SUMMARY_SECTION_MAX_ITEMS),
    quick_stats: z.array(Stat).max(SUMMARY_SECTION_MAX_ITEMS),
  });
}

/**
 * A stored AI summary (S2 §7 stored_summaries): the latest per group is reused for 24 hours.
 * `summary` is the Markdown text (what Copy copies); `sections` the same content with its citations
 * (null for summaries stored before citations existed); `period_from`/`period_to` bound the messages read.
 */
export const StoredSummarySchema = z.object({
  id: z.string(),
  group_id: z.string(),
  summary: z.string(),
  created_at: z.string(),
  sections: SummarySectionsSchema.nullable().default(null),
  period_from: z.string().nullable().default(null),
  period_to: z.string().nullable().default(null),
  /** How many messages the summary read. */
  message_count: z.number().int().min(0).default(0),
  /** 'he' or 'en': the language it is written in. */
  language: z.enum(['he', 'en']).default('en'),
});
export type StoredSummary = z.infer<typeof StoredSummarySchema>;

/** The two prompts a community's summaries use (S2 §3). */
export const SummaryPromptsSchema = z.object({
  system_prompt: z.string(),
  /** May use the template variables of `SUMMARY_PROMPT_TEMPLATE_VARIABLES`. */
  user_prompt: z.string(),
});
export type SummaryPrompts = z.infer<typeof SummaryPromptsSchema>;

/** Which prompt an edit or history item concerns (S2 §7 update_community_summary_prompt). */
export const PromptNameSchema = z.enum(['system_prompt', 'user_prompt']);
export type PromptName = z.infer<typeof PromptNameSchema>;

/** A user-prompt template variable (S2 §3). */
export const PromptTemplateVariableSchema = z.enum(SUMMARY_PROMPT_TEMPLATE_VARIABLES);
export type PromptTemplateVariable = z.infer<typeof PromptTemplateVariableSchema>;

/** Prompt history item (S2 §3). */
export const PromptHistoryItemSchema = z.object({
  id: z.string(),
  prompt_name: PromptNameSchema,
  prompt_content: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type PromptHistoryItem = z.infer<typeof PromptHistoryItemSchema>;

/** Saving a prompt (S2 §7): the prompt's name and its new content. */
export const PromptUpdateSchema = z.object({
  prompt_name: PromptNameSchema,
  prompt_content: z.string(),
});
export type PromptUpdate = z.infer<typeof PromptUpdateSchema>;

/** Most characters of one summary prompt. */
export const SUMMARY_PROMPT_MAX_CHARS = 8000;

/**
 * The prompts summaries use when a community has not written its own (S2 §3). The user prompt uses
 * every template variable (SUMMARY_PROMPT_TEMPLATE_VARIABLES).
 */
export const DEFAULT_SUMMARY_PROMPTS: SummaryPrompts = {
  system_prompt: `You are the assistant of a WhatsApp community's admins. You write short, factual, warm summaries of the
community's recent messages. Never invent facts; quote members sparingly; name people as they appear.`,
  user_prompt: `Community description: {{groupDescription}}
Community goals: {{groupGoals}}
Admins: {{adminNames}}

Previous summary (for continuity; do not repeat it):
{{lastSummary}}

Recent messages:
{{messageData}}`,
};

/** A community's prompts as the Prompt Manager loads them: each with the version it is (null: the default). */
export const CommunitySummaryPromptsSchema = SummaryPromptsSchema.extend({
  system_prompt_version: z.string().nullable(),
  user_prompt_version: z.string().nullable(),
  defaults: SummaryPromptsSchema,
});
export type CommunitySummaryPrompts = z.infer<typeof CommunitySummaryPromptsSchema>;

/** Saving a prompt as a new version: bounded, not blank. */
export const PromptSaveSchema = z.object({
  prompt_name: PromptNameSchema,
  prompt_content: z
    .string()
    .trim()
    .min(1, 'Please enter a prompt')
    .max(SUMMARY_PROMPT_MAX_CHARS, `A prompt can be at most ${SUMMARY_PROMPT_MAX_CHARS} characters`),
});

/** Summary languages an admin may choose: the group's own, Hebrew or English. */
export const DELIVERY_LANGUAGES = ['group', 'he', 'en'] as const;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * A community's summary delivery settings. Whether a daily and a weekly summary are sent, and where
 * (WhatsApp group, spreadsheet or both), are the community's own fields (S1 §2 daily_summary,
 * weekly_summary, summary_destination): these settings read and write them there; the rest (day,
 * time, zone, language, spreadsheet) is stored beside the community.
 */
export const DeliverySettingsSchema = z.object({
  daily_summary: z.boolean(),
  weekly_summary: z.boolean(),
  summary_destination: SummaryDestinationSchema,
  /** The day of the weekly summary. */
  weekly_day: z.enum(WEEKDAYS),
  /** Local time, 24 h "HH:MM". */
  delivery_time: z
    .string()
    .max(5, 'Please enter a time as HH:MM')
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:MM'),
  time_zone: z
    .string()
    .max(64, 'Please choose a valid time zone')
    .refine(isIanaTimeZone, 'Please choose a valid time zone'),
  /** Hebrew, English, or the group's own language. */
  language: z.enum(DELIVERY_LANGUAGES),
  /** The Google spreadsheet id (when the destination includes the sheet). */
  sheet_id: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, 'Please enter the spreadsheet id from its address')
    .nullable(),
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/** The settings as shown: with when they were last saved (null: never, the defaults). */
export const StoredDeliverySettingsSchema = DeliverySettingsSchema.extend({ updated_at: z.string().nullable() });
export type StoredDeliverySettings = z.infer<typeof StoredDeliverySettingsSchema>;

/** What is stored beside the community (the rest lives on the community itself). */
export const DeliveryScheduleSchema = StoredDeliverySettingsSchema.omit({
  daily_summary: true,
  weekly_summary: true,
  summary_destination: true,
});
export type DeliverySchedule = z.infer<typeof DeliveryScheduleSchema>;

/**
 * The default zone of a community (its country): Israel for a Hebrew community, else UTC. Communities
 * do not store a country; their language is the best sign of it we hold.
 */
export function defaultTimeZone(community: { group_language: string | null }): string {
  const lang = (community.group_language ?? '').toLowerCase();
  return lang === 'hebrew' || lang === 'he' ? 'Asia/Jerusalem' : 'UTC';
}

/** The schedule before an admin saves one: 09:00 local, weekly on Sunday, in the group's language. */
export function defaultDeliverySchedule(community: { group_language: string | null }): DeliverySchedule {
  return {
    weekly_day: 'sunday',
    delivery_time: '09:00',
    time_zone: defaultTimeZone(community),
    language: 'group',
    sheet_id: null,
    updated_at: null,
  };
}

/** Where one delivery went: the WhatsApp group or the spreadsheet. */
export const DeliveryDestinationSchema = z.enum(['whatsapp', 'sheet']);
export type DeliveryDestination = z.infer<typeof DeliveryDestinationSchema>;

/**
 * One scheduled delivery of a summary (community + period + destination is its idempotency key):
 * sending while a worker holds it, sent, or failed with the last error after its attempts.
 */
export const SummaryDeliverySchema = z.object({
  period: z.string(),
  kind: z.enum(['daily', 'weekly']),
  destination: DeliveryDestinationSchema,
  status: z.enum(['sending', 'sent', 'failed']),
  attempts: z.number().int().min(0),
  summary_id: z.string().nullable(),
  error: z.string().nullable(),
  updated_at: z.string(),
});
export type SummaryDelivery = z.infer<typeof SummaryDeliverySchema>;
