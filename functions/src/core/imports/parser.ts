import { MARKER_SOURCE, isDeletedNote, isGroupEvent, markerHalf, mediaNote, stripEditedNote } from './phrases';
import { daysInMonth, formatWallClock, wallClockToUtc, type WallClock } from './wall-clock';

/**
 * Parser of WhatsApp "Export chat" text files (Android and iOS, any locale's date order, 12 or
 * 24 hours). See docs/import.md for the formats and docs/decisions/0002-whatsapp-export-parser.md
 * for why it is ours.
 */

/** Invisible direction marks WhatsApp puts around names, numbers and events. */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** No-break spaces (U+00A0, U+202F before AM/PM, U+2007, U+2009) read as plain spaces. */
const ODD_SPACES = /[\u00a0\u202f\u2007\u2009]/g;
const M = '[\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\ufeff]*';
const S = '[ \\u00a0\\u202f\\u2007\\u2009]';

/**
 * The start of a message: `[`? date, time, `]`? then ` - ` (Android), `] ` (iOS) or `: ` (some
 * old exports). Dates are three numbers joined by `/`, `.` or `-` (spaces allowed after them, a
 * trailing dot allowed); a short word may sit between date and time (Finnish "klo"); a 12-hour
 * marker may come before the time (Korean, Chinese, Japanese) or after it.
 */
const HEADER = new RegExp(
  `^${M}\\[?${M}(\\d{1,4})([./-])${S}?(\\d{1,2})\\2${S}?(\\d{1,4})\\.?,?${S}*` +
    `(?:(${MARKER_SOURCE})${S}*|[^\\d\\s\\[\\]]{1,5}${S}+)?` +
    `(\\d{1,2})[:.](\\d{2})(?:[:.](\\d{2}))?` +
    `(?:${S}?(${MARKER_SOURCE}))?` +
    `${M}\\]?${M}(?:${S}[-–]${S}|:${S}|${S})([\\s\\S]*)$`,
  'i',
);

/** How the day and the month are ordered in the export's dates. */
export type DateOrder = 'day_first' | 'month_first' | 'year_first';

/** One message of the export, ready to become an InboundMessage. */
export interface ExportMessage {
  /** The export's own time, zone-free: `YYYY-MM-DDTHH:mm:ss`. */
  readonly localTime: string;
  /** ISO-8601 UTC, from the local time in the job's zone. */
  readonly timestamp: string;
  /** The sender as the export names them (invisible marks removed). */
  readonly sender: string;
  readonly text: string;
  /** Kind of media (image, video, audio, sticker, gif, document, contact, location, poll, media), null for text. */
  readonly mediaType: string | null;
  /** 1-based line of the export where the message starts. */
  readonly line: number;
}

/** What the parser made of an export. */
export type ParseOutcome =
  | {
      readonly kind: 'needs_date_order';
      /** Message lines found (their dates fit both orders). */
      readonly headers: number;
    }
  | {
      readonly kind: 'parsed';
      readonly messages: ExportMessage[];
      /** Group events, encryption notices and deleted-message notes: not imported. */
      readonly system: number;
      /** Lines the parser did not understand. */
      readonly unparsed: number;
      /** Up to `maxExamples` of them, as written. */
      readonly unparsedExamples: string[];
      readonly dateOrder: DateOrder;
      /** Where the order came from: the dates themselves, the admin's answer, or the messages' time order. */
      readonly dateOrderSource: 'dates' | 'answer' | 'sequence';
    };

/** Options of a parse. */
export interface ParseOptions {
  /** The admin's answer to the day/month question; null or absent to infer it. */
  readonly dayFirst?: boolean | null;
  /** IANA zone the phone's clock was in (e.g. Asia/Jerusalem). */
  readonly timeZone: string;
  /** Unparsed lines kept as examples. */
  readonly maxExamples?: number;
}

interface RawEntry {
  readonly line: number;
  readonly raw: string;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly yearFirst: boolean;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly half: 'am' | 'pm' | null;
  /** Everything after the header, continuation lines joined with \n. */
  body: string;
}

/** Removes invisible marks and reads odd spaces as spaces. */
export function cleanText(s: string): string {
  return s.replace(BIDI, '').replace(ODD_SPACES, ' ');
}

/** A sender name without marks, the "~ " WhatsApp puts before names that are not contacts, and extra spaces. */
export function cleanName(s: string): string {
  return cleanText(s).replace(/^~\s*/, '').replace(/\s+/g, ' ').trim();
}

function example(raw: string): string {
  const t = cleanText(raw).trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

function scan(text: string): { entries: RawEntry[]; preamble: { line: number; raw: string }[] } {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const entries: RawEntry[] = [];
  const preamble: { line: number; raw: string }[] = [];
  let current: RawEntry | undefined;
  lines.forEach((raw, i) => {
    const m = HEADER.exec(raw);
    if (m) {
      const a = m[1] ?? '';
      const c = m[4] ?? '';
      current = {
        line: i + 1,
        raw,
        a: Number(a),
        b: Number(m[3]),
        c: Number(c),
        yearFirst: a.length >= 3,
        hour: Number(m[6]),
        minute: Number(m[7]),
        second: m[8] ? Number(m[8]) : 0,
        half: markerHalf(m[5] ?? m[9]),
        body: m[10] ?? '',
      };
      entries.push(current);
      return;
    }
    if (current) current.body += `\n${raw}`;
    else if (raw.trim() !== '') preamble.push({ line: i + 1, raw });
  });
  return { entries, preamble };
}

function fullYear(y: number): number {
  return y < 100 ? 2000 + y : y;
}

/** The three numbers of a date as written. */
type DateFields = Pick<RawEntry, 'a' | 'b' | 'c' | 'yearFirst'>;

/** Year, month, day of an entry under an order, or null if no calendar has that date. */
function dateOf(e: DateFields, order: DateOrder): { year: number; month: number; day: number } | null {
  let year: number;
  let month: number;
  let day: number;
  if (e.yearFirst) [year, month, day] = [e.a, e.b, e.c];
  else if (order === 'month_first') [month, day, year] = [e.a, e.b, fullYear(e.c)];
  else [day, month, year] = [e.a, e.b, fullYear(e.c)];
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function timeOf(e: RawEntry): { hour: number; minute: number; second: number } | null {
  let hour = e.hour;
  if (e.half) {
    if (hour > 12) return null;
    // 12 AM is midnight and 12 PM is noon; some locales (Japanese) write 0 with a marker.
    hour = (hour % 12) + (e.half === 'pm' ? 12 : 0);
  }
  if (hour > 23 || e.minute > 59 || e.second > 59) return null;
  return { hour, minute: e.minute, second: e.second };
}

/** Day number of a date (for comparing order), or null when invalid under the order. */
function dayNumber(e: DateFields, order: DateOrder): number | null {
  const d = dateOf(e, order);
  return d ? Date.UTC(d.year, d.month - 1, d.day) / 86_400_000 : null;
}

/**
 * Exports list messages in time order. An order under which some date does not exist, or under
 * which the dates go back by more than a day (late deliveries can step back a little), is wrong.
 */
function consistentWithSequence(entries: readonly DateFields[], order: DateOrder): boolean {
  let last = -Infinity;
  for (const e of entries) {
    const n = dayNumber(e, order);
    if (n === null) return false;
    if (n < last - 1) return false;
    last = Math.max(last, n);
  }
  return true;
}

/**
 * Decides the day/month order from the whole file: a first number above 12 proves day-first, a
 * second number above 12 proves month-first (the majority wins in a file that has both). Without
 * proof, the admin's answer is used; without an answer, the order under which the messages stay
 * in time order, when only one does. Otherwise the question must be asked.
 */
export function decideDateOrder(
  entries: readonly DateFields[],
  dayFirst: boolean | null | undefined,
): { order: DateOrder; source: 'dates' | 'answer' | 'sequence' } | null {
  const dm = entries.filter((e) => !e.yearFirst);
  if (dm.length === 0) return { order: 'year_first', source: 'dates' };
  let dayProof = 0;
  let monthProof = 0;
  for (const e of dm) {
    if (e.a > 12 && e.b <= 12) dayProof += 1;
    else if (e.b > 12 && e.a <= 12) monthProof += 1;
  }
  if (dayProof > monthProof) return { order: 'day_first', source: 'dates' };
  if (monthProof > dayProof) return { order: 'month_first', source: 'dates' };
  if (typeof dayFirst === 'boolean') return { order: dayFirst ? 'day_first' : 'month_first', source: 'answer' };
  // Lines no order can read (a hand-edited date) say nothing about the order.
  const readable = dm.filter((e) => dateOf(e, 'day_first') || dateOf(e, 'month_first'));
  const dayOk = consistentWithSequence(readable, 'day_first');
  const monthOk = consistentWithSequence(readable, 'month_first');
  if (dayOk && !monthOk) return { order: 'day_first', source: 'sequence' };
  if (monthOk && !dayOk) return { order: 'month_first', source: 'sequence' };
  return null;
}

type Classified = { kind: 'message'; sender: string; text: string; mediaType: string | null } | { kind: 'system' };

/** A name before ": " that is really part of an event sentence (a subject with a colon in it). */
function looksLikeEventPrefix(candidate: string): boolean {
  return /["“”«»״]/.test(candidate) || isGroupEvent(`${candidate}"`) || candidate.length > 80;
}

function classify(body: string): Classified {
  const sep = /:(?: |\n|$)/.exec(body);
  const candidate = sep ? body.slice(0, sep.index) : '';
  if (!sep || cleanName(candidate) === '' || looksLikeEventPrefix(cleanText(candidate))) {
    // Android writes group events without an author.
    return { kind: 'system' };
  }
  const sender = cleanName(candidate);
  const rawText = body.slice(sep.index + sep[0].length);
  // iOS writes its own notes (events under the group's name, "image omitted", "This message was
  // deleted") starting with a left-to-right mark; people's words never start with one.
  const marked = /^\s*\u200e/.test(rawText);
  const text = stripEditedNote(cleanText(rawText)).replace(/\s+$/, '').replace(/^ +/, '');
  const media = mediaNote(text, marked);
  if (media) return { kind: 'message', sender, text: media.caption, mediaType: media.mediaType };
  if (isDeletedNote(text) || isGroupEvent(text) || marked) return { kind: 'system' };
  if (text.trim() === '') return { kind: 'system' };
  return { kind: 'message', sender, text, mediaType: null };
}

/**
 * Parses the text of a WhatsApp export. Continuation lines belong to the message above them;
 * lines before the first message and message lines whose date or time cannot exist are counted
 * as not understood (with examples). Group events and deleted-message notes are counted, not
 * returned. Returns `needs_date_order` when the day/month order cannot be told and was not given.
 */
export function parseChatExport(text: string, options: ParseOptions): ParseOutcome {
  const maxExamples = options.maxExamples ?? 10;
  const { entries, preamble } = scan(text);
  const decided = decideDateOrder(entries, options.dayFirst);
  if (!decided) return { kind: 'needs_date_order', headers: entries.length };

  const unparsedExamples: string[] = [];
  let unparsed = 0;
  const notUnderstood = (raw: string) => {
    unparsed += 1;
    if (unparsedExamples.length < maxExamples) unparsedExamples.push(example(raw));
  };
  for (const p of preamble) notUnderstood(p.raw);

  const messages: ExportMessage[] = [];
  let system = 0;
  for (const e of entries) {
    const date = dateOf(e, decided.order);
    const time = timeOf(e);
    if (!date || !time) {
      notUnderstood(e.raw);
      continue;
    }
    const c = classify(e.body);
    if (c.kind === 'system') {
      system += 1;
      continue;
    }
    const wall: WallClock = { ...date, ...time };
    messages.push({
      localTime: formatWallClock(wall),
      timestamp: new Date(wallClockToUtc(wall, options.timeZone)).toISOString(),
      sender: c.sender,
      text: c.text,
      mediaType: c.mediaType,
      line: e.line,
    });
  }
  return {
    kind: 'parsed',
    messages,
    system,
    unparsed,
    unparsedExamples,
    dateOrder: decided.order,
    dateOrderSource: decided.source,
  };
}
