import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { sentimentLabel, type Message } from '@kehila/shared';
import { queryAll, type Db } from './db';
import { keys } from './keys';

/**
 * Pre-computed message aggregates per community per UTC day and per UTC hour (ARCHITECTURE §5.3).
 * Each bucket is one item with flat numeric attributes updated with ADD, so dashboards read a few
 * items per day shown instead of every message:
 *
 * | attribute | meaning |
 * |---|---|
 * | `count` | messages |
 * | `u_high`, `u_medium`, `u_low` | messages per urgency |
 * | `t_<topic>` | messages per topic (messages without a topic are not counted here) |
 * | `e_<emotion>`, `i_<intent>` | messages per emotion / intent |
 * | `sentiment_sum`, `sentiment_n` | sum and number of scored sentiments (mean = sum / n) |
 * | `sl_Positive`, `sl_Neutral`, `sl_Negative` | scored messages per sentiment label (S2 §9) |
 * | `toxicity_sum`, `toxicity_n` | the same for toxicity |
 * | `s_<senderKey>` | messages per sender (keyed hash, never a phone number) |
 * | `q_<HHMM>` | messages per UTC quarter hour (`0915` = 09:15–09:30): local hours in any zone, half- and quarter-hour offsets included |
 *
 * Plus `community_id`, `day` (and `hour` on hour buckets); day buckets also SET `n_<senderKey>`, the
 * sender's latest display name (leaderboard). A day's keyword counts `k_<keyword>` live in their own
 * item (`KW#<day>`), read only by the analytics that show keywords. Days and hours are UTC; a reader
 * shifts quarter hours to the viewer's zone.
 */

export type AggregateDelta = Record<string, number>;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The quarter-hour attribute of an ISO UTC timestamp: `q_HHMM`, minutes floored to 00, 15, 30 or 45. */
export function quarterOf(iso: string): string {
  const minute = Number(iso.slice(14, 16));
  return `q_${iso.slice(11, 13)}${String(Math.floor(minute / 15) * 15).padStart(2, '0')}`;
}

/** Longest keyword counted (longer ones are cut): attribute names stay far below DynamoDB's limit. */
const KEYWORD_MAX_CHARS = 60;

/** A message's keywords as counted: trimmed, lower-case, cut, once each. */
export function countedKeywords(message: Message): string[] {
  const out = new Set<string>();
  for (const k of message.keywords) {
    const w = k.trim().toLocaleLowerCase().slice(0, KEYWORD_MAX_CHARS);
    if (w) out.add(w);
  }
  return [...out];
}

/** What one message adds to its day and hour buckets (keywords apart: `keywordDelta`). */
export function messageDelta(message: Message, senderKey: string): AggregateDelta {
  const d: AggregateDelta = { count: 1, [`s_${senderKey}`]: 1, [quarterOf(message.timestamp)]: 1 };
  if (message.urgency) d[`u_${message.urgency}`] = 1;
  if (message.topic) d[`t_${message.topic}`] = 1;
  if (message.emotion) d[`e_${message.emotion}`] = 1;
  if (message.intent) d[`i_${message.intent}`] = 1;
  if (typeof message.sentiment === 'number') {
    d.sentiment_sum = round(message.sentiment);
    d.sentiment_n = 1;
    d[`sl_${sentimentLabel(message.sentiment)}`] = 1;
  }
  if (typeof message.toxicity === 'number') {
    d.toxicity_sum = round(message.toxicity);
    d.toxicity_n = 1;
  }
  return d;
}

/** What one message adds to its day's keyword item (empty when it has none). */
export function keywordDelta(message: Message): AggregateDelta {
  const d: AggregateDelta = {};
  for (const k of countedKeywords(message)) d[`k_${k}`] = 1;
  return d;
}

/** Adds `b` into `a`. */
export function addDelta(a: AggregateDelta, b: AggregateDelta): AggregateDelta {
  for (const [k, v] of Object.entries(b)) a[k] = round((a[k] ?? 0) + v);
  return a;
}

/** Bucket kinds: a UTC day, a UTC hour, a UTC day's keywords. */
export type BucketKind = 'day' | 'hour' | 'keywords';

/** One bucket update: which community and bucket, and what to add. */
export interface BucketAdd {
  readonly communityId: string;
  readonly kind: BucketKind;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH`. */
  readonly bucket: string;
  readonly delta: AggregateDelta;
  /** Sender display names to set, by sender key (day buckets). */
  readonly names?: Readonly<Record<string, string>>;
}

const ENTITY: Record<BucketKind, string> = {
  day: 'aggregate_day',
  hour: 'aggregate_hour',
  keywords: 'aggregate_keywords',
};

function bucketKey(b: Pick<BucketAdd, 'communityId' | 'kind' | 'bucket'>) {
  if (b.kind === 'day') return keys.aggregateDay(b.communityId, b.bucket);
  if (b.kind === 'hour') return keys.aggregateHour(b.communityId, b.bucket);
  return keys.aggregateKeywords(b.communityId, b.bucket);
}

/** Most attributes one UpdateItem changes: keeps the expression well inside DynamoDB's 4 KB limit. */
const ATTRIBUTES_PER_UPDATE = 60;

/** Applies one ADD update to a bucket (created on first use); a large delta goes in several updates. */
export async function addToBucket(db: Db, b: BucketAdd): Promise<void> {
  const entries: [string, number | string][] = [
    ...Object.entries(b.delta),
    ...Object.entries(b.names ?? {}).map(([k, v]): [string, string] => [`n_${k}`, v]),
  ];
  for (let at = 0; at < entries.length || at === 0; at += ATTRIBUTES_PER_UPDATE) {
    const names: Record<string, string> = { '#cid': 'community_id', '#day': 'day', '#entity': 'entity' };
    const values: Record<string, unknown> = {
      ':cid': b.communityId,
      ':day': b.bucket.slice(0, 10),
      ':entity': ENTITY[b.kind],
    };
    const adds: string[] = [];
    const sets = ['#cid = :cid', '#day = :day', '#entity = :entity'];
    if (b.kind === 'hour') {
      names['#hour'] = 'hour';
      values[':hour'] = b.bucket;
      sets.push('#hour = :hour');
    }
    entries.slice(at, at + ATTRIBUTES_PER_UPDATE).forEach(([k, v], i) => {
      names[`#a${i}`] = k;
      values[`:a${i}`] = v;
      if (typeof v === 'number') adds.push(`#a${i} :a${i}`);
      else sets.push(`#a${i} = :a${i}`);
    });
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: bucketKey(b),
        UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    if (entries.length === 0) break;
  }
}

/** The bucket updates of newly stored messages: day, hour and (when it has keywords) the day's keywords. */
export function bucketAddsOf(communityId: string, message: Message, senderKey: string): BucketAdd[] {
  const delta = messageDelta(message, senderKey);
  const day = message.timestamp.slice(0, 10);
  const adds: BucketAdd[] = [
    {
      communityId,
      kind: 'day',
      bucket: day,
      delta,
      ...(message.Sender_name ? { names: { [senderKey]: message.Sender_name } } : {}),
    },
    { communityId, kind: 'hour', bucket: message.timestamp.slice(0, 13), delta },
  ];
  const kw = keywordDelta(message);
  if (Object.keys(kw).length > 0) adds.push({ communityId, kind: 'keywords', bucket: day, delta: kw });
  return adds;
}

/**
 * Merges per-message deltas into one update per bucket (a batch of ten messages of one community
 * in one hour is two writes, not twenty) and applies them.
 */
export async function applyBucketAdds(db: Db, adds: readonly BucketAdd[]): Promise<void> {
  const merged = new Map<string, BucketAdd>();
  for (const a of adds) {
    const id = `${a.communityId}\n${a.kind}\n${a.bucket}`;
    const prev = merged.get(id);
    merged.set(
      id,
      prev
        ? { ...prev, delta: addDelta({ ...prev.delta }, a.delta), names: { ...prev.names, ...a.names } }
        : { ...a, delta: { ...a.delta } },
    );
  }
  await Promise.all([...merged.values()].map((b) => addToBucket(db, b)));
}

/** A bucket as read back: its numeric attributes, and on day buckets the senders' names. */
export interface AggregateBucket {
  readonly bucket: string;
  readonly values: Readonly<Record<string, number>>;
  /** Sender display names by sender key (day buckets). */
  readonly names: Readonly<Record<string, string>>;
}

function toBucket(item: Record<string, unknown>, kind: BucketKind): AggregateBucket {
  const values: Record<string, number> = {};
  const names: Record<string, string> = {};
  for (const [k, v] of Object.entries(item)) {
    if (typeof v === 'number' && k !== 'ttl') values[k] = v;
    else if (typeof v === 'string' && k.startsWith('n_')) names[k.slice(2)] = v;
  }
  return { bucket: String(kind === 'hour' ? item.hour : item.day), values, names };
}

async function queryBuckets(
  db: Db,
  communityId: string,
  kind: BucketKind,
  from: string,
  to: string,
): Promise<AggregateBucket[]> {
  const lo = bucketKey({ communityId, kind, bucket: from });
  const hi = bucketKey({ communityId, kind, bucket: to });
  return queryAll(db, { pk: lo.pk, sk: { between: [lo.sk, hi.sk] } }, { map: (item) => toBucket(item, kind) });
}

/** Day buckets from `fromDay` to `toDay` inclusive (`YYYY-MM-DD`), oldest first. */
export function readDayBuckets(db: Db, communityId: string, fromDay: string, toDay: string) {
  return queryBuckets(db, communityId, 'day', fromDay, toDay);
}

/** Hour buckets from `fromHour` to `toHour` inclusive (`YYYY-MM-DDTHH`), oldest first. */
export function readHourBuckets(db: Db, communityId: string, fromHour: string, toHour: string) {
  return queryBuckets(db, communityId, 'hour', fromHour, toHour);
}

/** Keyword buckets from `fromDay` to `toDay` inclusive, oldest first (values `k_<keyword>`). */
export function readKeywordBuckets(db: Db, communityId: string, fromDay: string, toDay: string) {
  return queryBuckets(db, communityId, 'keywords', fromDay, toDay);
}

/** A day's buckets as recomputed from its messages (recount). */
export interface DayRecount {
  readonly day: AggregateDelta;
  readonly hours: ReadonlyMap<string, AggregateDelta>;
  readonly keywords: AggregateDelta;
  readonly names: Readonly<Record<string, string>>;
}

/** The stored values of a day (day bucket, its hours, its keywords), for a drift report. */
export async function readStoredDay(
  db: Db,
  communityId: string,
  day: string,
): Promise<{ day: AggregateDelta; hours: Map<string, AggregateDelta>; keywords: AggregateDelta }> {
  const get = async (kind: BucketKind) => {
    const res = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: bucketKey({ communityId, kind, bucket: day }), ConsistentRead: true }),
    );
    return res.Item ? { ...toBucket(res.Item, kind).values } : {};
  };
  const [dayValues, keywordValues, hours] = await Promise.all([
    get('day'),
    get('keywords'),
    readHourBuckets(db, communityId, `${day}T00`, `${day}T23`),
  ]);
  return { day: dayValues, keywords: keywordValues, hours: new Map(hours.map((h) => [h.bucket, { ...h.values }])) };
}

/** Replaces a day's buckets with freshly computed ones (recount). Hours with no message are deleted. */
export async function replaceDayBuckets(
  db: Db,
  communityId: string,
  day: string,
  fresh: DayRecount,
  existingHours: readonly string[],
): Promise<void> {
  const put = (kind: BucketKind, bucket: string, values: Record<string, unknown>) =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...bucketKey({ communityId, kind, bucket }),
          entity: ENTITY[kind],
          community_id: communityId,
          day,
          ...(kind === 'hour' ? { hour: bucket } : {}),
          ...values,
        },
      }),
    );
  const remove = (kind: BucketKind, bucket: string) =>
    db.doc.send(new DeleteCommand({ TableName: db.table, Key: bucketKey({ communityId, kind, bucket }) }));
  const names = Object.fromEntries(Object.entries(fresh.names).map(([k, v]) => [`n_${k}`, v]));
  const writes: Promise<unknown>[] = [
    Object.keys(fresh.day).length > 0 ? put('day', day, { ...fresh.day, ...names }) : remove('day', day),
    Object.keys(fresh.keywords).length > 0 ? put('keywords', day, fresh.keywords) : remove('keywords', day),
  ];
  for (const [hour, delta] of fresh.hours) writes.push(put('hour', hour, delta));
  for (const h of existingHours) if (!fresh.hours.has(h)) writes.push(remove('hour', h));
  await Promise.all(writes);
}
