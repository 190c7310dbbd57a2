/**
 * Wall-clock times of a chat export (the phone's local time, no offset written) to UTC, for an
 * IANA time zone, with the platform's Intl data only.
 */

import { offsetMinutes } from '../analytics/zone';

const DAY_MS = 86_400_000;
/** Offsets are constant within a quarter hour for every zone in the tz database. */
const OFFSET_BUCKET_MS = 15 * 60_000;

const offsets = new Map<string, number>();

/** The zone's offset from UTC (local minus UTC, in ms) at the instant `utcMs`, cached per quarter hour. */
function offsetAt(timeZone: string, utcMs: number): number {
  const bucket = Math.floor(utcMs / OFFSET_BUCKET_MS);
  const cacheKey = `${timeZone}|${bucket}`;
  const cached = offsets.get(cacheKey);
  if (cached !== undefined) return cached;
  const offset = offsetMinutes(timeZone, bucket * OFFSET_BUCKET_MS) * 60_000;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(cacheKey, offset);
  return offset;
}

const steadyDays = new Map<string, number | null>();

/**
 * The zone's offset on a whole local day (days since the epoch) when it is the same from a day
 * before to a day after it, else null (a day near a clock change). Transitions are months apart,
 * so equal offsets at both ends mean none in between, and every time of the day has that offset.
 */
function steadyOffset(timeZone: string, day: number): number | null {
  const key = `${timeZone}|${day}`;
  const cached = steadyDays.get(key);
  if (cached !== undefined) return cached;
  const before = offsetAt(timeZone, (day - 1) * DAY_MS);
  const after = offsetAt(timeZone, (day + 2) * DAY_MS);
  const steady = before === after ? before : null;
  if (steadyDays.size > 50_000) steadyDays.clear();
  steadyDays.set(key, steady);
  return steady;
}

/** A local date and time as written in an export. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/**
 * The UTC instant (epoch ms) of a wall-clock time in `timeZone`. A time that occurs twice (the
 * hour repeated when clocks go back) is read as its first occurrence; a time skipped when clocks
 * go forward is moved forward by the gap, as phones and Temporal's "compatible" mode do.
 */
export function wallClockToUtc(t: WallClock, timeZone: string): number {
  const local = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  // Most days have one offset throughout: then it is read once per day, not per message.
  const steady = steadyOffset(timeZone, Math.floor(local / DAY_MS));
  if (steady !== null) return local - steady;
  // Zone transitions are months apart, so the offsets a day before and a day after are the only
  // two this wall time can have.
  const before = offsetAt(timeZone, local - DAY_MS);
  const after = offsetAt(timeZone, local + DAY_MS);
  const candidates = [...new Set([local - before, local - after])].filter(
    (utc) => offsetAt(timeZone, utc) === local - utc,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  return local - before;
}

/** `YYYY-MM-DDTHH:mm:ss` of a wall-clock time: the export's own time, zone-free. */
export function formatWallClock(t: WallClock): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(t.year, 4)}-${p(t.month)}-${p(t.day)}T${p(t.hour)}:${p(t.minute)}:${p(t.second)}`;
}

/** Days in a month of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
