import {
  MAX_BLOCK_LEVEL,
  blockEnd,
  blockOfDay,
  dayIndex,
  dayOfIndex,
  keywordsOfDay,
  readBlocks,
  sealableThrough,
  type BlockData,
  type BlockKeywords,
  type BlockRef,
  type DayFigures,
} from '../../data/aggregate-blocks';
import { readDayBuckets, readKeywordBuckets, type AggregateBucket } from '../../data/aggregates';
import type { Deps } from '../deps';
import { localHoursOfDay, offsetMinutes } from './zone';

/**
 * A range of UTC days summed from sealed blocks and, for the days not sealed (today, or a block a
 * late message invalidated), from the live day buckets: the figures' single input.
 */
export interface RangeSummary {
  /** Summed numeric attributes (`count`, `u_*`, `t_*`, `e_*`, `i_*`, `sl_*`, sums), quarter hours and senders apart. */
  readonly values: Readonly<Record<string, number>>;
  /** Messages per local hour (24) in the reader's zone. */
  readonly hours: readonly number[];
  /** Messages per sender key. */
  readonly senders: ReadonlyMap<string, number>;
  /** Each sender's latest display name. */
  readonly names: ReadonlyMap<string, string>;
  /** Per-day figures of the days with messages. */
  readonly days: ReadonlyMap<string, DayFigures>;
  /** Messages per keyword (only when asked for). */
  readonly keywords: ReadonlyMap<string, number>;
}

/** A planned block with the zone's offset (minutes) on all of its days. */
interface PlannedBlock extends BlockRef {
  readonly offset: number;
}

const offsetCache = new Map<string, number | null>();

/** The zone's offset over a whole UTC day, or null when it changes during the day. Cached: zones do not move. */
function steadyOffset(timeZone: string, day: number): number | null {
  const id = `${timeZone}\n${day}`;
  if (offsetCache.has(id)) return offsetCache.get(id) ?? null;
  const start = day * 86_400_000;
  const a = offsetMinutes(timeZone, start);
  const out = a === offsetMinutes(timeZone, start + 86_400_000 - 60_000) ? a : null;
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(id, out);
  return out;
}

/**
 * How a range is read: the sealable days as the fewest aligned blocks over which the zone's offset
 * does not change (a day whose offset changes is a block of its own), the later days live.
 */
export function planRange(
  from: string,
  to: string,
  sealedThrough: string,
  timeZone: string,
): { blocks: PlannedBlock[]; live: { from: string; to: string } | null } {
  const first = dayIndex(from);
  const last = dayIndex(to);
  const sealedLast = Math.min(last, dayIndex(sealedThrough));
  const blocks: PlannedBlock[] = [];
  let i = first;
  while (i <= sealedLast) {
    const offset = steadyOffset(timeZone, i);
    if (offset === null) {
      blocks.push({ level: 0, start: dayOfIndex(i), offset: 0 });
      i++;
      continue;
    }
    let runEnd = i;
    while (runEnd < sealedLast && steadyOffset(timeZone, runEnd + 1) === offset) runEnd++;
    while (i <= runEnd) {
      let level = MAX_BLOCK_LEVEL;
      while (level > 0 && (i % 2 ** level !== 0 || i + 2 ** level - 1 > runEnd)) level--;
      blocks.push({ level, start: dayOfIndex(i), offset });
      i += 2 ** level;
    }
  }
  const liveFrom = Math.max(first, sealedLast + 1);
  return { blocks, live: liveFrom <= last ? { from: dayOfIndex(liveFrom), to } : null };
}

/** A part of the range, summed in order. */
interface Part {
  readonly start: string;
  readonly data: BlockData;
  readonly keywords: BlockKeywords | null;
  /** The local hour of each quarter hour: by a steady offset, or per day for one day. */
  readonly hourOf: (quarter: string) => number | undefined;
}

const byOffset = (offset: number) => (quarter: string) => {
  const minute = Number(quarter.slice(2, 4)) * 60 + Number(quarter.slice(4, 6));
  return Math.floor(((((minute + offset) % 1440) + 1440) % 1440) / 60);
};

function liveParts(
  days: readonly AggregateBucket[],
  keywordDays: readonly AggregateBucket[] | null,
  timeZone: string,
): Part[] {
  const kwByDay = new Map((keywordDays ?? []).map((k) => [k.bucket, k]));
  return days.map((d) => {
    const hours = localHoursOfDay(timeZone, d.bucket);
    return {
      start: d.bucket,
      data: blockOfDay(d),
      keywords: keywordDays ? keywordsOfDay(kwByDay.get(d.bucket)) : null,
      hourOf: (q: string) => hours.get(q),
    };
  });
}

async function readLive(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  from: string,
  to: string,
  keywords: boolean,
  timeZone: string,
): Promise<Part[]> {
  const [days, kw] = await Promise.all([
    readDayBuckets(deps.db, communityId, from, to),
    keywords ? readKeywordBuckets(deps.db, communityId, from, to) : Promise.resolve(null),
  ]);
  return liveParts(days, kw, timeZone);
}

/**
 * The summary of UTC days `from`..`to` in a zone: one BatchGet of the sealed blocks and one Query of
 * the live days, plus one Query per block found invalid (a late message since the last seal).
 */
export async function readRange(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  range: { from: string; to: string },
  timeZone: string,
  opts: { keywords: boolean },
): Promise<RangeSummary> {
  const plan = planRange(range.from, range.to, sealableThrough(deps.now()), timeZone);
  const [stored, live] = await Promise.all([
    plan.blocks.length > 0
      ? readBlocks(deps.db, communityId, plan.blocks, opts)
      : Promise.resolve(new Map<string, never>()),
    plan.live ? readLive(deps, communityId, plan.live.from, plan.live.to, opts.keywords, timeZone) : [],
  ]);
  const sealed: Part[] = [];
  const sealedIds: string[] = [];
  const fallbacks: Promise<Part[]>[] = [];
  for (const b of plan.blocks) {
    const s = stored.get(`${b.level}#${b.start}`);
    if (s?.valid && s.data) {
      const hours = b.level === 0 ? localHoursOfDay(timeZone, b.start) : null;
      sealed.push({
        start: b.start,
        data: s.data,
        keywords: opts.keywords ? (s.keywords ?? { k: {}, rest: 0 }) : null,
        hourOf: hours ? (q) => hours.get(q) : byOffset(b.offset),
      });
      sealedIds.push(s.stamp ? `${b.level}#${b.start}#${s.stamp}#${b.offset}` : '');
    } else {
      fallbacks.push(readLive(deps, communityId, b.start, blockEnd(b), opts.keywords, timeZone));
    }
  }
  const rest: Part[] = [...live];
  for (const more of await Promise.all(fallbacks)) rest.push(...more);
  // A block read from its live buckets sits among the sealed ones: everything is summed in order
  // (the latest names win), without the cache.
  if (fallbacks.length > 0) return addParts(emptySum(), [...sealed, ...rest].sort(byStart));
  return sumParts(sealedSum(sealed, sealedIds, timeZone, opts.keywords), rest);
}

/**
 * Sums of sealed parts this process computed, by their blocks' stamps, the zone and whether keywords
 * were summed: a sealed block never changes (a change gives it a new stamp), so the same blocks sum
 * to the same figures. A dashboard read again adds only its live days to a copy.
 */
const sealedSums = new Map<string, Sum>();
const SEALED_SUMS = 64;

function sealedSum(parts: readonly Part[], ids: readonly string[], timeZone: string, keywords: boolean): Sum {
  const id = ids.every(Boolean) ? `${timeZone}\n${keywords}\n${ids.join('|')}` : null;
  const hit = id ? sealedSums.get(id) : undefined;
  if (hit && id) {
    sealedSums.delete(id);
    sealedSums.set(id, hit);
    return hit;
  }
  const sum = addParts(emptySum(), [...parts].sort(byStart));
  if (id) {
    sealedSums.set(id, sum);
    for (const k of sealedSums.keys()) {
      if (sealedSums.size <= SEALED_SUMS) break;
      sealedSums.delete(k);
    }
  }
  return sum;
}

type Sum = {
  values: Record<string, number>;
  hours: number[];
  senders: Map<string, number>;
  names: Map<string, string>;
  days: Map<string, DayFigures>;
  keywords: Map<string, number>;
};

const emptySum = (): Sum => ({
  values: {},
  hours: new Array<number>(24).fill(0),
  senders: new Map(),
  names: new Map(),
  days: new Map(),
  keywords: new Map(),
});

const byStart = (a: Part, b: Part) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);

/** Adds parts (in order: later names win) into a sum. */
function addParts(sum: Sum, parts: readonly Part[]): Sum {
  const { values, hours, senders, names, days, keywords } = sum;
  for (const p of parts) {
    for (const [k, v] of Object.entries(p.data.v)) {
      if (k.startsWith('q_')) {
        const h = p.hourOf(k);
        if (h !== undefined) hours[h] = (hours[h] ?? 0) + v;
      } else values[k] = (values[k] ?? 0) + v;
    }
    for (const [k, v] of Object.entries(p.data.s)) senders.set(k, (senders.get(k) ?? 0) + v);
    for (const [k, v] of Object.entries(p.data.n)) names.set(k, v);
    for (const [day, f] of Object.entries(p.data.d)) days.set(day, f);
    if (p.keywords) for (const [k, v] of Object.entries(p.keywords.k)) keywords.set(k, (keywords.get(k) ?? 0) + v);
  }
  return sum;
}

/** The sealed parts' sum (never changed: it may be cached) plus the later parts, on a copy. */
function sumParts(sealed: Sum, later: readonly Part[]): RangeSummary {
  if (later.length === 0) return sealed;
  // The later parts' days all come after the sealed ones (their names win, as they should).
  const copy: Sum = {
    values: { ...sealed.values },
    hours: [...sealed.hours],
    senders: new Map(sealed.senders),
    names: new Map(sealed.names),
    days: new Map(sealed.days),
    keywords: new Map(sealed.keywords),
  };
  return addParts(copy, [...later].sort(byStart));
}

/**
 * The numeric attributes of single UTC days (quarter hours included): from the day's sealed block
 * when valid, else from its live bucket.
 */
export async function readDays(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  days: readonly string[],
): Promise<Map<string, Readonly<Record<string, number>>>> {
  const through = sealableThrough(deps.now());
  const sealed = days.filter((d) => d <= through);
  const stored = sealed.length
    ? await readBlocks(
        deps.db,
        communityId,
        sealed.map((start) => ({ level: 0, start })),
        { keywords: false },
      )
    : new Map<string, never>();
  const out = new Map<string, Readonly<Record<string, number>>>();
  const live: string[] = [];
  for (const day of days) {
    const s = stored.get(`0#${day}`);
    if (s?.valid && s.data) out.set(day, s.data.v);
    else live.push(day);
  }
  if (live.length > 0) {
    const sorted = [...live].sort();
    const buckets = await readDayBuckets(deps.db, communityId, sorted[0] ?? '', sorted[sorted.length - 1] ?? '');
    for (const b of buckets) if (live.includes(b.bucket)) out.set(b.bucket, b.values);
  }
  return out;
}
