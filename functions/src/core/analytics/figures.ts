import {
  DASHBOARD_LEADERBOARD_SIZE,
  EMOTIONS,
  EMOTIONS_SHOWN_WHEN_EMPTY,
  INTENTS,
  KEYWORDS_CLOUD_TOP,
  TOPIC_TOP_N_OPTIONS,
  UNKNOWN_INTENT,
  overallUrgency,
  toxicityTier,
  toxicityWarning,
  type ActiveUsersEntry,
  type ActivityHour,
  type EmotionCount,
  type Insights,
  type LabelCount,
  type LeaderboardEntry,
} from '@kehila/shared';
import type { RangeSummary } from './range';

/**
 * Pure figures over a range's summary (S2 §9, `range.ts`): each costs O(days + senders + labels),
 * nothing here grows with the number of messages.
 */

/** Every UTC day from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** The day `n` days after (or before, negative) `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Sum of one attribute over the range. */
export function total(sum: RangeSummary, attribute: string): number {
  return sum.values[attribute] ?? 0;
}

/** Sums of the attributes with a prefix, by the rest of the name (`t_hiring` → `hiring`). */
export function sumsByPrefix(values: Readonly<Record<string, number>>, prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of Object.entries(values)) if (k.startsWith(prefix)) out.set(k.slice(prefix.length), v);
  return out;
}

/** Rounds away float noise from decimal sums (aggregates keep 4 decimals). */
const exact = (n: number) => Math.round(n * 10_000) / 10_000;

/** Mean of a sum and a count, null when nothing was scored. */
const meanOf = (sum: number, n: number): number | null => (n > 0 ? exact(sum) / n : null);

/** Mean of a `<name>_sum` / `<name>_n` pair over the range, null when nothing was scored. */
export function mean(sum: RangeSummary, name: 'sentiment' | 'toxicity'): number | null {
  return meanOf(total(sum, `${name}_sum`), total(sum, `${name}_n`));
}

/** Messages per local hour (24 buckets). */
export function activityHours(sum: RangeSummary): ActivityHour[] {
  return sum.hours.map((count, hour) => ({ hour, count }));
}

/** Distinct senders of each day of the range (0 for a day without messages). */
export function activeUsersPerDay(sum: RangeSummary, from: string, to: string): ActiveUsersEntry[] {
  return daysBetween(from, to).map((date) => ({ date, count: sum.days.get(date)?.[1] ?? 0 }));
}

/** The top senders by messages (ties by key, so the order is stable), with their latest names. */
export function leaderboard(sum: RangeSummary, size = DASHBOARD_LEADERBOARD_SIZE): LeaderboardEntry[] {
  return [...sum.senders.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, size)
    .map(([key, cnt]) => ({ Sender_name: sum.names.get(key) ?? null, cnt, sender_hash: key }));
}

function sortedCounts(map: ReadonlyMap<string, number>, limit: number): LabelCount[] {
  return [...map.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([label, count]) => ({ label, count }));
}

/** Emotion counts (S2 §9): every emotion seen; with none, joy, sadness, anger, fear, surprise and neutral at zero. */
export function emotions(sum: RangeSummary): EmotionCount[] {
  const sums = sumsByPrefix(sum.values, 'e_');
  const seen = EMOTIONS.filter((e) => (sums.get(e) ?? 0) > 0);
  if (seen.length === 0) return EMOTIONS_SHOWN_WHEN_EMPTY.map((emotion) => ({ emotion, count: 0 }));
  return seen.map((emotion) => ({ emotion, count: sums.get(emotion) ?? 0 })).sort((a, b) => b.count - a.count);
}

/** Intent counts (S2 §9) with 'unknown' for the messages that have none. */
export function intents(sum: RangeSummary): LabelCount[] {
  const sums = sumsByPrefix(sum.values, 'i_');
  const known = INTENTS.map((label) => ({ label, count: sums.get(label) ?? 0 }));
  const unknown = total(sum, 'count') - known.reduce((n, i) => n + i.count, 0);
  return [...known, { label: UNKNOWN_INTENT, count: Math.max(0, unknown) }]
    .filter((i) => i.count > 0)
    .sort((a, b) => b.count - a.count);
}

/** The analytics charts' figures over a range (everything but the range's own metadata). */
export function insightsOf(
  sum: RangeSummary,
  range: { from: string; to: string },
): Omit<Insights, 'range' | 'time_zone'> {
  const count = total(sum, 'count');
  const days = daysBetween(range.from, range.to);
  const high = total(sum, 'u_high');
  return {
    total_messages: count,
    active_senders: sum.senders.size,
    volume: days.map((date) => ({ date, count: sum.days.get(date)?.[0] ?? 0 })),
    active_users: activeUsersPerDay(sum, range.from, range.to),
    sentiment: {
      average: mean(sum, 'sentiment'),
      labels: {
        Positive: total(sum, 'sl_Positive'),
        Neutral: total(sum, 'sl_Neutral'),
        Negative: total(sum, 'sl_Negative'),
      },
      by_day: days.map((date) => {
        const d = sum.days.get(date);
        return { date, average: d ? meanOf(d[2], d[3]) : null, scored: d?.[3] ?? 0 };
      }),
    },
    emotions: emotions(sum),
    urgency: {
      high,
      medium: total(sum, 'u_medium'),
      low: total(sum, 'u_low'),
      overall: overallUrgency(high, count),
    },
    topics: sortedCounts(sumsByPrefix(sum.values, 't_'), Math.max(...TOPIC_TOP_N_OPTIONS)),
    keywords: sortedCounts(sum.keywords, KEYWORDS_CLOUD_TOP),
    toxicity: days.map((date) => {
      const d = sum.days.get(date);
      const average = d ? meanOf(d[4], d[5]) : null;
      return {
        date,
        average,
        scored: d?.[5] ?? 0,
        tier: toxicityTier(average ?? 0),
        warning: average !== null && toxicityWarning(average),
      };
    }),
    intents: intents(sum),
    activity_hours: activityHours(sum),
  };
}
