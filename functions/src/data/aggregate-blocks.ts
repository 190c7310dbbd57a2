import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from './table-client';
import { batchGet, conditionHolds, queryAll, type Db } from './db';
import { keys } from './keys';
import type { AggregateBucket } from './aggregates';

/**
 * Sealed aggregate blocks (docs/analytics.md, "Sealed blocks"). The live day buckets hold one
 * attribute per sender, keyword and quarter hour, so reading 90 of them costs tens of thousands of
 * attributes. Once a UTC day is over, a seal packs it into a block item (`BLK#<level>#<start>`):
 * a block of level L covers the 2^L days from `start` (aligned on days since 1970-01-01), holds the
 * sum of its days as one JSON string (`p`), its keyword counts in another (`kw`), and is built from
 * the day's live buckets (level 0) or from its two halves. Any range of days is a few blocks per
 * level, so a read costs O(log days) items whatever the number of messages.
 *
 * Exactness: a block is valid only while `built` equals `dirty`. Whoever changes a sealed day's live
 * buckets (the worker counting a late message, a recount) first writes the buckets, then ADDs 1 to
 * `dirty` of every block holding the day, level 0 first. A seal reads `dirty` before the buckets it
 * packs and writes on condition that `dirty` has not moved, so a block never hides a change: it is
 * valid and includes it, or invalid and the reader falls back to the live buckets.
 */

/** Highest block level: 2^8 = 256 days, enough for the dashboard's 366-day range in a few blocks. */
export const MAX_BLOCK_LEVEL = 8;

/** Most keywords a block keeps (the rest are summed in `rest`): keeps an item far below 400 KB. */
export const KEYWORDS_PER_BLOCK = 5000;

const DAY_MS = 86_400_000;

/** One UTC day's figures kept per day inside a block: the per-day series of the charts. */
export type DayFigures = readonly [
  count: number,
  senders: number,
  sentimentSum: number,
  sentimentN: number,
  toxicitySum: number,
  toxicityN: number,
];

/** What a block holds (JSON in `p`). */
export interface BlockData {
  /** Sums of the day buckets' numeric attributes, senders apart: `count`, `u_*`, `t_*`, `q_*`, sums… */
  readonly v: Record<string, number>;
  /** Messages per sender key. */
  readonly s: Record<string, number>;
  /** The latest display name per sender key. */
  readonly n: Record<string, string>;
  /** Per day with messages (`YYYY-MM-DD`). */
  readonly d: Record<string, DayFigures>;
}

/** A block's keyword counts (JSON in `kw`): the top `KEYWORDS_PER_BLOCK`, and the messages' other keyword counts summed. */
export interface BlockKeywords {
  readonly k: Record<string, number>;
  readonly rest: number;
}

/** A block's place: level and first day. */
export interface BlockRef {
  readonly level: number;
  readonly start: string;
}

/** A block as read: valid (sealed and untouched since) or not. */
export interface StoredBlock extends BlockRef {
  readonly valid: boolean;
  /** The random id of the seal that wrote it: same stamp, same content. */
  readonly stamp?: string | undefined;
  readonly data: BlockData | null;
  readonly keywords: BlockKeywords | null;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
export const dayIndex = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The `YYYY-MM-DD` of a day index. */
export const dayOfIndex = (i: number): string => new Date(i * DAY_MS).toISOString().slice(0, 10);

/** The last day of a block. */
export const blockEnd = (b: BlockRef): string => dayOfIndex(dayIndex(b.start) + 2 ** b.level - 1);

/** The blocks holding a day, level 0 first. */
export function blocksOf(day: string): BlockRef[] {
  const i = dayIndex(day);
  return Array.from({ length: MAX_BLOCK_LEVEL + 1 }, (_, level) => ({
    level,
    start: dayOfIndex(i - (((i % 2 ** level) + 2 ** level) % 2 ** level)),
  }));
}

/** An empty block. */
export const emptyBlock = (): BlockData => ({ v: {}, s: {}, n: {}, d: {} });

/** A day's block content from its live day bucket. */
export function blockOfDay(day: AggregateBucket | undefined): BlockData {
  const out = emptyBlock();
  if (!day) return out;
  let senders = 0;
  for (const [k, v] of Object.entries(day.values)) {
    if (k.startsWith('s_')) {
      if (v > 0) {
        out.s[k.slice(2)] = v;
        senders++;
      }
    } else out.v[k] = v;
  }
  Object.assign(out.n, day.names);
  const v = out.v;
  if ((v.count ?? 0) > 0) {
    out.d[day.bucket] = [
      v.count ?? 0,
      senders,
      v.sentiment_sum ?? 0,
      v.sentiment_n ?? 0,
      v.toxicity_sum ?? 0,
      v.toxicity_n ?? 0,
    ];
  }
  return out;
}

/** A day's keyword counts from its live keyword bucket. */
export function keywordsOfDay(kw: AggregateBucket | undefined): BlockKeywords {
  const k: Record<string, number> = {};
  for (const [name, v] of Object.entries(kw?.values ?? {})) if (name.startsWith('k_') && v > 0) k[name.slice(2)] = v;
  return { k, rest: 0 };
}

/** The sum of two blocks, `later` after `earlier` (its names win). */
export function mergeBlocks(earlier: BlockData, later: BlockData): BlockData {
  const v = { ...earlier.v };
  for (const [k, x] of Object.entries(later.v)) v[k] = round((v[k] ?? 0) + x);
  const s = { ...earlier.s };
  for (const [k, x] of Object.entries(later.s)) s[k] = (s[k] ?? 0) + x;
  return { v, s, n: { ...earlier.n, ...later.n }, d: { ...earlier.d, ...later.d } };
}

/** The sum of two blocks' keywords, cut to the top `KEYWORDS_PER_BLOCK` (ties by name). */
export function mergeKeywords(a: BlockKeywords, b: BlockKeywords): BlockKeywords {
  const k = { ...a.k };
  for (const [name, x] of Object.entries(b.k)) k[name] = (k[name] ?? 0) + x;
  return capKeywords({ k, rest: a.rest + b.rest });
}

function capKeywords(kw: BlockKeywords): BlockKeywords {
  const entries = Object.entries(kw.k);
  if (entries.length <= KEYWORDS_PER_BLOCK) return kw;
  entries.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  let rest = kw.rest;
  for (const [, x] of entries.slice(KEYWORDS_PER_BLOCK)) rest += x;
  return { k: Object.fromEntries(entries.slice(0, KEYWORDS_PER_BLOCK)), rest };
}

const blockKey = (communityId: string, b: BlockRef) => keys.aggregateBlock(communityId, b.level, b.start);

function parse<T>(v: unknown): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : null;
}

function toStored(item: Record<string, unknown>): StoredBlock {
  const dirty = typeof item.dirty === 'number' ? item.dirty : 0;
  return {
    level: Number(item.level),
    start: String(item.start),
    valid: typeof item.built === 'number' && item.built === dirty && typeof item.p === 'string',
    stamp: typeof item.stamp === 'string' ? item.stamp : undefined,
    data: parse<BlockData>(item.p),
    keywords: parse<BlockKeywords>(item.kw),
  };
}

/**
 * Parsed sealed blocks kept by this process, by table, community, level and start, with the `stamp`
 * they were read at. A block's content never changes while it stays valid (a change ADDs to `dirty`;
 * a seal writes new content with a new random `stamp`), so a valid block whose stored `stamp` is the
 * cached one holds the cached content: a reader checks the states (a few short attributes) and reads
 * and parses only the blocks it does not hold. Bounded by the size of their JSON (`CACHE_CHARS`), the
 * least recently used dropped first. A Lambda container serving a community's dashboard again pays
 * one small BatchGet instead of the blocks' hundreds of kilobytes.
 */
const CACHE_CHARS = 32_000_000;
interface Cached {
  /** The block's `stamp`: a random id each seal writes, so a deleted and re-sealed block is not taken for the old one. */
  readonly stamp: string;
  readonly data: BlockData;
  readonly keywords: BlockKeywords | null;
  readonly chars: number;
}
const blockCache = new Map<string, Cached>();
let cachedChars = 0;

function remember(id: string, entry: Cached) {
  const old = blockCache.get(id);
  if (old) cachedChars -= old.chars;
  blockCache.delete(id);
  blockCache.set(id, entry);
  cachedChars += entry.chars;
  for (const [k, v] of blockCache) {
    if (cachedChars <= CACHE_CHARS) break;
    blockCache.delete(k);
    cachedChars -= v.chars;
  }
}

/**
 * Some blocks, by `level#start`; keywords only when asked for. First their states (one BatchGet per
 * 100 of `level`, `start`, `dirty`, `built`), then the content of the valid ones this process does
 * not hold parsed at the same `built` (one more BatchGet per 100).
 */
export async function readBlocks(
  db: Db,
  communityId: string,
  refs: readonly BlockRef[],
  opts: { keywords: boolean },
): Promise<Map<string, StoredBlock>> {
  const cacheId = (level: number, start: string) => `${db.table}#${communityId}#${level}#${start}`;
  const states = await batchGet(
    db,
    refs.map((r) => blockKey(communityId, r)),
    { attributes: ['level', 'start', 'dirty', 'built', 'stamp'] },
  );
  const out = new Map<string, StoredBlock>();
  const missing: BlockRef[] = [];
  for (const item of states) {
    // An item only `dirty` ever touched has no level: it is invalid, as a missing block.
    if (item.level === undefined) continue;
    const level = Number(item.level);
    const start = String(item.start);
    const dirty = typeof item.dirty === 'number' ? item.dirty : 0;
    if (typeof item.built !== 'number' || item.built !== dirty) {
      out.set(`${level}#${start}`, { level, start, valid: false, data: null, keywords: null });
      continue;
    }
    const hit = blockCache.get(cacheId(level, start));
    if (hit && hit.stamp === item.stamp && (!opts.keywords || hit.keywords)) {
      remember(cacheId(level, start), hit);
      out.set(`${level}#${start}`, {
        level,
        start,
        valid: true,
        stamp: hit.stamp,
        data: hit.data,
        keywords: hit.keywords,
      });
    } else missing.push({ level, start });
  }
  if (missing.length === 0) return out;
  const attributes = ['level', 'start', 'p', 'dirty', 'built', 'stamp', ...(opts.keywords ? ['kw'] : [])];
  const items = await batchGet(
    db,
    missing.map((r) => blockKey(communityId, r)),
    { attributes },
  );
  for (const item of items) {
    if (item.level === undefined) continue;
    const b = toStored(item);
    out.set(`${b.level}#${b.start}`, b);
    if (b.valid && b.data && typeof item.stamp === 'string') {
      const chars = String(item.p).length + (typeof item.kw === 'string' ? item.kw.length : 0);
      remember(cacheId(b.level, b.start), { stamp: item.stamp, data: b.data, keywords: b.keywords, chars });
    }
  }
  return out;
}

/** Every block's state (`dirty`, `built`), without its content: what a seal still has to build. */
export async function blockStates(
  db: Db,
  communityId: string,
): Promise<Map<string, { dirty: number; valid: boolean }>> {
  const rows = await queryAll(
    db,
    { pk: keys.aggregatePartition(communityId), sk: { prefix: 'BLK#' } },
    { attributes: ['sk', 'dirty', 'built'], map: (item) => item },
  );
  const out = new Map<string, { dirty: number; valid: boolean }>();
  for (const r of rows) {
    const [, level, start] = String(r.sk).split('#');
    const dirty = typeof r.dirty === 'number' ? r.dirty : 0;
    out.set(`${Number(level)}#${start}`, { dirty, valid: typeof r.built === 'number' && r.built === dirty });
  }
  return out;
}

/**
 * Writes a sealed block on condition that its `dirty` is still `seenDirty` (read before its content
 * was): false when a change landed meanwhile (the block stays invalid until the next seal).
 */
export function writeBlock(
  db: Db,
  communityId: string,
  ref: BlockRef,
  content: { data: BlockData; keywords: BlockKeywords },
  seenDirty: number,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...blockKey(communityId, ref),
          entity: 'aggregate_block',
          community_id: communityId,
          level: ref.level,
          start: ref.start,
          p: JSON.stringify(content.data),
          kw: JSON.stringify(capKeywords(content.keywords)),
          dirty: seenDirty,
          built: seenDirty,
          stamp: randomUUID(),
        },
        ConditionExpression: seenDirty === 0 ? 'attribute_not_exists(dirty) OR dirty = :d' : 'dirty = :d',
        ExpressionAttributeValues: { ':d': seenDirty },
      }),
    ),
  );
}

/**
 * Invalidates every block holding these days, after their live buckets changed: level 0 first, then
 * up, one level at a time (a seal of a parent then sees its child invalid, see the module's note).
 */
export async function markDaysChanged(db: Db, communityId: string, days: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(days)].map(async (day) => {
      for (const ref of blocksOf(day)) {
        await db.doc.send(
          new UpdateCommand({
            TableName: db.table,
            Key: blockKey(communityId, ref),
            UpdateExpression: 'ADD #dirty :one',
            ExpressionAttributeNames: { '#dirty': 'dirty' },
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      }
    }),
  );
}

/** The last UTC day a seal may pack at `now`: the day before, once it has been over for 15 minutes. */
export function sealableThrough(now: Date): string {
  return dayOfIndex(dayIndex(new Date(now.getTime() - 15 * 60_000).toISOString().slice(0, 10)) - 1);
}

/**
 * True when a message of `day` counted at `now` may land in a sealed block: any day before today
 * (UTC). The seal waits 15 minutes past midnight (`sealableThrough`), so a worker that read its clock
 * just before midnight has long written its buckets when yesterday is sealed.
 */
export function mayBeSealed(day: string, now: Date): boolean {
  return day < now.toISOString().slice(0, 10);
}

/**
 * After bucket updates: invalidates the blocks of the days that may be sealed (late messages,
 * imports of old chats). Costs nothing for today's messages.
 */
export async function markLateDays(
  db: Db,
  adds: readonly { communityId: string; bucket: string }[],
  now: Date,
): Promise<void> {
  const byCommunity = new Map<string, Set<string>>();
  for (const a of adds) {
    const day = a.bucket.slice(0, 10);
    if (!mayBeSealed(day, now)) continue;
    const set = byCommunity.get(a.communityId) ?? new Set<string>();
    set.add(day);
    byCommunity.set(a.communityId, set);
  }
  await Promise.all([...byCommunity].map(([communityId, days]) => markDaysChanged(db, communityId, days)));
}
