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
import { distinctSenders, type AggregateBucket } from '../../data/aggregates';
import { localHoursOfDay } from './zone';

/**
 * Pure figures over day buckets (S2 §9). Each takes the buckets of a range, oldest first, and costs
 * O(buckets × attributes): nothing here grows with the number of messages.
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

/** Sum of one attribute over the buckets. */
export function total(buckets: readonly AggregateBucket[], attribute: string): number {
  let n = 0;
  for (const b of buckets) n += b.values[attribute] ?? 0;
  return n;
}

/** Sums of the attributes with a prefix, by the rest of the name (`t_hiring` → `hiring`). */
export function sumsByPrefix(buckets: readonly AggregateBucket[], prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const b of buckets) {
    for (const [k, v] of Object.entries(b.values))
      if (k.startsWith(prefix)) out.set(k.slice(prefix.length), (out.get(k.slice(prefix.length)) ?? 0) + v);
  }
  return out;
}

/** Rounds away float noise from decimal sums (aggregates keep 4 decimals). */
const exact = (n: number) => Math.round(n * 10_000) / 10_000;

/** Mean of a `<name>_sum` / `<name>_n` pair, null when nothing was scored. */
export function mean(buckets: readonly AggregateBucket[], name: 'sentiment' | 'toxicity'): number | null {
  const n = total(buckets, `${name}_n`);
  return n > 0 ? exact(total(buckets, `${name}_sum`)) / n : null;
}

/** Messages per local hour (24 buckets) in a zone, from the buckets' quarter hours. */
export function activityHours(buckets: readonly AggregateBucket[], timeZone: string): ActivityHour[] {
  const counts = new Array<number>(24).fill(0);
  for (const b of buckets) {
    const hours = localHoursOfDay(timeZone, b.bucket);
    for (const [k, v] of Object.entries(b.values)) {
      const h = k.startsWith('q_') ? hours.get(k) : undefined;
      if (h !== undefined) counts[h] = (counts[h] ?? 0) + v;
    }
  }
  return counts.map((count, hour) => ({ hour, count }));
}

/** One entry per day of the range: the day's value from its bucket, 0 for a day without one. */
export function perDay(
  buckets: readonly AggregateBucket[],
  from: string,
  to: string,
  value: (b: AggregateBucket) => number,
): ActiveUsersEntry[] {
  const byDay = new Map(buckets.map((b) => [b.bucket, b]));
  return daysBetween(from, to).map((date) => {
    const b = byDay.get(date);
    return { date, count: b ? value(b) : 0 };
  });
}

/** Distinct senders of each day. */
export function activeUsersPerDay(buckets: readonly AggregateBucket[], from: string, to: string): ActiveUsersEntry[] {
  return perDay(buckets, from, to, (b) => distinctSenders([b]).size);
}

/** The top senders by messages (ties by key, so the order is stable), with their latest names. */
export function leaderboard(
  buckets: readonly AggregateBucket[],
  size = DASHBOARD_LEADERBOARD_SIZE,
): LeaderboardEntry[] {
  const counts = sumsByPrefix(buckets, 's_');
  const names = new Map<string, string>();
  for (const b of buckets) for (const [k, v] of Object.entries(b.names)) names.set(k, v);
  return [...counts.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, size)
    .map(([key, cnt]) => ({ Sender_name: names.get(key) ?? null, cnt, sender_hash: key }));
}

function sortedCounts(map: Map<string, number>, limit: number): LabelCount[] {
  return [...map.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([label, count]) => ({ label, count }));
}

/** Emotion counts (S2 §9): every emotion seen; with none, joy, sadness, anger, fear, surprise and neutral at zero. */
export function emotions(buckets: readonly AggregateBucket[]): EmotionCount[] {
  const sums = sumsByPrefix(buckets, 'e_');
  const seen = EMOTIONS.filter((e) => (sums.get(e) ?? 0) > 0);
  if (seen.length === 0) return EMOTIONS_SHOWN_WHEN_EMPTY.map((emotion) => ({ emotion, count: 0 }));
  return seen.map((emotion) => ({ emotion, count: sums.get(emotion) ?? 0 })).sort((a, b) => b.count - a.count);
}

/** Intent counts (S2 §9) with 'unknown' for the messages that have none. */
export function intents(buckets: readonly AggregateBucket[]): LabelCount[] {
  const sums = sumsByPrefix(buckets, 'i_');
  const known = INTENTS.map((label) => ({ label, count: sums.get(label) ?? 0 }));
  const unknown = total(buckets, 'count') - known.reduce((n, i) => n + i.count, 0);
  return [...known, { label: UNKNOWN_INTENT, count: Math.max(0, unknown) }]
    .filter((i) => i.count > 0)
    .sort((a, b) => b.count - a.count);
}

/** The analytics charts' figures over a range (everything but the range's own metadata). */
export function insightsOf(
  buckets: readonly AggregateBucket[],
  keywordBuckets: readonly AggregateBucket[],
  range: { from: string; to: string },
  timeZone: string,
): Omit<Insights, 'range' | 'time_zone'> {
  const count = total(buckets, 'count');
  const byDay = new Map(buckets.map((b) => [b.bucket, b]));
  const days = daysBetween(range.from, range.to);
  const high = total(buckets, 'u_high');
  return {
    total_messages: count,
    active_senders: distinctSenders(buckets).size,
    volume: perDay(buckets, range.from, range.to, (b) => b.values.count ?? 0),
    active_users: activeUsersPerDay(buckets, range.from, range.to),
    sentiment: {
      average: mean(buckets, 'sentiment'),
      labels: {
        Positive: total(buckets, 'sl_Positive'),
        Neutral: total(buckets, 'sl_Neutral'),
        Negative: total(buckets, 'sl_Negative'),
      },
      by_day: days.map((date) => {
        const b = byDay.get(date);
        return { date, average: b ? mean([b], 'sentiment') : null, scored: b?.values.sentiment_n ?? 0 };
      }),
    },
    emotions: emotions(buckets),
    urgency: {
      high,
      medium: total(buckets, 'u_medium'),
      low: total(buckets, 'u_low'),
      overall: overallUrgency(high, count),
    },
    topics: sortedCounts(sumsByPrefix(buckets, 't_'), Math.max(...TOPIC_TOP_N_OPTIONS)),
    keywords: sortedCounts(sumsByPrefix(keywordBuckets, 'k_'), KEYWORDS_CLOUD_TOP),
    toxicity: days.map((date) => {
      const b = byDay.get(date);
      const average = b ? mean([b], 'toxicity') : null;
      return {
        date,
        average,
        scored: b?.values.toxicity_n ?? 0,
        tier: toxicityTier(average ?? 0),
        warning: average !== null && toxicityWarning(average),
      };
    }),
    intents: intents(buckets),
    activity_hours: activityHours(buckets, timeZone),
  };
}
