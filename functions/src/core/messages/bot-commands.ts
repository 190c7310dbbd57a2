import type { Deps } from '../deps';
import { logger } from '../logger';
import type { BotCommandJob } from '../queues';
import { keys } from '../../data/keys';
import { takeFromWindow } from '../../data/rate-limits';
import { claimSend, settleSend } from '../../data/send-claims';
import { communityZone } from '../summaries/settings';
import { generateSummary } from './ai-actions';
import { localClock, whatsappText } from '../summaries/delivery';
import { communityHasFeature } from '../access/entitlements';
import { getCommunity } from '../../data/communities';
import { getDeliverySchedule } from '../../data/summary-settings';
import type { Community } from '@kehila/shared';
import { FEATURE_PLAN, upgradeMessage } from '@kehila/shared/api/plans';

/** Messages `/summary` reads when no number is given, and the most `/summary N` reads. */
export const BOT_SUMMARY_DEFAULT = 100;
export const BOT_SUMMARY_MAX = 500;
/** Commands a group may send per window before the bot stops answering until the window ends. */
export const BOT_COMMAND_LIMIT = { limit: 5, seconds: 600 } as const;

/** The bot's command, when a message is one: `/summary`, `/summary N`, `/summary today`, `/help`, `/id`. */
export function parseBotCommand(text: string): Pick<BotCommandJob, 'command' | 'count' | 'today'> | null {
  const t = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (t === '/help') return { command: 'help', count: null, today: false };
  if (t === '/id') return { command: 'id', count: null, today: false };
  if (t === '/summary') return { command: 'summary', count: null, today: false };
  if (t === '/summary today') return { command: 'summary', count: null, today: true };
  const n = /^\/summary (\d{1,6})$/.exec(t);
  if (n) return { command: 'summary', count: Math.max(1, Math.min(BOT_SUMMARY_MAX, Number(n[1]))), today: false };
  return null;
}

/** The language of the bot's own replies in a group. */
export type BotLanguage = 'en' | 'he';

/** The bot's /help text, in the group's language. */
export function helpReply(lang: BotLanguage = 'en'): string {
  const lines =
    lang === 'he'
      ? [
          '*פקודות הבוט של Kehila*',
          `/summary — סיכום של ${BOT_SUMMARY_DEFAULT} ההודעות האחרונות`,
          `/summary N — סיכום של N ההודעות האחרונות (עד ${BOT_SUMMARY_MAX})`,
          '/summary today — סיכום ההודעות של היום',
          '/id — מזהה הקבוצה (לחיבור הקבוצה באפליקציית Kehila)',
          '/help — הרשימה הזו',
        ]
      : [
          '*Kehila bot commands*',
          `/summary — a summary of the last ${BOT_SUMMARY_DEFAULT} messages`,
          `/summary N — a summary of the last N messages (at most ${BOT_SUMMARY_MAX})`,
          '/summary today — a summary of today’s messages',
          '/id — this group’s id (for connecting it in the Kehila app)',
          '/help — this list',
        ];
  return lines.join('\n');
}

/** The bot's /id answer: the app's own label ("Group ID") kept beside the Hebrew one. */
export function idReply(groupId: string, lang: BotLanguage = 'en'): string {
  return lang === 'he' ? `מזהה הקבוצה (Group ID): ${groupId}` : `Group ID: ${groupId}`;
}

/**
 * The language the bot answers a group in: its summaries' language when an admin chose one in the
 * delivery settings, else the group's own (Hebrew for a Hebrew group, English otherwise).
 */
async function replyLanguage(deps: Deps, community: Community | null): Promise<BotLanguage> {
  if (!community) return 'en';
  const delivery = await getDeliverySchedule(deps.db, community.id);
  if (delivery?.language === 'he' || delivery?.language === 'en') return delivery.language;
  return community.group_language === 'Hebrew' ? 'he' : 'en';
}

/**
 * Answers a bot command in its group through the WhatsApp port (the gateway's send API; the outbox
 * locally), once: the answer to a command message is claimed before it is written (queues deliver at
 * least once; a failed send is claimed again by the retry). Commands are rate-limited per group
 * (BOT_COMMAND_LIMIT); past the limit the bot stays silent until the window ends. The command itself
 * was never stored as a message.
 */
export async function answerBotCommand(deps: Deps, job: BotCommandJob): Promise<{ replied: boolean }> {
  const now = deps.now();
  const claim = job.msgId ? keys.botReply(job.communityId, job.msgId) : null;
  if (claim && !(await claimSend(deps.db, claim, now, { entity: 'bot-reply', command: job.command }))) {
    logger.info('bot command already answered', { communityId: job.communityId, command: job.command });
    return { replied: false };
  }
  const start = Math.floor(now.getTime() / 1000 / BOT_COMMAND_LIMIT.seconds) * BOT_COMMAND_LIMIT.seconds;
  const fits = await takeFromWindow(deps.db, {
    bucket: 'bot-commands',
    subject: job.groupId,
    start,
    seconds: BOT_COMMAND_LIMIT.seconds,
    limit: BOT_COMMAND_LIMIT.limit,
  });
  if (!fits) {
    logger.info('bot command over the group limit: not answered', {
      communityId: job.communityId,
      command: job.command,
    });
    if (claim) await settleSend(deps.db, claim, 'capped', now);
    return { replied: false };
  }
  try {
    await deps.whatsapp.send({
      communityId: job.communityId,
      groupId: job.groupId,
      text: await answerText(deps, job, now),
    });
  } catch (err) {
    if (claim) await settleSend(deps.db, claim, 'failed', deps.now(), (err as Error).message);
    throw err;
  }
  if (claim) await settleSend(deps.db, claim, 'sent', deps.now());
  return { replied: true };
}

/** What the bot answers to a command. */
async function answerText(deps: Deps, job: BotCommandJob, now: Date): Promise<string> {
  const community = await getCommunity(deps.db, job.communityId);
  if (job.command === 'help') return helpReply(await replyLanguage(deps, community));
  if (job.command === 'id') return idReply(job.groupId, await replyLanguage(deps, community));
  // AI summaries are a Pro feature (S3 §6); the refusal is the spec's text
  if (community && !(await communityHasFeature(deps, community, 'daily_summaries')))
    return upgradeMessage(FEATURE_PLAN.daily_summaries);
  let since: string | undefined;
  if (job.today) {
    const { timeZone } = await communityZone(deps, job.communityId);
    // local midnight of today in the community's zone
    since = new Date(
      now.getTime() - localClock(now, timeZone).minutes * 60_000 - now.getUTCSeconds() * 1000,
    ).toISOString();
  }
  const summary = await generateSummary(deps, job.communityId, {
    ...(since ? { since } : {}),
    limit: job.count ?? BOT_SUMMARY_DEFAULT,
  });
  return whatsappText(summary.summary);
}
