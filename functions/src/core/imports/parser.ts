import { IMPORT_MAX_ENTRY_CHARS } from './limits';
import { MARKER_SOURCE, isDeletedNote, isGroupEvent, markerHalf, mediaNote, stripEditedNote } from './phrases';
import { daysInMonth, formatWallClock, wallClockToUtc, type WallClock } from './wall-clock';

/**
 * Parser of WhatsApp "Export chat" text files (Android and iOS, any locale's date order, 12 or
 * 24 hours). See docs/import.md for the formats and docs/decisions/0002-whatsapp-export-parser.md
 * for why it is ours.
 *
 * It reads the text as it arrives, in two passes that hold one message at a time: a survey (the
 * day/month order, and the counts the job shows: messages, system lines, lines not understood),
 * then the messages themselves under the order the survey decided.
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

/** Where the day/month order came from: the dates themselves, the admin's answer, or the messages' time order. */
export type DateOrderSource = 'dates' | 'answer' | 'sequence';

/** What the survey (first pass) found in an export. */
export type SurveyOutcome =
  | {
      readonly kind: 'needs_date_order';
      /** Message lines found (their dates fit both orders). */
      readonly headers: number;
    }
  | {
      readonly kind: 'surveyed';
      /** People's messages that the second pass will return. */
      readonly messages: number;
      /** Group events, encryption notices and deleted-message notes: not imported. */
      readonly system: number;
      /** Lines the parser did not understand. */
      readonly unparsed: number;
      /** Up to `maxExamples` of them, as written. */
      readonly unparsedExamples: string[];
      readonly dateOrder: DateOrder;
      readonly dateOrderSource: DateOrderSource;
    };

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
      readonly dateOrderSource: DateOrderSource;
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

/** What a pass does with each piece of the export as the scanner completes it. */
interface ScanSink {
  /** A line before the first message line (not empty). */
  preamble(raw: string): void;
  /** A message line with its continuation lines. */
  entry(e: RawEntry): void;
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * Reads an export's text piece by piece: splits lines (CR, LF or CRLF, also across pieces), starts
 * an entry at each message line and adds the lines after it to its body, and hands each entry to
 * the sink once the next one starts. A line or a body longer than IMPORT_MAX_ENTRY_CHARS keeps its
 * start; the rest is dropped, so memory stays bounded whatever the file holds.
 */
class ExportScanner {
  private carry = '';
  /** The line being carried is over the limit: drop the rest of it. */
  private dropping = false;
  /** The last piece ended with CR: an LF starting the next one belongs to the same break. */
  private afterCr = false;
  private lineNo = 0;
  private current: RawEntry | undefined;
  private started = false;

  constructor(private readonly sink: ScanSink) {}

  push(piece: string): void {
    let text = piece;
    if (!this.started) {
      text = text.replace(/^\ufeff/, '');
      this.started = text.length > 0;
    }
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    if (text.length === 0) return;
    this.afterCr = text.endsWith('\r');
    const parts = text.split(LINE_BREAK);
    const last = parts.length - 1;
    for (let i = 0; i < last; i += 1) {
      this.append(parts[i] ?? '');
      this.line(this.carry);
      this.carry = '';
      this.dropping = false;
    }
    this.append(parts[last] ?? '');
  }

  /** The end of the text: its last line (even empty, as a split would give it) and the last entry. */
  end(): void {
    this.line(this.carry);
    this.carry = '';
    if (this.current) this.sink.entry(this.current);
    this.current = undefined;
  }

  private append(part: string): void {
    if (this.dropping) return;
    const room = IMPORT_MAX_ENTRY_CHARS - this.carry.length;
    if (part.length > room) {
      this.carry += part.slice(0, room);
      this.dropping = true;
    } else {
      this.carry += part;
    }
  }

  private line(raw: string): void {
    this.lineNo += 1;
    const m = HEADER.exec(raw);
    if (m) {
      if (this.current) this.sink.entry(this.current);
      const a = m[1] ?? '';
      const c = m[4] ?? '';
      this.current = {
        line: this.lineNo,
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
      return;
    }
    if (this.current) {
      const room = IMPORT_MAX_ENTRY_CHARS - this.current.body.length;
      if (room > 0) this.current.body += `\n${raw}`.slice(0, room);
    } else if (raw.trim() !== '') {
      this.sink.preamble(raw);
    }
  }
}

/** The two orders a day/month date can be read in; year-first dates read the same under both. */
const DM_ORDERS = ['day_first', 'month_first'] as const;
type DmOrder = (typeof DM_ORDERS)[number];

/** The counts of an export under one order (a date valid under one order may not be under the other). */
interface Tally {
  messages: number;
  system: number;
  unparsed: number;
  examples: string[];
}

/**
 * The first pass: everything the job shows before any message is sent, without keeping the
 * messages. The day/month order is decided from the whole file (see decideOrder), so the counts
 * are kept for both orders and the decided one's are reported.
 */
class ExportSurvey implements ScanSink {
  private headers = 0;
  private dmEntries = 0;
  private dayProof = 0;
  private monthProof = 0;
  /** Whether the messages stay in time order under each order, and the latest day seen under it. */
  private readonly sequence = {
    day_first: { ok: true, last: -Infinity },
    month_first: { ok: true, last: -Infinity },
  };
  private readonly tallies: Record<DmOrder, Tally> = {
    day_first: { messages: 0, system: 0, unparsed: 0, examples: [] },
    month_first: { messages: 0, system: 0, unparsed: 0, examples: [] },
  };

  constructor(private readonly maxExamples: number) {}

  private notUnderstood(order: DmOrder, raw: string): void {
    const t = this.tallies[order];
    t.unparsed += 1;
    if (t.examples.length < this.maxExamples) t.examples.push(example(raw));
  }

  preamble(raw: string): void {
    for (const order of DM_ORDERS) this.notUnderstood(order, raw);
  }

  entry(e: RawEntry): void {
    this.headers += 1;
    if (!e.yearFirst) {
      this.dmEntries += 1;
      if (e.a > 12 && e.b <= 12) this.dayProof += 1;
      else if (e.b > 12 && e.a <= 12) this.monthProof += 1;
      // Exports list messages in time order: an order under which some date does not exist, or
      // under which the dates go back by more than a day (late deliveries step back a little), is
      // wrong. Lines no order can read (a hand-edited date) say nothing about the order.
      const days = { day_first: dayNumber(e, 'day_first'), month_first: dayNumber(e, 'month_first') };
      if (days.day_first !== null || days.month_first !== null) {
        for (const order of DM_ORDERS) {
          const seq = this.sequence[order];
          const n = days[order];
          if (!seq.ok) continue;
          if (n === null || n < seq.last - 1) seq.ok = false;
          else seq.last = Math.max(seq.last, n);
        }
      }
    }
    const time = timeOf(e);
    let kind: Classified['kind'] | undefined;
    for (const order of DM_ORDERS) {
      if (!time || !dateOf(e, order)) {
        this.notUnderstood(order, e.raw);
        continue;
      }
      kind ??= classify(e.body).kind;
      if (kind === 'system') this.tallies[order].system += 1;
      else this.tallies[order].messages += 1;
    }
  }

  /**
   * The day/month order: a first number above 12 proves day-first, a second number above 12 proves
   * month-first (the majority wins in a file that has both). Without proof, the admin's answer;
   * without an answer, the order under which the messages stay in time order, when only one does.
   * Otherwise null: the question must be asked.
   */
  private decideOrder(dayFirst: boolean | null | undefined): { order: DateOrder; source: DateOrderSource } | null {
    if (this.dmEntries === 0) return { order: 'year_first', source: 'dates' };
    if (this.dayProof > this.monthProof) return { order: 'day_first', source: 'dates' };
    if (this.monthProof > this.dayProof) return { order: 'month_first', source: 'dates' };
    if (typeof dayFirst === 'boolean') return { order: dayFirst ? 'day_first' : 'month_first', source: 'answer' };
    const dayOk = this.sequence.day_first.ok;
    const monthOk = this.sequence.month_first.ok;
    if (dayOk && !monthOk) return { order: 'day_first', source: 'sequence' };
    if (monthOk && !dayOk) return { order: 'month_first', source: 'sequence' };
    return null;
  }

  outcome(dayFirst: boolean | null | undefined): SurveyOutcome {
    const decided = this.decideOrder(dayFirst);
    if (!decided) return { kind: 'needs_date_order', headers: this.headers };
    // Year-first dates read the same under both orders, so either tally is theirs.
    const t = this.tallies[decided.order === 'month_first' ? 'month_first' : 'day_first'];
    return {
      kind: 'surveyed',
      messages: t.messages,
      system: t.system,
      unparsed: t.unparsed,
      unparsedExamples: [...t.examples],
      dateOrder: decided.order,
      dateOrderSource: decided.source,
    };
  }
}

/** The message of an entry under a decided order, or null for a system line or a line not understood. */
function messageOf(e: RawEntry, order: DateOrder, timeZone: string): ExportMessage | null {
  const date = dateOf(e, order);
  const time = timeOf(e);
  if (!date || !time) return null;
  const c = classify(e.body);
  if (c.kind === 'system') return null;
  const wall: WallClock = { ...date, ...time };
  return {
    localTime: formatWallClock(wall),
    timestamp: new Date(wallClockToUtc(wall, timeZone)).toISOString(),
    sender: c.sender,
    text: c.text,
    mediaType: c.mediaType,
    line: e.line,
  };
}

/**
 * First pass over an export's text as it arrives: decides the day/month order and counts messages,
 * system lines and lines not understood (with examples), holding one message at a time. Returns
 * `needs_date_order` when the order cannot be told and was not given.
 */
export async function surveyExport(
  chunks: AsyncIterable<string>,
  options: Pick<ParseOptions, 'dayFirst' | 'maxExamples'>,
): Promise<SurveyOutcome> {
  const survey = new ExportSurvey(options.maxExamples ?? 10);
  const scanner = new ExportScanner(survey);
  for await (const piece of chunks) scanner.push(piece);
  scanner.end();
  return survey.outcome(options.dayFirst);
}

/**
 * Second pass: the people's messages of an export's text under a decided order, in file order,
 * yielded in groups as each piece of text is read (never the whole file). Continuation lines
 * belong to the message above them; system lines and lines not understood are skipped (the survey
 * counted them).
 */
export async function* exportMessages(
  chunks: AsyncIterable<string>,
  options: { readonly order: DateOrder; readonly timeZone: string },
): AsyncGenerator<ExportMessage[]> {
  let ready: ExportMessage[] = [];
  const scanner = new ExportScanner({
    preamble: () => undefined,
    entry: (e) => {
      const m = messageOf(e, options.order, options.timeZone);
      if (m) ready.push(m);
    },
  });
  for await (const piece of chunks) {
    scanner.push(piece);
    if (ready.length > 0) {
      yield ready;
      ready = [];
    }
  }
  scanner.end();
  if (ready.length > 0) yield ready;
}

/**
 * Parses the whole text of a WhatsApp export held in memory (both passes over one string): the
 * messages, the counts and the order, or `needs_date_order`. For files, the service streams with
 * surveyExport and exportMessages instead.
 */
export function parseChatExport(text: string, options: ParseOptions): ParseOutcome {
  const survey = new ExportSurvey(options.maxExamples ?? 10);
  const first = new ExportScanner(survey);
  first.push(text);
  first.end();
  const surveyed = survey.outcome(options.dayFirst);
  if (surveyed.kind === 'needs_date_order') return surveyed;
  const messages: ExportMessage[] = [];
  const second = new ExportScanner({
    preamble: () => undefined,
    entry: (e) => {
      const m = messageOf(e, surveyed.dateOrder, options.timeZone);
      if (m) messages.push(m);
    },
  });
  second.push(text);
  second.end();
  return {
    kind: 'parsed',
    messages,
    system: surveyed.system,
    unparsed: surveyed.unparsed,
    unparsedExamples: surveyed.unparsedExamples,
    dateOrder: surveyed.dateOrder,
    dateOrderSource: surveyed.dateOrderSource,
  };
}
