import * as z from 'zod';
import { ACTION_SOURCE_MANUAL, DEFAULT_ACTION_PRIORITY } from '../constants';
import { GENERIC_FIELD_MESSAGES, optionalIsoDate, optionalText } from './shared-fields';
import { ACTION_FORM_MESSAGES } from '../rules/action-messages';

/** Action priority (S2 §3). */
export const ActionPrioritySchema = z.enum(['low', 'medium', 'high']);
export type ActionPriority = z.infer<typeof ActionPrioritySchema>;
/** Action status (S2 §3): pending to done and back (S2 §4). */
export const ActionStatusSchema = z.enum(['pending', 'done']);
export type ActionStatus = z.infer<typeof ActionStatusSchema>;

/** An action item (S2 §3 table actions). */
export const ActionSchema = z.object({
  action_id: z.string(),
  group_id: z.string(),
  user_id: z.string().nullable(),
  title: z.string(),
  details: z.string().nullable(),
  /** ISO timestamp or null. */
  due_date: z.string().nullable(),
  priority: ActionPrioritySchema.default(DEFAULT_ACTION_PRIORITY),
  status: ActionStatusSchema.default('pending'),
  assigned_to: z.string().nullable(),
  evidence: z.string().nullable(),
  /** 'manual' for user-created actions; the spec names no other value, AI-suggested ones may differ. */
  source: z.string().default(ACTION_SOURCE_MANUAL),
  created_at: z.string(),
  reminder_ts: z.string().nullable(),
  message_refs: z.array(z.string()).default([]),
  /** When Process Reminders last sent this action's reminder (not in S2 §3: it keeps a reminder from going twice). */
  reminded_at: z.string().nullable().optional(),
});
export type Action = z.infer<typeof ActionSchema>;

export { ACTION_FORM_MESSAGES };

/** The longest title of an action, and the longest details (the specs give neither). */
export const ACTION_TITLE_MAX_LENGTH = 200;
export const ACTION_DETAILS_MAX_LENGTH = 10_000;

const nullableText = (max: number) => optionalText(max);

/**
 * Create/edit action form (S2 §5): title required and not whitespace only; priority medium by
 * default; empty assigned_to and evidence saved as null; due date an ISO string or null.
 */
export const ActionFormSchema = z.object({
  title: z
    .string({ error: ACTION_FORM_MESSAGES.titleRequired })
    .trim()
    .min(1, ACTION_FORM_MESSAGES.titleRequired)
    .max(ACTION_TITLE_MAX_LENGTH, GENERIC_FIELD_MESSAGES.tooLong(ACTION_TITLE_MAX_LENGTH)),
  details: nullableText(ACTION_DETAILS_MAX_LENGTH),
  due_date: optionalIsoDate(),
  priority: ActionPrioritySchema.default(DEFAULT_ACTION_PRIORITY),
  assigned_to: nullableText(200),
  evidence: nullableText(2000),
  message_refs: z.array(z.string().max(100)).max(50, GENERIC_FIELD_MESSAGES.tooMany(50)).default([]),
});
export type ActionForm = z.output<typeof ActionFormSchema>;
export type ActionFormInput = z.input<typeof ActionFormSchema>;

/** An AI-suggested action (S2 §7 suggest-actions). */
export const SuggestedActionSchema = z.object({
  title: z.string(),
  details: z.string().nullable(),
  evidence: z.string().nullable(),
  assigned_to: z.string().nullable(),
  priority: ActionPrioritySchema,
});
export type SuggestedAction = z.infer<typeof SuggestedActionSchema>;

/** An AI-generated action for one message (S2 §7 generate-action). */
export const GeneratedActionSchema = z.object({
  title: z.string(),
  /** May contain 'Evidence:' and 'Assigned to:' sections. */
  details: z.string(),
});
export type GeneratedAction = z.infer<typeof GeneratedActionSchema>;

/** Action counts by tab (S2 §2). */
export const ActionCountsSchema = z.object({
  pending: z.number().int().nonnegative(),
  due_soon: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  all: z.number().int().nonnegative(),
});
export type ActionCounts = z.infer<typeof ActionCountsSchema>;
