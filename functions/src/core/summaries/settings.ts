import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SUMMARY_PROMPTS,
  defaultDeliverySchedule,
  defaultTimeZone,
  type Community,
  type DeliverySchedule,
  PROMPT_HISTORY_MAX,
  type CommunitySummaryPrompts,
  type DeliverySettings,
  type PromptHistoryItem,
  type PromptName,
  type StoredDeliverySettings,
  type SummaryPrompts,
} from '@kehila/shared';
import { getCommunity, updateCommunity } from '../../data/communities';
import {
  getDeliverySchedule,
  promptVersions,
  putDeliverySchedule,
  putDeliveryScheduleIfUnchanged,
  putPromptVersion,
  type PromptVersion,
} from '../../data/summary-settings';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';

/** The newest version of each prompt (the one in use), if any was saved. */
function newestOf(versions: readonly PromptVersion[]): Partial<Record<PromptName, PromptVersion>> {
  const out: Partial<Record<PromptName, PromptVersion>> = {};
  for (const v of versions) out[v.prompt_name] ??= v;
  return out;
}

/** The prompts a community's summaries use: its newest saved versions, null for a prompt never saved. */
export async function communityPrompts(deps: Pick<Deps, 'db'>, communityId: string): Promise<Partial<SummaryPrompts>> {
  const newest = newestOf(await promptVersions(deps.db, communityId));
  return {
    ...(newest.system_prompt ? { system_prompt: newest.system_prompt.prompt_content } : {}),
    ...(newest.user_prompt ? { user_prompt: newest.user_prompt.prompt_content } : {}),
  };
}

/** get_community_summary_prompts (S2 §7.5): the prompts in use, their versions, and the defaults. */
export async function getSummaryPrompts(deps: Pick<Deps, 'db'>, communityId: string): Promise<CommunitySummaryPrompts> {
  const newest = newestOf(await promptVersions(deps.db, communityId));
  return {
    system_prompt: newest.system_prompt?.prompt_content ?? DEFAULT_SUMMARY_PROMPTS.system_prompt,
    user_prompt: newest.user_prompt?.prompt_content ?? DEFAULT_SUMMARY_PROMPTS.user_prompt,
    system_prompt_version: newest.system_prompt?.id ?? null,
    user_prompt_version: newest.user_prompt?.id ?? null,
    defaults: DEFAULT_SUMMARY_PROMPTS,
  };
}

function historyItem(v: PromptVersion, active: boolean): PromptHistoryItem {
  return {
    id: v.id,
    prompt_name: v.prompt_name,
    prompt_content: v.prompt_content,
    is_active: active,
    created_at: v.created_at,
  };
}

/** get_community_prompt_history (S2 §7.5): every version, newest first, the ones in use marked active. */
export async function promptHistory(deps: Pick<Deps, 'db'>, communityId: string): Promise<PromptHistoryItem[]> {
  const versions = await promptVersions(deps.db, communityId);
  const newest = newestOf(versions);
  return versions.slice(0, PROMPT_HISTORY_MAX).map((v) => historyItem(v, newest[v.prompt_name]?.id === v.id));
}

/** update_community_summary_prompt (S2 §7.5): the content becomes a new version, the one in use. */
export async function saveSummaryPrompt(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  body: { prompt_name: PromptName; prompt_content: string },
): Promise<PromptHistoryItem> {
  const v = await putPromptVersion(deps.db, communityId, {
    id: randomUUID(),
    prompt_name: body.prompt_name,
    prompt_content: body.prompt_content,
    created_at: deps.now().toISOString(),
    created_by: user.id,
  });
  return historyItem(v, true);
}

/** Restores an earlier version by saving its content again as the newest version of its prompt. */
export async function restorePromptVersion(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  versionId: string,
): Promise<PromptHistoryItem> {
  const old = (await promptVersions(deps.db, communityId)).find((v) => v.id === versionId);
  if (!old) throw fail.notFound('Prompt version not found');
  return saveSummaryPrompt(deps, communityId, user, {
    prompt_name: old.prompt_name,
    prompt_content: old.prompt_content,
  });
}

async function communityOf(deps: Pick<Deps, 'db'>, communityId: string): Promise<Community> {
  const community = await getCommunity(deps.db, communityId);
  if (!community) throw fail.notFound('Community not found');
  return community;
}

function merged(community: Community, schedule: DeliverySchedule): StoredDeliverySettings {
  return {
    daily_summary: community.daily_summary,
    weekly_summary: community.weekly_summary,
    summary_destination: community.summary_destination,
    ...schedule,
  };
}

/**
 * The community and its time zone: the zone of its summary delivery settings (issue 10), or until an
 * admin saves them the default for the community (its language's country). Hours, "today" and the
 * end of the default ranges are the community's, whoever looks: two members abroad see the same
 * figures. Aggregates stay in UTC quarter hours, so a change of zone needs no re-aggregation.
 */
export async function communityZone(
  deps: Pick<Deps, 'db'>,
  communityId: string,
): Promise<{ community: Community | null; timeZone: string }> {
  const [community, schedule] = await Promise.all([
    getCommunity(deps.db, communityId),
    getDeliverySchedule(deps.db, communityId),
  ]);
  const timeZone = schedule?.time_zone ?? (community ? defaultTimeZone(community) : 'UTC');
  return { community, timeZone };
}

/** A community's delivery settings: its own daily/weekly/destination fields and its schedule (defaults until saved). */
export async function deliverySettings(deps: Pick<Deps, 'db'>, communityId: string): Promise<StoredDeliverySettings> {
  const [community, schedule] = await Promise.all([
    communityOf(deps, communityId),
    getDeliverySchedule(deps.db, communityId),
  ]);
  return merged(community, schedule ?? defaultDeliverySchedule(community));
}

/** Saves a community's delivery settings: the community's fields on it, the schedule beside it. */
export async function saveDeliverySettings(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  settings: DeliverySettings,
): Promise<StoredDeliverySettings> {
  const now = deps.now().toISOString();
  const { daily_summary, weekly_summary, summary_destination, ...rest } = settings;
  const community = await updateCommunity(deps.db, communityId, {
    daily_summary,
    weekly_summary,
    summary_destination,
    updated_at: now,
  });
  if (!community) throw fail.notFound('Community not found');
  const schedule = await putDeliverySchedule(
    deps.db,
    communityId,
    { ...rest, updated_at: now },
    daily_summary || weekly_summary,
  );
  return merged(community, schedule);
}

/**
 * Keeps a community's place in the scheduler in step with its own `daily_summary` and
 * `weekly_summary` (S1 §2: weekly on by default), so a community is scheduled without its admin ever
 * opening the Delivery card: a schedule never saved is (re)written as the default for the community
 * as it is now (its zone follows the group's language); a saved one keeps its values and only
 * enters or leaves the index. Called when a community is created and when its information changes.
 */
export async function syncDeliverySchedule(deps: Pick<Deps, 'db'>, community: Community): Promise<void> {
  const saved = await getDeliverySchedule(deps.db, community.id);
  const expected = saved?.updated_at ?? null;
  const schedule = expected && saved ? saved : defaultDeliverySchedule(community);
  // lost only to an admin's save made meanwhile, which placed the community in the index itself
  await putDeliveryScheduleIfUnchanged(
    deps.db,
    community.id,
    schedule,
    community.daily_summary || community.weekly_summary,
    expected,
  );
}
