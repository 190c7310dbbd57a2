import {
  DASHBOARD_MAX_RANGE_DAYS,
  DASHBOARD_RECENT_MESSAGES,
  avgMessagesDivisor,
  type Dashboard,
  type Insights,
  type RecentMessage,
} from '@kehila/shared';
import { queryMessagePage } from '../../data/messages';
import { communityZone } from '../summaries/settings';
import type { Deps } from '../deps';
import { fail } from '../errors';
import {
  activeUsersPerDay,
  activityHours,
  addDays,
  daysBetween,
  insightsOf,
  leaderboard,
  mean,
  total,
} from './figures';
import { readDays, readRange } from './range';
import { localDay, localDayStart, quarterAt } from './zone';

type AnalyticsDeps = Pick<Deps, 'db' | 'now'>;

/**
 * The days a dashboard filter covers (S2 §9): both dates as given; a start date only, to today; an
 * end date only, the 30 days to it; no dates, the 90 days to today. Today is the community's.
 */
export function dashboardRange(
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string; divisor: number } {
  const divisor = avgMessagesDivisor(query.from, query.to, today);
  let from: string;
  let to: string;
  if (query.from && query.to) [from, to] = [query.from, query.to];
  else if (query.from) [from, to] = [query.from, query.from > today ? query.from : today];
  else if (query.to) [from, to] = [addDays(query.to, -(divisor - 1)), query.to];
  else [from, to] = [addDays(today, -(divisor - 1)), today];
  if (daysBetween(from, to).length > DASHBOARD_MAX_RANGE_DAYS) {
    throw fail.badRequest(`Please choose at most ${DASHBOARD_MAX_RANGE_DAYS} days`, [
      { path: 'from', message: `Please choose at most ${DASHBOARD_MAX_RANGE_DAYS} days` },
    ]);
  }
  return { from, to, divisor };
}

/** Messages of the community's local today, exactly, from the quarter hours of the UTC days it spans. */
async function messagesToday(deps: AnalyticsDeps, communityId: string, timeZone: string): Promise<number> {
  const today = localDay(timeZone, deps.now().getTime());
  const start = localDayStart(timeZone, today);
  const end = localDayStart(timeZone, addDays(today, 1));
  const first = quarterAt(start).day;
  const last = quarterAt(end - 1).day;
  const byDay = await readDays(deps, communityId, first === last ? [first] : [first, last]);
  let n = 0;
  for (let t = start; t < end; t += 15 * 60_000) {
    const { day, quarter } = quarterAt(t);
    n += byDay.get(day)?.[quarter] ?? 0;
  }
  return n;
}

/** The latest messages of a range of UTC days, newest first. */
async function recentMessages(
  deps: AnalyticsDeps,
  communityId: string,
  from: string,
  to: string,
): Promise<RecentMessage[]> {
  const page = await queryMessagePage(deps.db, communityId, {
    order: 'desc',
    limit: DASHBOARD_RECENT_MESSAGES,
    from: `${from}T00:00:00.000Z`,
    to: `${addDays(to, 1)}T00:00:00.000Z`,
  });
  return page.items.map((m) => ({
    msg_id: m.msg_id,
    Sender_name: m.Sender_name,
    content: m.content,
    timestamp: m.timestamp,
    urgency: m.urgency,
    sentiment: m.sentiment,
    sender_hash: m.sender_hash,
  }));
}

/**
 * The dashboard (S2 §2.2, §9) of a community: the range's sealed blocks and live days (`readRange`),
 * today's one or two UTC days, the latest five messages and the community item, whatever the number
 * of messages.
 */
export async function getDashboard(
  deps: AnalyticsDeps,
  communityId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Dashboard> {
  const { community, timeZone } = await communityZone(deps, communityId);
  const today = localDay(timeZone, deps.now().getTime());
  const range = dashboardRange(query, today);
  const [sum, today_, recent] = await Promise.all([
    readRange(deps, communityId, range, timeZone, { keywords: false }),
    messagesToday(deps, communityId, timeZone),
    recentMessages(deps, communityId, range.from, range.to),
  ]);
  const count = total(sum, 'count');
  return {
    range: { from: range.from, to: range.to, days: daysBetween(range.from, range.to).length },
    time_zone: timeZone,
    total_messages: count,
    avg_divisor_days: range.divisor,
    total_members: sum.senders.size,
    messages_today: today_,
    avg_sentiment: mean(sum, 'sentiment'),
    high_urgency_pct: count > 0 ? (total(sum, 'u_high') / count) * 100 : 0,
    avg_msgs_per_day: count / range.divisor,
    admin_name: community?.admin_name ?? null,
    leaderboard: leaderboard(sum),
    recent_messages: recent,
    activity_hours: activityHours(sum),
    active_users_over_time: activeUsersPerDay(sum, range.from, range.to),
  };
}

/** The analytics charts (S2 §2.5) over the last `days` days to the community's today. */
export async function getInsights(
  deps: AnalyticsDeps,
  communityId: string,
  query: { days: number },
): Promise<Insights> {
  const { timeZone } = await communityZone(deps, communityId);
  const to = localDay(timeZone, deps.now().getTime());
  const from = addDays(to, -(query.days - 1));
  const sum = await readRange(deps, communityId, { from, to }, timeZone, { keywords: true });
  return {
    range: { from, to, days: query.days },
    time_zone: timeZone,
    ...insightsOf(sum, { from, to }),
  };
}
