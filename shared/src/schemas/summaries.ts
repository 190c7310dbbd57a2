import * as z from 'zod';
import { SUMMARY_PROMPT_TEMPLATE_VARIABLES } from '../constants';

/** A stored AI summary (S2 §7 stored_summaries): the latest per group is reused for 24 hours. */
export const StoredSummarySchema = z.object({
  id: z.string(),
  group_id: z.string(),
  summary: z.string(),
  created_at: z.string(),
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
