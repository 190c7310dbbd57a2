import {
  AI_INDEX_AMBER_MIN_PERCENT,
  AI_INDEX_GREEN_MIN_PERCENT,
  MESSAGE_ID_TERM_MIN_LENGTH,
  MESSAGE_SENTIMENT_NEGATIVE_BELOW,
  MESSAGE_SENTIMENT_POSITIVE_ABOVE,
  SENDER_PHONE_MAX_DIGITS,
  SENDER_PHONE_MIN_DIGITS,
  THREAD_CARD_MAX_KEYWORDS,
  THREAD_MESSAGES_KEPT,
  URGENCY_COLORS,
  URGENCY_LEVELS,
} from '../constants';
import type { DatePreset, Message, SortOrder, Thread, ThreadDateGroup, Urgency } from '../schemas/messages';

// ---------------------------------------------------------------------------------------------
// Texts of the Messages screen (S2 §2.1, §4, §8)
// ---------------------------------------------------------------------------------------------

/** Words the Messages screen shows, exactly as S2 §2.1, §4 and §8 give them. */
export const MESSAGES_TEXTS = {
  filteredBySender: (name: string) => `Filtered by sender: ${name}`,
  filteredByTopic: (topic: string) => `Filtered by topic: ${topic}`,
  searchingForId: (id: string) => `Searching for message ID: ${id}`,
  appliedFromNavigation: 'Search filters applied from navigation',
  clearFilter: 'Clear filter',
  dateFilterCleared: 'Date filter cleared',
  syncing: 'Syncing...',
  noMessages: 'No messages found',
  noThreads: 'No message threads found',
  aiMinChars: 'Please enter at least 2 characters to search',
  aiFallback: 'Using text search as fallback (semantic search index may not be ready)',
  aiNoResults: 'No messages found matching your search. Try a different term.',
  searchFailed: 'Failed to search messages. Please try again.',
  noGroupTitle: 'No Group Associated',
  noGroupBody: 'Your account is not associated with a community group. Please contact an administrator.',
  noToken: 'No authentication token available',
  reenableFailed: 'Failed to re-enable realtime',
  reconnectFailed: 'Failed to reconnect',
} as const;

/** The label of a thread or group whose topic is null (S2 §3 Thread: "null means General"). */
export const GENERAL_TOPIC = 'General';

// ---------------------------------------------------------------------------------------------
// Display rules (S2 §2.1)
// ---------------------------------------------------------------------------------------------

const PHONE_SENDER = new RegExp(`^(\\d{${SENDER_PHONE_MIN_DIGITS},${SENDER_PHONE_MAX_DIGITS}})@[^@\\s]+$`);

/**
 * The phone form of a sender id (S2 §2.1): `number@host` whose part before @ is 10 to 15 digits
 * becomes `+digits`; anything else (a `@lid` privacy id, a hash, a short number) is returned as is.
 */
export function senderPhoneForm(senderHash: string | null | undefined): string | null {
  const value = senderHash?.trim();
  if (!value) return null;
  const m = PHONE_SENDER.exec(value);
  return m ? `+${m[1]}` : value;
}

/** Shown when a message has neither a sender name nor a sender id. */
export const UNKNOWN_SENDER = 'Unknown';

/** The name a message's sender is shown by: the sender name, else the phone form of the sender id. */
export function senderDisplayName(m: Pick<Message, 'Sender_name' | 'sender_hash'>): string {
  return m.Sender_name?.trim() || senderPhoneForm(m.sender_hash) || UNKNOWN_SENDER;
}

const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/;

/** True when the text contains a Hebrew letter or mark (S2 §2.1: such text is laid out right-to-left). */
export function containsHebrew(text: string | null | undefined): boolean {
  return !!text && HEBREW.test(text);
}

/** Layout direction of a message text: rtl when it contains Hebrew, else ltr. */
export function textDirection(text: string | null | undefined): 'rtl' | 'ltr' {
  return containsHebrew(text) ? 'rtl' : 'ltr';
}

/** Colour names of the message badges. */
export type MessageColor = 'green' | 'amber' | 'red' | 'grey';

/** Sentiment colour (S2 §2.1): above 0.5 green, below -0.5 red, otherwise amber, none grey. */
export function sentimentColor(sentiment: number | null | undefined): MessageColor {
  if (sentiment === null || sentiment === undefined || Number.isNaN(sentiment)) return 'grey';
  if (sentiment > MESSAGE_SENTIMENT_POSITIVE_ABOVE) return 'green';
  if (sentiment < MESSAGE_SENTIMENT_NEGATIVE_BELOW) return 'red';
  return 'amber';
}

/** Urgency colour (S2 §2.1, §9): high red, medium amber, low green; none grey. */
export function urgencyColor(urgency: Urgency | null | undefined): MessageColor {
  return urgency ? URGENCY_COLORS[urgency] : 'grey';
}

/** Colour of the AI search index badge (S2 §4): green at 90 % or above, amber at 70 % or above, red below. */
export function aiIndexBadgeColor(indexedPercentage: number): 'green' | 'amber' | 'red' {
  if (indexedPercentage >= AI_INDEX_GREEN_MIN_PERCENT) return 'green';
  if (indexedPercentage >= AI_INDEX_AMBER_MIN_PERCENT) return 'amber';
  return 'red';
}

/** A text cut for display, and whether anything was cut. */
export interface TruncatedText {
  readonly text: string;
  readonly truncated: boolean;
}

/**
 * The first `max` characters of a text (S2 §2.1: 100, 60 on the mobile table) followed by an
 * ellipsis when longer. Counts code points, so an emoji or a Hebrew mark is never split.
 */
export function truncateText(text: string, max: number): TruncatedText {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}

/** A piece of message text: plain, or a link with the address it opens. */
export type TextSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that ends a sentence is not part of the address it follows.
const TRAILING = /[.,;:!?)\]}'"»”]+$/;

/** Splits a message text into plain pieces and clickable links (S2 §2.1): http(s) addresses and www. ones. */
export function splitLinks(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    let raw = match[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    // A closing parenthesis belongs to the address when it also opened one inside it (Wikipedia-style).
    if (trail.startsWith(')') && raw.includes('(')) raw = raw.slice(0, raw.length - trail.length + 1);
    else raw = raw.slice(0, raw.length - trail.length);
    if (!raw || /^www\.$/i.test(raw)) continue;
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start) });
    out.push({ kind: 'link', text: raw, href: /^www\./i.test(raw) ? `https://${raw}` : raw });
    last = start + raw.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A message time (S2 §2.1): `HH:mm`, or `MM/dd HH:mm` on desktop, in the viewer's local time. */
export function formatMessageTime(iso: string, desktop: boolean): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
  return desktop ? `${pad2(d.getMonth() + 1)}/${pad2(d.getDate())} ${time}` : time;
}

// ---------------------------------------------------------------------------------------------
// Search terms and navigation (S2 §2.1, §5)
// ---------------------------------------------------------------------------------------------

/** What a standard search term asks for (S2 §5, plus the S2 §2.1 `sender:` / `topic:` prefixes). */
export type SearchTerm =
  | { readonly kind: 'id'; readonly value: string }
  | { readonly kind: 'content'; readonly value: string }
  | { readonly kind: 'sender'; readonly value: string }
  | { readonly kind: 'topic'; readonly value: string };

/**
 * Classifies a standard search term (S2 §5): `id:` → message id, partial match; longer than 8
 * characters with no space → message id, partial match; otherwise a case-insensitive partial match
 * on content. The `sender:` and `topic:` prefixes (S2 §2.1) become filters. Empty → null.
 */
export function classifySearchTerm(term: string | null | undefined): SearchTerm | null {
  const t = term?.trim() ?? '';
  if (!t) return null;
  const prefixed = /^(id|sender|topic):\s*(.*)$/i.exec(t);
  if (prefixed) {
    const value = (prefixed[2] ?? '').trim();
    if (!value) return null;
    const kind = (prefixed[1] ?? '').toLowerCase() as 'id' | 'sender' | 'topic';
    return { kind, value };
  }
  if (t.length > MESSAGE_ID_TERM_MIN_LENGTH && !/\s/.test(t)) return { kind: 'id', value: t };
  return { kind: 'content', value: t };
}

/** Query parameters of /messages that come from navigation (S2 §2.1). `search` is the initial term. */
export interface NavigationParams {
  readonly sender?: string | null;
  readonly topic?: string | null;
  readonly id?: string | null;
  readonly search?: string | null;
}

/** The one filter navigation applies. */
export type NavigationFilter =
  | { readonly kind: 'sender'; readonly value: string }
  | { readonly kind: 'topic'; readonly value: string }
  | { readonly kind: 'id'; readonly value: string }
  | { readonly kind: 'term'; readonly value: string };

/**
 * The filter navigation applies (S2 §2.1), by precedence: sender, then topic, then id, then the
 * initial term. A term carrying `sender:`, `topic:` or `id:` applies that filter instead of text.
 */
export function navigationFilter(params: NavigationParams): NavigationFilter | null {
  const sender = params.sender?.trim();
  if (sender) return { kind: 'sender', value: sender };
  const topic = params.topic?.trim();
  if (topic) return { kind: 'topic', value: topic };
  const id = params.id?.trim();
  if (id) return { kind: 'id', value: id };
  const search = params.search?.trim();
  if (!search) return null;
  const prefixed = /^(sender|topic|id):\s*(.+)$/i.exec(search);
  if (prefixed) {
    const kind = (prefixed[1] ?? '').toLowerCase() as 'sender' | 'topic' | 'id';
    return { kind, value: (prefixed[2] ?? '').trim() };
  }
  return { kind: 'term', value: search };
}

/** The info toast of an applied navigation filter (S2 §2.1); a plain term has none. */
export function navigationToast(filter: NavigationFilter | null): string | null {
  switch (filter?.kind) {
    case 'sender':
      return MESSAGES_TEXTS.filteredBySender(filter.value);
    case 'topic':
      return MESSAGES_TEXTS.filteredByTopic(filter.value);
    case 'id':
      return MESSAGES_TEXTS.searchingForId(filter.value);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates (S2 §4)
// ---------------------------------------------------------------------------------------------

/** A date range in instants: `from` inclusive, `to` exclusive; null means open. */
export interface DateRange {
  readonly from: Date | null;
  readonly to: Date | null;
}

/** Local midnight starting the day of `d`. */
export function startOfLocalDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** Local midnight `days` calendar days after the day of `d` (daylight-saving safe). */
export function addLocalDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/**
 * The range of a date preset (S2 §4) in the viewer's local days: today; last7Days is today and the
 * 6 days before; last30Days today and the 29 before; all has no dates; custom uses the chosen start
 * and end days, the end inclusive (up to the next day, exclusive).
 */
export function datePresetRange(
  preset: DatePreset,
  now: Date,
  custom: { readonly start: Date | null; readonly end: Date | null } = { start: null, end: null },
): DateRange {
  const tomorrow = addLocalDays(now, 1);
  switch (preset) {
    case 'today':
      return { from: startOfLocalDay(now), to: tomorrow };
    case 'last7Days':
      return { from: addLocalDays(now, -6), to: tomorrow };
    case 'last30Days':
      return { from: addLocalDays(now, -29), to: tomorrow };
    case 'all':
      return { from: null, to: null };
    case 'custom':
      return {
        from: custom.start ? startOfLocalDay(custom.start) : null,
        to: custom.end ? addLocalDays(custom.end, 1) : null,
      };
  }
}

/** The preset after the dates change (S2 §4): custom whenever a start or end date is set. */
export function presetAfterDateChange(current: DatePreset, start: Date | null, end: Date | null): DatePreset {
  return start || end ? 'custom' : current;
}

// ---------------------------------------------------------------------------------------------
// Threads (S2 §2.1 Overview, §3 Thread)
// ---------------------------------------------------------------------------------------------

const URGENCY_RANK: Record<Urgency, number> = { high: 3, medium: 2, low: 1 };

/** The highest urgency of a set of messages (high > medium > low), null when none has one. */
export function highestUrgency(urgencies: readonly (Urgency | null | undefined)[]): Urgency | null {
  let best: Urgency | null = null;
  for (const u of urgencies) if (u && (!best || URGENCY_RANK[u] > URGENCY_RANK[best])) best = u;
  return best;
}

/** Mean of the scored sentiments, null when none is scored. */
export function meanSentiment(values: readonly (number | null | undefined)[]): number | null {
  const scored = values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  return scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : null;
}

/** Today, Yesterday or Earlier for an instant, by the viewer's local days. */
export function threadDateGroup(iso: string, now: Date): ThreadDateGroup {
  const t = new Date(iso).getTime();
  const today = startOfLocalDay(now).getTime();
  if (t >= today) return 'Today';
  if (t >= addLocalDays(now, -1).getTime()) return 'Yesterday';
  return 'Earlier';
}

const byTimeDesc = (a: Message, b: Message) => Date.parse(b.timestamp) - Date.parse(a.timestamp);

/** A thread with what its card shows beyond S2 §3: how many messages it has and its top keywords. */
export interface BuiltThread extends Thread {
  /** All messages of the topic among those the threads were built from (not only the 5 kept). */
  readonly messageCount: number;
  /** Up to 3 keywords, the most frequent in the thread first (S2 §2.1, §9). */
  readonly keywords: string[];
}

function topKeywords(messages: readonly Message[], max: number): string[] {
  const counts = new Map<string, { word: string; n: number; first: number }>();
  let i = 0;
  for (const m of messages) {
    for (const k of m.keywords ?? []) {
      const word = k.trim();
      if (!word) continue;
      const key = word.toLowerCase();
      const c = counts.get(key);
      if (c) c.n += 1;
      else counts.set(key, { word, n: 1, first: i++ });
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.first - b.first)
    .slice(0, max)
    .map((c) => c.word);
}

/**
 * Threads of the overview (S2 §3 Thread): messages grouped by topic (null is General), each with
 * its last activity, distinct senders, up to 5 latest messages (newest first), highest urgency,
 * mean sentiment and date group; newest thread first.
 */
export function buildThreads(messages: readonly Message[], now: Date): BuiltThread[] {
  const groups = new Map<string, Message[]>();
  for (const m of messages) {
    const key = m.topic?.trim() ? m.topic.trim() : '\u0000general';
    const list = groups.get(key);
    if (list) list.push(m);
    else groups.set(key, [m]);
  }
  const threads: BuiltThread[] = [];
  for (const list of groups.values()) {
    const sorted = [...list].sort(byTimeDesc);
    const newest = sorted[0];
    if (!newest) continue;
    const senders: string[] = [];
    for (const m of sorted) {
      const name = senderDisplayName(m);
      if (!senders.includes(name)) senders.push(name);
    }
    threads.push({
      topic: newest.topic?.trim() ? newest.topic.trim() : null,
      lastActivity: newest.timestamp,
      senders,
      messages: sorted.slice(0, THREAD_MESSAGES_KEPT),
      urgency: highestUrgency(sorted.map((m) => m.urgency)),
      sentiment: meanSentiment(sorted.map((m) => m.sentiment)),
      dateGroup: threadDateGroup(newest.timestamp, now),
      messageCount: sorted.length,
      keywords: topKeywords(sorted, THREAD_CARD_MAX_KEYWORDS),
    });
  }
  return threads.sort((a, b) => Date.parse(b.lastActivity) - Date.parse(a.lastActivity));
}

/** Threads under their date headings, in the order Today, Yesterday, Earlier; empty headings left out. */
export function groupThreadsByDate<T extends Thread>(
  threads: readonly T[],
): { group: ThreadDateGroup; threads: T[] }[] {
  const order: ThreadDateGroup[] = ['Today', 'Yesterday', 'Earlier'];
  return order
    .map((group) => ({ group, threads: threads.filter((t) => t.dateGroup === group) }))
    .filter((g) => g.threads.length > 0);
}

/**
 * Where a thread card leads (S2 §2.1): /messages?topic={topic}, or else /messages?sender={sender
 * name} (the newest message's sender), or else /messages.
 */
export function threadLink(thread: Pick<Thread, 'topic' | 'messages'>): string {
  if (thread.topic) return `/messages?topic=${encodeURIComponent(thread.topic)}`;
  const sender = thread.messages.map((m) => m.Sender_name?.trim()).find(Boolean);
  if (sender) return `/messages?sender=${encodeURIComponent(sender)}`;
  return '/messages';
}

// ---------------------------------------------------------------------------------------------
// Message list (S2 §2.1, §4)
// ---------------------------------------------------------------------------------------------

/** A group of the list grouped by topic, with its message and participant counts. */
export interface TopicGroup {
  readonly topic: string | null;
  readonly label: string;
  readonly messages: Message[];
  readonly participantCount: number;
}

/** Groups a list by topic in the order topics first appear (so the list's sort order holds). */
export function groupMessagesByTopic(messages: readonly Message[]): TopicGroup[] {
  const groups = new Map<string, { topic: string | null; messages: Message[]; senders: Set<string> }>();
  for (const m of messages) {
    const topic = m.topic?.trim() ? m.topic.trim() : null;
    const key = topic ?? '\u0000general';
    let g = groups.get(key);
    if (!g) {
      g = { topic, messages: [], senders: new Set() };
      groups.set(key, g);
    }
    g.messages.push(m);
    g.senders.add(m.sender_hash?.trim() || senderDisplayName(m));
  }
  return [...groups.values()].map((g) => ({
    topic: g.topic,
    label: g.topic ?? GENERAL_TOPIC,
    messages: g.messages,
    participantCount: g.senders.size,
  }));
}

/** The list filters a live message is checked against (the same as the list query's). */
export interface MessageFilters {
  /** A standard search term (S2 §5). */
  readonly q?: string | null;
  readonly topic?: string | null;
  readonly urgency?: Urgency | null;
  readonly sender?: string | null;
  /** ISO instant, inclusive. */
  readonly from?: string | null;
  /** ISO instant, exclusive. */
  readonly to?: string | null;
}

const same = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

function matchesSender(m: Message, sender: string): boolean {
  return same(m.Sender_name, sender) || same(m.sender_hash, sender) || same(senderPhoneForm(m.sender_hash), sender);
}

/**
 * Whether a message belongs in a list with these filters (S2 §4 realtime: an insert is added only
 * if it matches): topic and sender equal (case-insensitive), urgency equal, time within the range,
 * and the standard search term (id partial, content partial, or its sender:/topic: prefix).
 */
export function messageMatchesFilters(m: Message, f: MessageFilters): boolean {
  if (f.topic && !same(m.topic, f.topic)) return false;
  if (f.urgency && m.urgency !== f.urgency) return false;
  if (f.sender && !matchesSender(m, f.sender)) return false;
  const t = Date.parse(m.timestamp);
  if (f.from && t < Date.parse(f.from)) return false;
  if (f.to && t >= Date.parse(f.to)) return false;
  const term = classifySearchTerm(f.q);
  if (term) {
    const v = term.value.toLowerCase();
    if (term.kind === 'id' && !m.msg_id.toLowerCase().includes(v)) return false;
    if (term.kind === 'content' && !(m.content ?? '').toLowerCase().includes(v)) return false;
    if (term.kind === 'sender' && !matchesSender(m, term.value)) return false;
    if (term.kind === 'topic' && !same(m.topic, term.value)) return false;
  }
  return true;
}

/** True when `a` comes before `b` in a list of this order (newest first for desc). */
function before(a: Message, b: Message, order: SortOrder): boolean {
  const d = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  return order === 'desc' ? d > 0 : d < 0;
}

/**
 * Where a message goes in a sorted list: the index of the first item it comes before, or null when
 * it comes after every item (then it belongs at the end, or on a page not loaded yet).
 */
export function sortedInsertIndex(list: readonly Message[], m: Message, order: SortOrder): number | null {
  const i = list.findIndex((x) => !before(x, m, order));
  return i === -1 ? null : i;
}

/**
 * A live insert (S2 §4): added when not already there, at the top for newest-first and at the end
 * for oldest-first. A live message is the newest, so that is its place in time order; a message
 * that arrives late with an older time (a re-delivery, an import) goes to its place in time order
 * instead of above newer ones. The caller checks the filters.
 */
export function applyLiveInsert(list: readonly Message[], m: Message, order: SortOrder): Message[] {
  if (list.some((x) => x.msg_id === m.msg_id)) return [...list];
  const i = sortedInsertIndex(list, m, order) ?? list.length;
  return [...list.slice(0, i), m, ...list.slice(i)];
}

/** A live update (S2 §4): replaces the message, or removes it when it no longer matches the filters. */
export function applyLiveUpdate(list: readonly Message[], m: Message, stillMatches: boolean): Message[] {
  return stillMatches ? list.map((x) => (x.msg_id === m.msg_id ? m : x)) : list.filter((x) => x.msg_id !== m.msg_id);
}

/** A live delete (S2 §4): removes the message. */
export function applyLiveDelete(list: readonly Message[], msgId: string): Message[] {
  return list.filter((x) => x.msg_id !== msgId);
}

/** Every urgency level, highest first (the filter's options). */
export const URGENCY_FILTER_LEVELS: readonly Urgency[] = URGENCY_LEVELS;

/** The urgency filter after a click (S2 §4): clicking the active level clears it. */
export function toggleUrgency(current: Urgency | null, clicked: Urgency): Urgency | null {
  return current === clicked ? null : clicked;
}
