import { queryAll, type Db } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { messageFromItem } from '@kehila/functions/data/messages';
import type { Message } from '@kehila/shared';

/**
 * The dashboard's and analytics' figures computed the slow, obvious way: read every message of the
 * range and count. The integration test holds the aggregates to it; bench/dashboard times it.
 * Written independently of core/analytics on purpose (its own hour and label arithmetic).
 */

export interface RawRow {
  readonly message: Message;
  readonly senderKey: string;
}

/** Every message of the UTC days `from`–`to` (inclusive), with the stored sender key. */
export async function scanMessages(db: Db, communityId: string, from: string, to: string): Promise<RawRow[]> {
  return queryAll(
    db,
    { pk: keys.messagePartition(communityId), sk: { between: [`${from}T00:00:00.000Z`, `${to}T23:59:59.999Z~`] } },
    { map: (item) => ({ message: messageFromItem(item), senderKey: String(item.sender_key) }) },
  );
}

function localHour(iso: string, timeZone: string): number {
  const h = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return Number(h);
}

function label(s: number): string {
  return s > 0.1 ? 'Positive' : s < -0.1 ? 'Negative' : 'Neutral';
}

/** The figures of a range as the spec's client would compute them from raw rows. */
export function aggregateRows(rows: readonly RawRow[], timeZone: string) {
  const senders = new Set<string>();
  const perSender = new Map<string, number>();
  const perDaySenders = new Map<string, Set<string>>();
  const perDay = new Map<string, number>();
  const hours = new Array<number>(24).fill(0);
  const topics = new Map<string, number>();
  const keywords = new Map<string, number>();
  const emotions = new Map<string, number>();
  const intents = new Map<string, number>();
  const labels: Record<string, number> = { Positive: 0, Neutral: 0, Negative: 0 };
  const urgency = { high: 0, medium: 0, low: 0 };
  let sentimentSum = 0;
  let sentimentN = 0;
  for (const { message: m, senderKey } of rows) {
    const day = m.timestamp.slice(0, 10);
    senders.add(senderKey);
    perSender.set(senderKey, (perSender.get(senderKey) ?? 0) + 1);
    perDaySenders.set(day, (perDaySenders.get(day) ?? new Set()).add(senderKey));
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    const h = localHour(m.timestamp, timeZone);
    hours[h] = (hours[h] ?? 0) + 1;
    if (m.topic) topics.set(m.topic, (topics.get(m.topic) ?? 0) + 1);
    for (const k of new Set(m.keywords.map((k) => k.trim().toLowerCase()).filter(Boolean)))
      keywords.set(k, (keywords.get(k) ?? 0) + 1);
    if (m.emotion) emotions.set(m.emotion, (emotions.get(m.emotion) ?? 0) + 1);
    intents.set(m.intent ?? 'unknown', (intents.get(m.intent ?? 'unknown') ?? 0) + 1);
    if (m.urgency) urgency[m.urgency] += 1;
    if (typeof m.sentiment === 'number') {
      sentimentSum += Math.round(m.sentiment * 10_000) / 10_000;
      sentimentN += 1;
      labels[label(m.sentiment)] = (labels[label(m.sentiment)] ?? 0) + 1;
    }
  }
  return {
    total: rows.length,
    distinctSenders: senders.size,
    perSender,
    perDay,
    activeUsersPerDay: new Map([...perDaySenders].map(([d, s]) => [d, s.size])),
    hours,
    topics,
    keywords,
    emotions,
    intents,
    labels,
    urgency,
    avgSentiment: sentimentN > 0 ? sentimentSum / sentimentN : null,
  };
}
