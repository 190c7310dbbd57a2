import {
  ACTION_ASSIGNED_HEADING,
  ACTION_DEFAULT_SUBJECT,
  ACTION_DEFAULT_TITLE_CHARS,
  ACTION_DETAILS_NONE,
  ACTION_EVIDENCE_HEADING,
  ACTION_SORT_OPTIONS,
  type ACTION_TABS,
  DEFAULT_ACTION_DUE_HOURS,
  DEFAULT_ACTION_PRIORITY,
  DUE_SOON_DAYS,
  DUE_SOON_WIDGET_DAYS,
  ONE_DAY_MS,
  SNOOZE_DAYS,
} from '../constants';
import type { Action, ActionCounts, ActionPriority } from '../schemas/actions';
import type { Message } from '../schemas/messages';

/** Texts of the Create Action dialog (S2 §8). */
export const CREATE_ACTION_TEXTS = {
  generated: 'AI generated an action suggestion',
  generateFailed: 'Failed to generate action with AI',
  created: 'Action created successfully',
  createFailed: 'Failed to create action',
} as const;

/** The message fields the Create Action defaults read. */
export type ActionSourceMessage = Pick<Message, 'msg_id' | 'content' | 'Sender_name' | 'topic' | 'action_items'>;

/** What the Create Action dialog opens with (S2 §5). */
export interface CreateActionDefaults {
  readonly title: string;
  readonly details: string;
  /** ISO instant. */
  readonly due_date: string;
  readonly priority: ActionPriority;
  /** Without the leading @. */
  readonly assigned_to: string;
  readonly evidence: string;
  readonly message_refs: string[];
}

const actionItems = (m: Pick<Message, 'action_items'>) => (m.action_items ?? []).map((a) => a.trim()).filter(Boolean);

/**
 * Default title (S2 §5): the first action item when the message has any, else the first 50
 * characters of the message (code points, so an emoji is never split).
 */
export function defaultActionTitle(m: Pick<Message, 'content' | 'action_items'>): string {
  const first = actionItems(m)[0];
  if (first) return first;
  return Array.from((m.content ?? '').trim())
    .slice(0, ACTION_DEFAULT_TITLE_CHARS)
    .join('')
    .trim();
}

/**
 * Default details (S2 §3, §5): the message content, then `Sender:` and `Topic:` lines ('N/A' when
 * missing), the message's `Reference:` line (its id, so the Actions screen can open it), and when
 * the message has several action items, the ones after the first (the title) listed.
 */
export function defaultActionDetails(m: ActionSourceMessage): string {
  const lines = [
    (m.content ?? '').trim(),
    '',
    `Sender: ${m.Sender_name?.trim() || ACTION_DETAILS_NONE}`,
    `Topic: ${m.topic?.trim() || ACTION_DETAILS_NONE}`,
    `Reference: ${m.msg_id}`,
  ];
  const rest = actionItems(m).slice(1);
  if (rest.length) lines.push('', 'Other action items:', ...rest.map((a) => `- ${a}`));
  return lines.join('\n').replace(/^\n+/, '');
}

/** Default due date (S2 §5, §9): 24 hours from now, as an ISO instant. */
export function defaultActionDueDate(now: Date): string {
  return new Date(now.getTime() + DEFAULT_ACTION_DUE_HOURS * 60 * 60 * 1000).toISOString();
}

/** Everything the Create Action dialog prefills from a message (S2 §5). */
export function createActionDefaults(m: ActionSourceMessage, now: Date): CreateActionDefaults {
  return {
    title: defaultActionTitle(m),
    details: defaultActionDetails(m),
    due_date: defaultActionDueDate(now),
    priority: DEFAULT_ACTION_PRIORITY,
    assigned_to: '',
    evidence: '',
    message_refs: [m.msg_id],
  };
}

/** An assignee as typed ('@dana', ' dana ') reduced to the username, or null when empty. */
export function normalizeAssignee(value: string | null | undefined): string | null {
  const name = (value ?? '').trim().replace(/^@+/, '').trim();
  return name || null;
}

// 'Evidence:', '### Evidence:', '**Evidence:**' or '**Evidence**:' (the colon is what makes it a label).
const EVIDENCE_HEADING = /^\s*(?:#{1,6}\s*)?(?:\*\*)?\s*Evidence\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*)$/i;
const ASSIGNED_HEADING = /^\s*(?:#{1,6}\s*)?(?:\*\*)?\s*Assigned to\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*)$/i;

/**
 * Splits AI-generated details (S2 §7.2: they may contain 'Evidence:' and 'Assigned to:' sections)
 * into the details proper, the evidence and the assignee (S2 §2.3: the assignee can be extracted
 * from AI-generated details). The sections may be headings (`### Evidence:`) or plain labels.
 */
export function parseGeneratedActionDetails(text: string): {
  details: string;
  evidence: string;
  assignee: string | null;
} {
  const details: string[] = [];
  const evidence: string[] = [];
  let assignee: string | null = null;
  let section: 'details' | 'evidence' | 'assigned' = 'details';
  for (const line of text.split(/\r?\n/)) {
    const ev = EVIDENCE_HEADING.exec(line);
    if (ev) {
      section = 'evidence';
      if (ev[1]?.trim()) evidence.push(ev[1].trim());
      continue;
    }
    const as = ASSIGNED_HEADING.exec(line);
    if (as) {
      section = 'assigned';
      assignee = normalizeAssignee(as[1]?.split(/[\s,]+/).find((w) => w.trim()) ?? null) ?? assignee;
      continue;
    }
    if (section === 'evidence') evidence.push(line);
    else if (section === 'assigned' && !assignee && line.trim())
      assignee = normalizeAssignee(line.trim().split(/[\s,]+/)[0]);
    // Details, and lines after the assignee that start no new section.
    else details.push(line);
  }
  return { details: details.join('\n').trim(), evidence: evidence.join('\n').trim(), assignee };
}

/**
 * The details saved with an action (S2 §5): the details, then the evidence under '### Evidence:' and
 * the assignee as '### Assigned to: @name'. A section the details already hold is not added twice.
 */
export function composeActionDetails(
  details: string | null,
  evidence: string | null,
  assignee: string | null,
): string | null {
  let out = details?.trim() ?? '';
  const ev = evidence?.trim();
  const who = normalizeAssignee(assignee);
  if (ev && !/###\s*Evidence:/i.test(out)) out = `${out}${out ? '\n\n' : ''}${ACTION_EVIDENCE_HEADING}\n${ev}`;
  if (who && !/###\s*Assigned to:/i.test(out)) out = `${out}${out ? '\n\n' : ''}${ACTION_ASSIGNED_HEADING} @${who}`;
  return out || null;
}

// ---- The Actions screen (S2 §2.3, §4, §9) ----

/** A tab of the Actions screen. */
export type ActionTab = (typeof ACTION_TABS)[number];
/** A sort option as the list query names it: `field:direction` (S2 §9). */
type SortOption = (typeof ACTION_SORT_OPTIONS)[number];
export type ActionSortKey = SortOption extends infer O
  ? O extends { field: infer F extends string; direction: infer D extends string }
    ? `${F}:${D}`
    : never
  : never;
/** The sort options in the order the screen offers them. */
export const ACTION_SORT_KEYS = ACTION_SORT_OPTIONS.map((o) => `${o.field}:${o.direction}` as ActionSortKey) as [
  ActionSortKey,
  ...ActionSortKey[],
];
/** The default sort (S2 §9): due date ascending. */
export const DEFAULT_ACTION_SORT_KEY: ActionSortKey = 'due_date:asc';

type Dated = Pick<Action, 'status' | 'due_date'>;

/** The end of the due-soon window (S2 §4, §9): two days from now, as an ISO instant. */
export function dueSoonCutoff(now: Date): string {
  return new Date(now.getTime() + DUE_SOON_DAYS * ONE_DAY_MS).toISOString();
}

/** A pending action is due soon when its due date is on or before two days from now (S2 §4); overdue ones too. */
export function isDueSoon(a: Dated, now: Date): boolean {
  return a.status === 'pending' && a.due_date !== null && Date.parse(a.due_date) <= now.getTime() + DUE_SOON_DAYS * ONE_DAY_MS;
}

/** A pending action is overdue when its due date is before now (S2 §4). */
export function isOverdue(a: Dated, now: Date): boolean {
  return a.status === 'pending' && a.due_date !== null && Date.parse(a.due_date) < now.getTime();
}

/** True when the action belongs in the tab (S2 §2.3, §7.3: due soon = pending, due before two days ahead). */
export function inActionTab(a: Dated, tab: ActionTab, now: Date): boolean {
  switch (tab) {
    case 'pending':
      return a.status === 'pending';
    case 'due_soon':
      return isDueSoon(a, now);
    case 'completed':
      return a.status === 'done';
    case 'all':
      return true;
  }
}

/** The count badge of every tab (S2 §2.3). */
export function countActions(list: readonly Dated[], now: Date): ActionCounts {
  return {
    pending: list.filter((a) => inActionTab(a, 'pending', now)).length,
    due_soon: list.filter((a) => inActionTab(a, 'due_soon', now)).length,
    completed: list.filter((a) => inActionTab(a, 'completed', now)).length,
    all: list.length,
  };
}

const PRIORITY_RANK: Record<ActionPriority, number> = { low: 0, medium: 1, high: 2 };

/**
 * Orders actions by a sort option (S2 §9). Actions without a due date come last in both due-date
 * orders; ties fall back to the newest created first, then the id, so pages never overlap.
 */
export function sortActions<T extends Pick<Action, 'action_id' | 'due_date' | 'priority' | 'created_at'>>(
  list: readonly T[],
  sort: ActionSortKey,
): T[] {
  const [field, direction] = sort.split(':') as [string, 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  const primary = (a: T, b: T): number => {
    if (field === 'priority') return sign * (PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]);
    if (field === 'created_at') return sign * a.created_at.localeCompare(b.created_at);
    if (a.due_date === b.due_date) return 0;
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return sign * (Date.parse(a.due_date) - Date.parse(b.due_date));
  };
  return [...list].sort(
    (a, b) => primary(a, b) || b.created_at.localeCompare(a.created_at) || a.action_id.localeCompare(b.action_id),
  );
}

/** Where a snoozed action's due date and reminder move (S2 §4, §9): one day from now. */
export function snoozedUntil(now: Date): string {
  return new Date(now.getTime() + SNOOZE_DAYS * ONE_DAY_MS).toISOString();
}

/** When an action's reminder falls due: its reminder time (set by snooze), else its due date; null for neither. */
export function reminderTime(a: Pick<Action, 'reminder_ts' | 'due_date'>): string | null {
  return a.reminder_ts ?? a.due_date;
}

/**
 * True when Process Reminders should send the action's reminder (S2 §2.3): pending, its reminder
 * time reached, and no reminder sent since that time was set (a snooze or a later due date sets a
 * new time, and so a new reminder).
 */
export function isReminderDue(a: Pick<Action, 'status' | 'reminder_ts' | 'due_date' | 'reminded_at'>, now: Date): boolean {
  const at = reminderTime(a);
  if (a.status !== 'pending' || !at) return false;
  const atMs = Date.parse(at);
  if (!(atMs <= now.getTime())) return false;
  return !a.reminded_at || Date.parse(a.reminded_at) < atMs;
}

/** Snooze is allowed for pending actions only (S2 §4). */
export const SNOOZE_PENDING_ONLY = 'Only pending actions can be snoozed';

/** Labels of the table view's status column (S2 §4). */
export type ActionTableStatus = 'Completed' | 'No Due Date' | 'Overdue' | 'Due Today' | 'Pending';

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The table status label (S2 §4): Completed if done, No Due Date if none, Overdue, Due Today, otherwise Pending. */
export function actionTableStatus(a: Dated, now: Date): ActionTableStatus {
  if (a.status === 'done') return 'Completed';
  if (a.due_date === null) return 'No Due Date';
  if (isOverdue(a, now)) return 'Overdue';
  if (sameLocalDay(new Date(a.due_date), now)) return 'Due Today';
  return 'Pending';
}

/** The badge of an action in the dashboard's upcoming widget (S2 §4); `date` means the badge shows its due date. */
export type UpcomingActionBadge = 'no_due_date' | 'overdue' | 'due_today' | 'due_tomorrow' | 'due_soon' | 'date';

/**
 * The upcoming widget's badge (S2 §4, §9): No due date, Overdue (before now), Due Today, Due
 * Tomorrow (local days), Due Soon (within the next 3 days), otherwise the date.
 */
export function upcomingActionBadge(a: Pick<Action, 'due_date'>, now: Date): UpcomingActionBadge {
  if (a.due_date === null) return 'no_due_date';
  const due = new Date(a.due_date);
  if (due.getTime() < now.getTime()) return 'overdue';
  if (sameLocalDay(due, now)) return 'due_today';
  if (sameLocalDay(due, new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))) return 'due_tomorrow';
  if (due.getTime() <= now.getTime() + DUE_SOON_WIDGET_DAYS * ONE_DAY_MS) return 'due_soon';
  return 'date';
}

/** The table view's subject (S2 §2.3): the first bracketed segment of the title, else General. */
export function actionSubject(title: string): string {
  const m = /\[([^\]]+)\]/.exec(title);
  return m?.[1]?.trim() || ACTION_DEFAULT_SUBJECT;
}

const REFERENCE_LINE = /^\s*Reference:\s*([A-Za-z0-9-]+)\s*$/im;

/** The message an action refers to (S2 §3): its first message ref, else the details' Reference line; or null. */
export function actionMessageReference(a: Pick<Action, 'message_refs' | 'details'>): string | null {
  const ref = a.message_refs[0];
  if (ref) return ref;
  return REFERENCE_LINE.exec(a.details ?? '')?.[1] ?? null;
}

/**
 * Details as typed in the edit dialog (S2 §5): a line starting 'Evidence:' or 'Assigned to:' gets the
 * '### ' heading prefix.
 */
export function withDetailsHeadings(text: string): string {
  return text.replace(/^[ \t]*(Evidence|Assigned to):/gim, (_m, label: string) =>
    label.toLowerCase() === 'evidence' ? ACTION_EVIDENCE_HEADING : ACTION_ASSIGNED_HEADING,
  );
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * Details from rich text into the plain form the edit dialog shows (S2 §5): block ends become line
 * breaks, 'Evidence' / 'Assigned to' labels become '###' headings, a mention link becomes @name, and
 * every other tag goes.
 */
export function detailsFromHtml(text: string): string {
  if (!/<[a-z/][^>]*>/i.test(text)) return withDetailsHeadings(text);
  const plain = text
    .replace(/<a\b[^>]*>\s*@?([^<]+?)\s*<\/a>/gi, (_m, name: string) => `@${name.trim()}`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => HTML_ENTITIES[e] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return withDetailsHeadings(plain).replace(/^(### Assigned to:)\s*@?\s*(\S+)/im, (_m, h: string, who: string) => `${h} @${who}`);
}
