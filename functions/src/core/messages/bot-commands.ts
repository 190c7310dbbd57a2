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

/** The bot's /help text. */
export function helpReply(): string {
  return [
    '*Kehila bot commands*',
    `/summary — a summary of the last ${BOT_SUMMARY_DEFAULT} messages`,
    `/summary N — a summary of the last N messages (at most ${BOT_SUMMARY_MAX})`,
    '/summary today — a summary of today’s messages',
    '/id — this group’s id (for connecting it in the Kehila app)',
    '/help — this list',
  ].join('\n');
}

/** Whether the community's plan includes AI summaries (S3 §6: a Pro feature). */
async function summariesIncluded(deps: Deps, communityId: string): Promise<boolean> {
  const community = await getCommunity(deps.db, communityId);
  return !community || (await communityHasFeature(deps, community, 'daily_summaries'));
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
  if (job.command === 'help') return helpReply();
  if (job.command === 'id') return `Group ID: ${job.groupId}`;
  if (!(await summariesIncluded(deps, job.communityId))) return upgradeMessage(FEATURE_PLAN.daily_summaries);
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
