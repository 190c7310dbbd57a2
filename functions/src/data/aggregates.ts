import { DeleteCommand, PutCommand, UpdateCommand } from './table-client';
import type { Message } from '@kehila/shared';
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
 * | `toxicity_sum`, `toxicity_n` | the same for toxicity |
 * | `s_<senderKey>` | messages per sender (keyed hash, never a phone number) |
 *
 * Plus `community_id`, `day` (and `hour` on hour buckets). Hours are UTC; a reader shifts them to
 * the viewer's zone.
 */

export type AggregateDelta = Record<string, number>;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** What one message adds to its buckets. */
export function messageDelta(message: Message, senderKey: string): AggregateDelta {
  const d: AggregateDelta = { count: 1, [`s_${senderKey}`]: 1 };
  if (message.urgency) d[`u_${message.urgency}`] = 1;
  if (message.topic) d[`t_${message.topic}`] = 1;
  if (message.emotion) d[`e_${message.emotion}`] = 1;
  if (message.intent) d[`i_${message.intent}`] = 1;
  if (typeof message.sentiment === 'number') {
    d.sentiment_sum = round(message.sentiment);
    d.sentiment_n = 1;
  }
  if (typeof message.toxicity === 'number') {
    d.toxicity_sum = round(message.toxicity);
    d.toxicity_n = 1;
  }
  return d;
}

/** Adds `b` into `a`. */
export function addDelta(a: AggregateDelta, b: AggregateDelta): AggregateDelta {
  for (const [k, v] of Object.entries(b)) a[k] = round((a[k] ?? 0) + v);
  return a;
}

/** One bucket update: which community and bucket, and what to add. */
export interface BucketAdd {
  readonly communityId: string;
  readonly kind: 'day' | 'hour';
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH`. */
  readonly bucket: string;
  readonly delta: AggregateDelta;
}

function bucketKey(b: Pick<BucketAdd, 'communityId' | 'kind' | 'bucket'>) {
  return b.kind === 'day' ? keys.aggregateDay(b.communityId, b.bucket) : keys.aggregateHour(b.communityId, b.bucket);
}

/** Applies one ADD update to a bucket (created on first use). */
export async function addToBucket(db: Db, b: BucketAdd): Promise<void> {
  const names: Record<string, string> = { '#cid': 'community_id', '#day': 'day', '#entity': 'entity' };
  const values: Record<string, unknown> = {
    ':cid': b.communityId,
    ':day': b.bucket.slice(0, 10),
    ':entity': b.kind === 'day' ? 'aggregate_day' : 'aggregate_hour',
  };
  const adds: string[] = [];
  Object.entries(b.delta).forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    adds.push(`#a${i} :a${i}`);
  });
  const sets = ['#cid = :cid', '#day = :day', '#entity = :entity'];
  if (b.kind === 'hour') {
    names['#hour'] = 'hour';
    values[':hour'] = b.bucket;
    sets.push('#hour = :hour');
  }
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: bucketKey(b),
      UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
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
    merged.set(id, prev ? { ...prev, delta: addDelta({ ...prev.delta }, a.delta) } : { ...a, delta: { ...a.delta } });
  }
  await Promise.all([...merged.values()].map((b) => addToBucket(db, b)));
}

/** A bucket as read back: its numeric attributes. */
export interface AggregateBucket {
  readonly bucket: string;
  readonly values: Readonly<Record<string, number>>;
}

function toBucket(item: Record<string, unknown>, kind: 'day' | 'hour'): AggregateBucket {
  const values: Record<string, number> = {};
  for (const [k, v] of Object.entries(item)) if (typeof v === 'number' && k !== 'ttl') values[k] = v;
  return { bucket: String(kind === 'day' ? item.day : item.hour), values };
}

async function queryBuckets(
  db: Db,
  communityId: string,
  kind: 'day' | 'hour',
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

/**
 * Distinct senders who wrote on or after `sinceDay` (`YYYY-MM-DD`, UTC), from the day buckets:
 * the "active members" figure (member_count = distinct senders in the last 30 days).
 */
export async function activeSenderCount(db: Db, communityId: string, sinceDay: string): Promise<number> {
  const senders = new Set<string>();
  for (const b of await readDayBuckets(db, communityId, sinceDay, '9999-12-31')) {
    for (const [k, v] of Object.entries(b.values)) if (k.startsWith('s_') && v > 0) senders.add(k);
  }
  return senders.size;
}

/** Replaces a day's buckets with freshly computed ones (recount). Hours with no message are deleted. */
export async function replaceDayBuckets(
  db: Db,
  communityId: string,
  day: string,
  dayDelta: AggregateDelta,
  hourDeltas: ReadonlyMap<string, AggregateDelta>,
): Promise<void> {
  const existingHours = await readHourBuckets(db, communityId, `${day}T00`, `${day}T23`);
  const put = (kind: 'day' | 'hour', bucket: string, delta: AggregateDelta) =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...bucketKey({ communityId, kind, bucket }),
          entity: kind === 'day' ? 'aggregate_day' : 'aggregate_hour',
          community_id: communityId,
          day,
          ...(kind === 'hour' ? { hour: bucket } : {}),
          ...delta,
        },
      }),
    );
  const writes: Promise<unknown>[] = [];
  if (Object.keys(dayDelta).length > 0) writes.push(put('day', day, dayDelta));
  else writes.push(db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.aggregateDay(communityId, day) })));
  for (const [hour, delta] of hourDeltas) writes.push(put('hour', hour, delta));
  for (const h of existingHours) {
    if (!hourDeltas.has(h.bucket)) {
      writes.push(
        db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.aggregateHour(communityId, h.bucket) })),
      );
    }
  }
  await Promise.all(writes);
}
