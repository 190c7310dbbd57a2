import { randomUUID } from 'node:crypto';
import {
  composeActionDetails,
  ACTION_FORM_MESSAGES,
  citedSummarySchema,
  DEFAULT_SUMMARY_PROMPTS,
  STORED_SUMMARY_VALIDITY_MS,
  THREADS_QUERY_LIMIT,
  type Action,
  type ActionForm,
  type Community,
  type GeneratedAction,
  type Message,
  type StoredSummary,
} from '@kehila/shared';
import type { AiCommunityContext } from '../ports/ai';
import { putAction } from '../../data/actions';
import { getCommunity } from '../../data/communities';
import { latestMessages } from '../../data/messages';
import { latestStoredSummary, putSummary } from '../../data/summaries';
import { getDeliverySchedule } from '../../data/summary-settings';
import { communityPrompts } from '../summaries/settings';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';

/** Messages an AI summary or suggestion reads: the newest, in time order. */
const AI_MESSAGE_WINDOW = 200;
/** Source of actions the AI suggested (the spec names only 'manual' for user-created ones). */
export const ACTION_SOURCE_AI = 'ai_suggested';

/** Texts of the server's failures (S2 §8); the UI shows its own fallbacks otherwise. */
export const AI_FAILURES = {
  summary: 'Failed to generate summary',
  suggest: 'Failed to suggest actions',
  generate: 'Failed to generate action with AI',
} as const;

async function communityWithGroup(
  deps: Pick<Deps, 'db'>,
  communityId: string,
): Promise<Community & { group_id: string }> {
  const community = await getCommunity(deps.db, communityId);
  if (!community) throw fail.notFound('Community not found');
  if (!community.group_id) throw fail.badRequest(ACTION_FORM_MESSAGES.groupMissing);
  return community as Community & { group_id: string };
}

function context(c: Community): AiCommunityContext {
  return {
    communityId: c.id,
    name: c.name,
    group_description: c.group_description,
    group_goals: c.group_goals,
    admin_name: c.admin_name,
    group_language: c.group_language,
  };
}

async function recent(deps: Pick<Deps, 'db'>, communityId: string, limit: number): Promise<Message[]> {
  return (await latestMessages(deps.db, communityId, limit)).reverse();
}

/** Create Action (S2 §5, §7.3): a pending, manual action of the caller in the community's group. */
export async function createAction(deps: Deps, communityId: string, user: AuthUser, form: ActionForm): Promise<Action> {
  const community = await communityWithGroup(deps, communityId);
  return putAction(deps.db, communityId, {
    action_id: randomUUID(),
    group_id: community.group_id,
    user_id: user.id,
    title: form.title,
    details: composeActionDetails(form.details, form.evidence, form.assigned_to),
    due_date: form.due_date,
    priority: form.priority,
    status: 'pending',
    assigned_to: form.assigned_to,
    evidence: form.evidence,
    source: 'manual',
    created_at: deps.now().toISOString(),
    reminder_ts: null,
    message_refs: form.message_refs,
  });
}

/** generate-action (S2 §7.2): an AI title and details for one message. */
export async function generateAction(
  deps: Deps,
  input: { message_content: string; Sender_name: string | null; topic: string | null },
): Promise<GeneratedAction> {
  try {
    return await deps.ai.generateAction(input);
  } catch (err) {
    logger.error('generate action failed', { error: err as Error });
    throw fail.unavailable(AI_FAILURES.generate);
  }
}

/** suggest-actions (S2 §7.2): AI suggestions from recent messages, saved as the caller's pending actions. */
export async function suggestActions(deps: Deps, communityId: string, user: AuthUser): Promise<Action[]> {
  const community = await communityWithGroup(deps, communityId);
  const messages = await recent(deps, communityId, AI_MESSAGE_WINDOW);
  let suggestions;
  try {
    suggestions = await deps.ai.suggestActions({ messages, community: context(community) });
  } catch (err) {
    logger.error('suggest actions failed', { error: err as Error });
    throw fail.unavailable(AI_FAILURES.suggest);
  }
  const now = deps.now().toISOString();
  return Promise.all(
    suggestions.map((s) =>
      putAction(deps.db, communityId, {
        action_id: randomUUID(),
        group_id: community.group_id,
        user_id: user.id,
        title: s.title,
        details: composeActionDetails(s.details, s.evidence, s.assigned_to),
        due_date: null,
        priority: s.priority,
        status: 'pending',
        assigned_to: s.assigned_to,
        evidence: s.evidence,
        source: ACTION_SOURCE_AI,
        created_at: now,
        reminder_ts: null,
        message_refs: [],
      }),
    ),
  );
}

/** The stored summary when younger than 24 hours, else null (S2 §4). */
export async function latestSummary(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
): Promise<StoredSummary | null> {
  const s = await latestStoredSummary(deps.db, communityId);
  if (!s) return null;
  return deps.now().getTime() - Date.parse(s.created_at) < STORED_SUMMARY_VALIDITY_MS ? s : null;
}

/**
 * generate-summary (S2 §7.2): an AI summary of recent messages, given the previous one, stored with
 * its period and the message ids each item cites. It uses the community's prompts (Prompt Manager)
 * and its summary language (delivery settings); `since` limits it to messages of a period, `limit`
 * to the newest N (the bot's `/summary N`). Citations are checked against the period's
 * messages before storing; a summary that cites anything else is refused, not stored.
 */
export async function generateSummary(
  deps: Deps,
  communityId: string,
  opts: { readonly since?: string; readonly limit?: number } = {},
): Promise<StoredSummary> {
  const community = await communityWithGroup(deps, communityId);
  const [window, last, prompts, delivery] = await Promise.all([
    recent(deps, communityId, opts.limit ?? Math.max(AI_MESSAGE_WINDOW, THREADS_QUERY_LIMIT)),
    latestStoredSummary(deps.db, communityId),
    communityPrompts(deps, communityId),
    getDeliverySchedule(deps.db, communityId),
  ]);
  // a scheduled summary reads only its period (the last day or week) of the newest messages
  const messages = opts.since ? window.filter((m) => m.timestamp >= opts.since!) : window;
  // the admin's summary language (delivery settings) wins over the group's own
  const language = delivery?.language ?? 'group';
  const ctx = {
    ...context(community),
    ...(language === 'group' ? {} : { group_language: language === 'he' ? 'Hebrew' : 'English' }),
  };
  let draft;
  try {
    draft = await deps.ai.summarize({
      messages,
      community: ctx,
      lastSummary: last?.summary ?? null,
      prompts: {
        system_prompt: prompts.system_prompt ?? DEFAULT_SUMMARY_PROMPTS.system_prompt,
        user_prompt: prompts.user_prompt ?? DEFAULT_SUMMARY_PROMPTS.user_prompt,
      },
    });
  } catch (err) {
    logger.error('summary failed', { error: err as Error });
    throw fail.unavailable(AI_FAILURES.summary);
  }
  const checked = citedSummarySchema(new Set(messages.map((m) => m.msg_id))).safeParse(draft.sections);
  if (!checked.success) {
    logger.error('summary refused: citations outside its period', { communityId, issues: checked.error.issues.length });
    throw fail.unavailable(AI_FAILURES.summary);
  }
  return putSummary(deps.db, communityId, {
    id: randomUUID(),
    group_id: community.group_id,
    summary: draft.text,
    created_at: deps.now().toISOString(),
    sections: checked.data,
    period_from: messages[0]?.timestamp ?? null,
    period_to: messages[messages.length - 1]?.timestamp ?? null,
    message_count: messages.length,
    language: draft.language,
  });
}
