/**
 * Time-zone arithmetic for aggregates kept in UTC quarter hours: every zone's offset is a multiple
 * of 15 minutes (Asia/Kolkata +5:30, Asia/Kathmandu +5:45) and changes only on a quarter hour, so a
 * quarter's local hour is exact.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC in minutes at an instant (Asia/Kolkata: 330). */
export function offsetMinutes(timeZone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return Math.round((asUtc - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/** The local calendar day (`YYYY-MM-DD`) of an instant in a zone. */
export function localDay(timeZone: string, utcMs: number): string {
  return new Date(utcMs + offsetMinutes(timeZone, utcMs) * 60_000).toISOString().slice(0, 10);
}

/** The UTC instant at which a local day starts in a zone. */
export function localDayStart(timeZone: string, day: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let guess = wall - offsetMinutes(timeZone, wall) * 60_000;
  // A second pass settles days whose offset differs from the guess's (DST changes near midnight).
  guess = wall - offsetMinutes(timeZone, guess) * 60_000;
  return guess;
}

/**
 * The local hour (0–23) of every UTC quarter hour of a UTC day, by `q_HHMM` attribute. One offset
 * lookup per day unless the zone changes its offset that day.
 */
export function localHoursOfDay(timeZone: string, day: string): Map<string, number> {
  const start = Date.parse(`${day}T00:00:00Z`);
  const first = offsetMinutes(timeZone, start);
  const steady = first === offsetMinutes(timeZone, start + 86_400_000 - 60_000);
  const out = new Map<string, number>();
  for (let q = 0; q < 96; q++) {
    const at = start + q * 15 * 60_000;
    const offset = steady ? first : offsetMinutes(timeZone, at);
    const minuteOfDay = (((q * 15 + offset) % 1440) + 1440) % 1440;
    const hh = String(Math.floor(q / 4)).padStart(2, '0');
    const mm = String((q % 4) * 15).padStart(2, '0');
    out.set(`q_${hh}${mm}`, Math.floor(minuteOfDay / 60));
  }
  return out;
}

/** The `q_HHMM` attribute of a UTC instant on a quarter hour, and its UTC day. */
export function quarterAt(utcMs: number): { day: string; quarter: string } {
  const iso = new Date(utcMs).toISOString();
  return { day: iso.slice(0, 10), quarter: `q_${iso.slice(11, 13)}${iso.slice(14, 16)}` };
}
