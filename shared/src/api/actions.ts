import * as z from 'zod';
import { CommunityParams, IdSchema, route } from './contract';
import { ACTION_PRIORITY_FILTERS, ACTION_TABS } from '../constants';
import { ACTION_SORT_KEYS, DEFAULT_ACTION_SORT_KEY } from '../rules/actions';
import {
  ActionCountsSchema,
  ActionFormSchema,
  ActionPrioritySchema,
  ActionSchema,
  ActionStatusSchema,
} from '../schemas/actions';

/** Most actions one page of the Actions screen holds. */
export const ACTION_PAGE_MAX = 100;
/** Most actions one bulk call changes or deletes. */
export const ACTION_BULK_MAX = 100;

/**
 * The Actions screen's list (S2 §2.3, §7.3, §9): the caller's own actions of one tab, optionally of
 * one priority, in one of the sort orders; paginated with an opaque cursor.
 */
export const ActionListQuerySchema = z.object({
  tab: z.enum(ACTION_TABS).default('pending'),
  priority: z.enum(ACTION_PRIORITY_FILTERS).default('all'),
  sort: z.enum(ACTION_SORT_KEYS).default(DEFAULT_ACTION_SORT_KEY),
  limit: z.coerce.number().int().min(1).max(ACTION_PAGE_MAX).default(50),
  cursor: z.string().max(2048, 'Invalid cursor').optional(),
});
export type ActionListQuery = z.input<typeof ActionListQuerySchema>;

/** A page of actions and the count badge of every tab (counts ignore the priority filter). */
export const ActionPageSchema = z.object({
  items: z.array(ActionSchema),
  nextCursor: z.string().nullable(),
  counts: ActionCountsSchema,
});
export type ActionPage = z.infer<typeof ActionPageSchema>;

/** What one change does (S2 §7.3 UPDATE): the edit form's fields, the status, a snooze, or the priority. */
const EditChange = ActionFormSchema.omit({ message_refs: true }).extend({ kind: z.literal('edit') });
const StatusChange = z.object({ kind: z.literal('status'), status: ActionStatusSchema });
const SnoozeChange = z.object({ kind: z.literal('snooze') });
const PriorityChange = z.object({ kind: z.literal('priority'), priority: ActionPrioritySchema });

/** A change of one action. */
export const ActionChangeSchema = z.discriminatedUnion('kind', [
  EditChange,
  StatusChange,
  SnoozeChange,
  PriorityChange,
]);
export type ActionChange = z.output<typeof ActionChangeSchema>;
export type ActionChangeInput = z.input<typeof ActionChangeSchema>;

/** A change of several actions at once (S2 §7.3 bulk UPDATE: status, snooze or priority). */
export const BulkActionChangeSchema = z.discriminatedUnion('kind', [StatusChange, SnoozeChange, PriorityChange]);
export type BulkActionChange = z.output<typeof BulkActionChangeSchema>;

const ActionIds = z.array(IdSchema).max(ACTION_BULK_MAX, `At most ${ACTION_BULK_MAX} actions at once`);

/** The path of one action. */
export const ActionParams = CommunityParams.extend({ actionId: IdSchema });

/** What one Process Reminders call did (S2 §7.3 process-reminders: `processed`). */
export const ProcessRemindersResultSchema = z.object({
  /** Reminders sent. */
  processed: z.number().int().nonnegative(),
  /** Due reminders with nobody to send them to (no assignee, owner or admin with a WhatsApp number). */
  unreachable: z.number().int().nonnegative(),
  /** Due reminders the gateway refused; they stay due and go with the next call. */
  failed: z.number().int().nonnegative(),
});
export type ProcessRemindersResult = z.infer<typeof ProcessRemindersResultSchema>;

export const actionRoutes = {
  listActions: route({
    method: 'GET',
    path: '/api/communities/{communityId}/actions',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary:
      "The caller's own actions (S2 §2.3, §7.3): a page of one tab (pending, due_soon, completed, all), priority filter and sort, with every tab's count.",
    params: CommunityParams,
    query: ActionListQuerySchema,
    response: ActionPageSchema,
  }),
  getAction: route({
    method: 'GET',
    path: '/api/communities/{communityId}/actions/{actionId}',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary: "One of the caller's actions (the detail dialog and the `?action=` deep link); 404 for anyone else's.",
    params: ActionParams,
    response: ActionSchema,
  }),
  updateAction: route({
    method: 'PATCH',
    path: '/api/communities/{communityId}/actions/{actionId}',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary:
      "Changes one of the caller's actions (S2 §4, §7.3). Body by `kind`: `edit` (title, details, due_date, priority, assigned_to, evidence), `status` (status), `snooze` (due date and reminder +1 day, pending only) or `priority` (priority).",
    params: ActionParams,
    body: ActionChangeSchema,
    response: ActionSchema,
  }),
  deleteAction: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/actions/{actionId}',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary: "Deletes one of the caller's actions (S2 §7.3).",
    params: ActionParams,
    response: z.object({ deleted: z.number().int().nonnegative() }),
  }),
  bulkUpdateActions: route({
    method: 'POST',
    path: '/api/communities/{communityId}/actions/bulk-update',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary:
      "Changes several of the caller's actions (S2 §7.3 bulk UPDATE): status, snooze (pending ones only) or priority. A selection holding an action that is not theirs changes nothing (404).",
    params: CommunityParams,
    body: z.object({ action_ids: ActionIds, change: BulkActionChangeSchema }),
    response: z.object({ updated: z.number().int().nonnegative() }),
  }),
  processReminders: route({
    method: 'POST',
    path: '/api/communities/{communityId}/actions/process-reminders',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary:
      "Process Reminders (S2 §2.3, §7.3): sends each of the caller's pending actions whose reminder time (reminder_ts, else due date) has come a WhatsApp reminder, once per reminder time, to the assignee when they are a member with a phone, else the caller, else an admin; the outbox locally.",
    params: CommunityParams,
    response: ProcessRemindersResultSchema,
    uses: { whatsapp: ['send'], secrets: ['whatsapp'] },
  }),
  bulkDeleteActions: route({
    method: 'POST',
    path: '/api/communities/{communityId}/actions/bulk-delete',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary:
      "Deletes several of the caller's actions (S2 §7.3 bulk DELETE). A selection holding an action that is not theirs deletes nothing (404).",
    params: CommunityParams,
    body: z.object({ action_ids: ActionIds }),
    response: z.object({ deleted: z.number().int().nonnegative() }),
  }),
};
