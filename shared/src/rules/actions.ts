import {
  ACTION_ASSIGNED_HEADING,
  ACTION_DEFAULT_TITLE_CHARS,
  ACTION_DETAILS_NONE,
  ACTION_EVIDENCE_HEADING,
  DEFAULT_ACTION_DUE_HOURS,
  DEFAULT_ACTION_PRIORITY,
} from '../constants';
import type { ActionPriority } from '../schemas/actions';
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
