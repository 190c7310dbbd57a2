import * as z from 'zod';
import { CommunityParams, IdSchema, route } from './contract';
import {
  CommunitySummaryPromptsSchema,
  DeliverySettingsSchema,
  PromptHistoryItemSchema,
  PromptSaveSchema,
  StoredDeliverySettingsSchema,
  SummaryDeliverySchema,
} from '../schemas/summaries';

/** Most prompt versions the history returns (newest first). */
export const PROMPT_HISTORY_MAX = 100;

/**
 * The Summary Prompt Manager (S2 §2.4, §3, §7.5) and the per-community delivery settings: admins only,
 * behind the paywall. A save never overwrites: it adds a version, and a restore adds a version with
 * the restored content, so the history keeps every prompt that was ever used.
 */
export const summaryRoutes = {
  getSummaryPrompts: route({
    method: 'GET',
    path: '/api/communities/{communityId}/summary-prompts',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    summary:
      "The community's system and user prompts (its newest versions, else the defaults) and the defaults (S2 §7.5 get_community_summary_prompts).",
    params: CommunityParams,
    response: CommunitySummaryPromptsSchema,
  }),
  getPromptHistory: route({
    method: 'GET',
    path: '/api/communities/{communityId}/summary-prompts/history',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    summary:
      'Every saved version of both prompts, newest first; is_active marks the version in use (S2 §7.5 get_community_prompt_history).',
    params: CommunityParams,
    response: z.object({ items: z.array(PromptHistoryItemSchema) }),
  }),
  saveSummaryPrompt: route({
    method: 'POST',
    path: '/api/communities/{communityId}/summary-prompts',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    feature: 'custom_summary_scheduling',
    status: 201,
    summary: 'Saves a prompt as a new version, which becomes the one in use (S2 §7.5 update_community_summary_prompt).',
    params: CommunityParams,
    body: PromptSaveSchema,
    response: PromptHistoryItemSchema,
  }),
  restorePromptVersion: route({
    method: 'POST',
    path: '/api/communities/{communityId}/summary-prompts/history/{versionId}/restore',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    feature: 'custom_summary_scheduling',
    status: 201,
    summary:
      'Restores an earlier version: saved again as the newest version of its prompt (404 for an unknown version).',
    params: CommunityParams.extend({ versionId: IdSchema }),
    response: PromptHistoryItemSchema,
  }),
  getDeliverySettings: route({
    method: 'GET',
    path: '/api/communities/{communityId}/delivery-settings',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    summary:
      "When and where summaries are sent: the community's daily/weekly/destination fields, and the day, local time, IANA zone, language and spreadsheet (defaults until saved).",
    params: CommunityParams,
    response: StoredDeliverySettingsSchema,
  }),
  updateDeliverySettings: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/delivery-settings',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    feature: 'custom_summary_scheduling',
    summary: 'Saves the delivery settings; a spreadsheet destination needs a spreadsheet id.',
    params: CommunityParams,
    body: DeliverySettingsSchema.refine((s) => s.summary_destination === 'whatsapp' || !!s.sheet_id, {
      message: 'Please enter the spreadsheet id',
      path: ['sheet_id'],
    }),
    response: StoredDeliverySettingsSchema,
  }),
  listSummaryDeliveries: route({
    method: 'GET',
    path: '/api/communities/{communityId}/summary-deliveries',
    auth: 'admin',
    area: 'summaries',
    requires: 'active-plan',
    summary:
      'The newest scheduled deliveries (period, destination, sent/sending/failed, attempts, the error of a failed one), newest first.',
    params: CommunityParams,
    response: z.object({ items: z.array(SummaryDeliverySchema) }),
  }),
};
