/**
 * Actions from messages (S2 §5, §7.2): `generateAction` for one message and `suggestActions` over
 * recent messages. Details follow the S2 §3 conventions: a Reference line (message id), Sender: and
 * Topic: lines, and the headings "### Evidence:" and "### Assigned to: @name".
 */
import type { ActionPriority, Message, SuggestedAction, Urgency } from '@kehila/shared';
import { analyze, type Analysis } from './analyze';
import { extractActionItems } from './classify';
import { labelMessage } from './enrich';
import { actionDetails, actionTitle } from '../conventions';

const NOT_NAMES = new Set(
  `hi hey hello guys everyone all team friends folks please thanks yes no ok okay so well also and but reminder
  update note fyi good morning today tomorrow urgent important folks people אנשים חברים חברות היי הי שלום בוקר ערב
  תודה כולם צוות תזכורת עדכון דחוף חשוב אז טוב כן לא רגע בקיצור יאללה`
    .split(/\s+/)
    .filter(Boolean),
);

/** Who a task is addressed to: an @mention, a vocative ("Dana, please…") or "assigned to X". */
export function findAssignee(text: string): string | null {
  const mention = /@([\p{L}\p{N}_.]{2,30})/u.exec(text);
  if (mention) return mention[1]!;
  const assigned =
    /\b(?:assigned to|assign(?:ing)? it to|owner:|responsible:)\s*@?([\p{Lu}][\p{L}'-]+(?:\s[\p{Lu}][\p{L}'-]+)?)/u.exec(
      text,
    ) ??
    /(?:באחריות|אחראי(?:ת)?)\s*:?\s*(?:של\s+)?@?([\u05D0-\u05EA'"-]{2,15}(?:\s[\u05D0-\u05EA'"-]{2,15})?)/u.exec(text);
  if (assigned) return assigned[1]!.trim();
  for (const sentence of text.split(/(?<=[.!?\n])\s*/)) {
    const voc = /^\s*([\p{Lu}][\p{Ll}'-]{1,20}|[\u05D0-\u05EA][\u05D0-\u05EA'-]{1,14})\s*,\s*\S/u.exec(sentence);
    if (voc && !NOT_NAMES.has(voc[1]!.toLowerCase())) {
      // the vocative must be followed by a task ("Dana, please send…"), not be a greeting
      const rest = sentence.slice(voc[0].length - 1);
      if (extractActionItems(analyze(rest)).length > 0) return voc[1]!;
    }
    const will =
      /\b([\p{Lu}][\p{Ll}'-]{1,20}) (?:will|is going to|can you|could you) (?:send|handle|take care|prepare|bring|check|call|book|update|organi[sz]e)/u.exec(
        sentence,
      );
    if (will && !NOT_NAMES.has(will[1]!.toLowerCase())) return will[1]!;
  }
  return null;
}

/** Drops a leading "@name" or "Name," from a task, capitalising what follows. */
export function withoutAddressee(item: string, assignee: string | null): string {
  if (!assignee) return item;
  const esc = assignee.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rest = item.replace(new RegExp(`^\\s*@?${esc}\\s*,?\\s*`, 'u'), '');
  if (rest === item || rest.length < 3) return item;
  return rest[0]!.toUpperCase() + rest.slice(1);
}

function isHebrew(text: string): boolean {
  return /[\u05D0-\u05EA]/.test(text);
}

function evidenceQuote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return `"${t.length > 200 ? t.slice(0, 197) + '…' : t}"`;
}

function sentenceOf(a: Analysis, item: string): string {
  return (
    a.sentences.find((s) => s.text.replace(/\s+/g, ' ').includes(item.replace(/…$/, '').slice(0, 40)))?.text ?? item
  );
}

/** generate-action (S2 §7.2): title from the first action item or the message, details by convention. */
export function generateActionLocal(input: {
  message_content: string;
  Sender_name: string | null;
  topic: string | null;
}): { title: string; details: string } {
  const content = input.message_content ?? '';
  const a = analyze(content);
  const items = extractActionItems(a);
  const first = items[0];
  const assignee = findAssignee(first ? sentenceOf(a, first) : content) ?? (first ? findAssignee(content) : null);
  // the assignee has its own heading: "Dana, please send…" titles as "Please send…"
  const title = first ? actionTitle(withoutAddressee(first, assignee), true) : actionTitle(content, false);
  return {
    title,
    details: actionDetails({
      content,
      sender: input.Sender_name,
      topic: input.topic,
      otherItems: items.slice(1),
      evidence: first ? evidenceQuote(sentenceOf(a, first)) : null,
      assignee,
    }),
  };
}

const PRIORITY_OF: Readonly<Record<Urgency, ActionPriority>> = { high: 'high', medium: 'medium', low: 'low' };
const PRIORITY_RANK: Readonly<Record<ActionPriority, number>> = { high: 0, medium: 1, low: 2 };

function stemSet(text: string): Set<string> {
  return new Set(
    analyze(text)
      .seq.filter((t) => t.kind === 'word' && !t.stop)
      .map((t) => t.stem),
  );
}

function similar(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter) >= 0.6;
}

/** Whether a later message from someone else answers this one (same topic or a shared keyword, within 48 h). */
export function isAnswered(m: Message, later: readonly Message[]): boolean {
  const t0 = Date.parse(m.timestamp);
  const kw = new Set((m.keywords ?? []).map((k) => k.toLowerCase()));
  return later.some((o) => {
    if (o.msg_id === m.msg_id || (o.Sender_name && o.Sender_name === m.Sender_name)) return false;
    const dt = Date.parse(o.timestamp) - t0;
    if (!(dt > 0 && dt <= 48 * 3600_000)) return false;
    if (m.topic && o.topic === m.topic) return true;
    return (o.keywords ?? []).some((k) => kw.has(k.toLowerCase()));
  });
}

/** suggest-actions (S2 §7.2): tasks from action items, unanswered requests and complaints in recent messages. */
export function suggestActionsLocal(messages: readonly Message[], limit = 8): SuggestedAction[] {
  const sorted = [...messages].filter((m) => m.content?.trim()).sort((x, y) => x.timestamp.localeCompare(y.timestamp));
  type Candidate = SuggestedAction & { at: string; stems: Set<string> };
  const out: Candidate[] = [];
  const push = (c: Omit<Candidate, 'stems'>) => {
    const stems = stemSet(c.title);
    const dup = out.findIndex((o) => similar(o.stems, stems));
    if (dup >= 0) {
      if (PRIORITY_RANK[c.priority] < PRIORITY_RANK[out[dup]!.priority]) out[dup] = { ...c, stems };
      return;
    }
    out.push({ ...c, stems });
  };
  sorted.forEach((m, i) => {
    const content = m.content!.trim();
    const labels = labelMessage(content);
    const urgency = m.urgency ?? labels.urgency;
    const intent = m.intent ?? labels.intent;
    const topic = m.topic ?? labels.topic;
    const items = m.action_items && m.action_items.length > 0 ? m.action_items : labels.action_items;
    const he = isHebrew(content);
    const base = { content, sender: m.Sender_name, topic, reference: m.msg_id };
    const later = sorted.slice(i + 1);
    for (const item of items.slice(0, 3)) {
      const evidence = sentenceOf(labels.analysis, item);
      const assignee = findAssignee(evidence);
      push({
        title: actionTitle(item, true),
        details: actionDetails({ ...base, evidence: evidenceQuote(evidence), assignee }),
        evidence: evidence.trim(),
        assigned_to: assignee,
        priority: PRIORITY_OF[urgency],
        at: m.timestamp,
      });
    }
    if (items.length === 0 && (intent === 'request' || intent === 'question') && !isAnswered(m, later)) {
      const who = m.Sender_name?.trim() || (he ? 'חבר/ת הקהילה' : 'a member');
      const title = actionTitle(he ? `לענות ל${who}: ${content}` : `Reply to ${who}: ${content}`, false);
      push({
        title,
        details: actionDetails({ ...base, evidence: evidenceQuote(content) }),
        evidence: content,
        assigned_to: null,
        priority: urgency === 'low' ? 'medium' : PRIORITY_OF[urgency],
        at: m.timestamp,
      });
    }
    if (intent === 'complaint') {
      const title = actionTitle(he ? `לטפל בתלונה: ${content}` : `Address complaint: ${content}`, false);
      push({
        title,
        details: actionDetails({ ...base, evidence: evidenceQuote(content) }),
        evidence: content,
        assigned_to: null,
        priority: urgency === 'high' ? 'high' : 'medium',
        at: m.timestamp,
      });
    }
  });
  out.sort((x, y) => PRIORITY_RANK[x.priority] - PRIORITY_RANK[y.priority] || y.at.localeCompare(x.at));
  return out.slice(0, limit).map(({ title, details, evidence, assigned_to, priority }) => ({
    title,
    details,
    evidence,
    assigned_to,
    priority,
  }));
}
