/**
 * Extractive community summary (S2 §4): sections Key Topics, Action Items, Recommended Actions and
 * Quick Stats, written in Hebrew for Hebrew communities and personalised with the community context
 * (name, admin, description, goals). It is honest by construction: every item is built from
 * messages of the period and cites them (their msg_id); nothing is said that no message carries.
 */
import {
  SUMMARY_ITEM_MAX_CITATIONS,
  type Emotion,
  type Intent,
  type Message,
  type SummaryItem,
  type SummarySections,
  type Urgency,
} from '@kehila/shared';
import type { AiCommunityContext, SummaryDraft } from '../../../core/ports/ai';
import { periodDays, quickStatItems, summaryLanguage, summaryMarkdown, type SummaryLanguage } from '../conventions';
import { labelMessage } from './enrich';
import { isAnswered } from './actions';
import { GENERAL_TOPIC, TOPIC_LABELS_HE } from '../topics';

interface Row {
  readonly m: Message;
  readonly content: string;
  readonly topic: string;
  readonly keywords: readonly string[];
  readonly urgency: Urgency;
  readonly sentiment: number;
  readonly emotion: Emotion;
  readonly intent: Intent;
  readonly toxicity: number;
  readonly actionItems: readonly string[];
}

function rowsOf(messages: readonly Message[]): Row[] {
  return messages
    .filter((m) => m.content?.trim())
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((m) => {
      const content = m.content!.trim();
      // stored enrichment is used as is (topic null means General); a message never enriched is labelled here
      const enriched = m.urgency !== null || m.intent !== null || m.emotion !== null;
      const l = enriched ? null : labelMessage(content);
      return {
        m,
        content,
        topic: (l ? l.topic : m.topic) ?? GENERAL_TOPIC,
        keywords: l ? l.terms.slice(0, 5).map((t) => t.display) : m.keywords,
        urgency: l?.urgency ?? m.urgency ?? 'low',
        sentiment: l?.sentiment ?? m.sentiment ?? 0,
        emotion: l?.emotion ?? m.emotion ?? 'neutral',
        intent: l?.intent ?? m.intent ?? 'social',
        toxicity: l?.toxicity ?? m.toxicity ?? 0,
        actionItems: l ? l.action_items : m.action_items,
      };
    });
}

function excerpt(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? t.slice(0, max - 1).replace(/\s+\S*$/, '') + '…' : t;
}

function topicLabel(topic: string, lang: SummaryLanguage): string {
  return lang === 'he' ? (TOPIC_LABELS_HE[topic] ?? topic) : topic;
}

function countBy<T>(items: readonly T[], key: (t: T) => string): Array<[string, number]> {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Up to the citation limit of ids, the first given first (the most representative). */
function cite(rows: readonly Row[]): string[] {
  return [...new Set(rows.map((r) => r.m.msg_id))].slice(0, SUMMARY_ITEM_MAX_CITATIONS);
}

/** The newest rows first: a citation list starts with what was said last. */
function newestFirst(rows: readonly Row[]): Row[] {
  return [...rows].reverse();
}

/** Writes the extractive summary of a community's recent messages, every item citing its messages. */
export function summarizeLocal(input: {
  messages: readonly Message[];
  community: AiCommunityContext;
  lastSummary: string | null;
}): SummaryDraft {
  const { community } = input;
  const lang = summaryLanguage(community, input.messages);
  const he = lang === 'he';
  const rows = rowsOf(input.messages);
  const name = community.name?.trim() || (he ? 'הקהילה' : 'the community');
  const admin = community.admin_name?.trim();
  const title = he ? `סיכום ${name}` : `${name} — Summary`;
  const done = (sections: SummarySections): SummaryDraft => ({
    language: lang,
    sections,
    text: summaryMarkdown(title, sections, lang),
  });

  if (rows.length === 0) {
    return done({
      overview: he ? 'לא היו הודעות חדשות בתקופה הזו.' : 'There were no new messages in this period.',
      key_topics: [],
      action_items: [],
      recommended_actions: [],
      quick_stats: [],
    });
  }

  const senders = countBy(rows, (r) => r.m.Sender_name?.trim() || r.m.sender_hash || '?');
  const topics = countBy(rows, (r) => r.topic).slice(0, 5);
  const period = periodDays(rows.map((r) => r.m))!;
  const topNames = topics.slice(0, 2).map(([t]) => topicLabel(t, lang));
  const greeting = admin ? (he ? `היי ${admin},` : `Hi ${admin},`) : '';
  const overviewLines = [
    [
      greeting,
      he
        ? `${rows.length} הודעות מ-${senders.length} חברים בין ${period.from} ל-${period.to}, בעיקר בנושאי ${topNames.join(' ו')}.`
        : `${rows.length} messages from ${senders.length} members between ${period.from} and ${period.to}, mostly about ${topNames.join(' and ')}.`,
    ]
      .filter(Boolean)
      .join(' '),
  ];
  if (community.group_description?.trim()) {
    overviewLines.push(
      he
        ? `על הקהילה: ${excerpt(community.group_description, 160)}`
        : `About the community: ${excerpt(community.group_description, 160)}`,
    );
  }

  // Key Topics: each topic with its size, its people, its words and its most representative message
  const last = (input.lastSummary ?? '').toLowerCase();
  const keyTopics: SummaryItem[] = [];
  for (const [topic, n] of topics) {
    const inTopic = rows.filter((r) => r.topic === topic);
    const people = new Set(inTopic.map((r) => r.m.Sender_name ?? r.m.sender_hash)).size;
    const kw = countBy(
      inTopic.flatMap((r) => r.keywords),
      (k) => k,
    )
      .slice(0, 4)
      .map(([k]) => k);
    const kwSet = new Set(kw);
    const rep = [...inTopic].sort(
      (a, b) =>
        b.keywords.filter((k) => kwSet.has(k)).length - a.keywords.filter((k) => kwSet.has(k)).length ||
        (b.urgency === 'high' ? 1 : 0) - (a.urgency === 'high' ? 1 : 0) ||
        b.content.length - a.content.length,
    )[0]!;
    const label = topicLabel(topic, lang);
    const isNew = last !== '' && !last.includes(topic.toLowerCase()) && !last.includes(label.toLowerCase());
    const newTag = isNew ? (he ? ' (חדש)' : ' (new)') : '';
    const kwText = kw.length ? ` — ${kw.join(', ')}` : '';
    keyTopics.push({
      text: he
        ? `**${label}**${newTag}: ${n} הודעות, ${people} משתתפים${kwText}. לדוגמה: "${excerpt(rep.content)}" (${rep.m.Sender_name ?? '?'})`
        : `**${label}**${newTag}: ${n} messages, ${people} participants${kwText}. E.g. "${excerpt(rep.content)}" (${rep.m.Sender_name ?? '?'})`,
      message_ids: cite([rep, ...newestFirst(inTopic)]),
    });
  }

  // Action Items: tasks found in messages, most urgent first; a task several messages repeat cites them all
  const rank: Record<Urgency, number> = { high: 0, medium: 1, low: 2 };
  const items = new Map<string, { text: string; who: string; u: Urgency; at: string; rows: Row[] }>();
  for (const r of rows) {
    for (const text of r.actionItems) {
      const key = text.toLowerCase().replace(/\W+/g, ' ').trim();
      const seen = items.get(key);
      if (seen) seen.rows.push(r);
      else items.set(key, { text, who: r.m.Sender_name ?? '?', u: r.urgency, at: r.m.timestamp, rows: [r] });
    }
  }
  const actionItems = [...items.values()]
    .sort((a, b) => rank[a.u] - rank[b.u] || b.at.localeCompare(a.at))
    .slice(0, 8)
    .map((i) => ({
      text: `${excerpt(i.text, 140)} — ${i.who}${i.u === 'high' ? (he ? ' (דחוף)' : ' (urgent)') : ''}`,
      message_ids: cite(i.rows),
    }));

  // Recommended Actions: what the admin could do next, each from the messages that call for it
  const recs: SummaryItem[] = [];
  const open = rows.filter(
    (r, i) =>
      (r.intent === 'question' || r.intent === 'request') &&
      !isAnswered(
        r.m,
        rows.slice(i + 1).map((x) => x.m),
      ),
  );
  if (open.length > 0) {
    const e = open[open.length - 1]!;
    recs.push({
      text: he
        ? `לענות על ${open.length} שאלות ובקשות שעדיין לא נענו, למשל: "${excerpt(e.content, 90)}" (${e.m.Sender_name ?? '?'}).`
        : `Follow up on ${open.length} unanswered question${open.length > 1 ? 's' : ''} or request${open.length > 1 ? 's' : ''}, e.g. "${excerpt(e.content, 90)}" (${e.m.Sender_name ?? '?'}).`,
      message_ids: cite(newestFirst(open)),
    });
  }
  const urgent = rows.filter((r) => r.urgency === 'high');
  if (urgent.length > 0) {
    recs.push({
      text: he
        ? `לטפל ב-${urgent.length} הודעות דחופות, החל מ: "${excerpt(urgent[urgent.length - 1]!.content, 90)}".`
        : `Handle ${urgent.length} high-urgency message${urgent.length > 1 ? 's' : ''}, starting with "${excerpt(urgent[urgent.length - 1]!.content, 90)}".`,
      message_ids: cite(newestFirst(urgent)),
    });
  }
  const complaints = rows.filter((r) => r.intent === 'complaint' || r.sentiment < -0.5);
  if (complaints.length > 0) {
    const t = countBy(complaints, (r) => r.topic)[0]![0];
    recs.push({
      text: he
        ? `להתייחס ל-${complaints.length} הודעות של תסכול או תלונה (בעיקר ${topicLabel(t, lang)}).`
        : `Respond to ${complaints.length} message${complaints.length > 1 ? 's' : ''} expressing frustration or complaints (mostly ${t}).`,
      message_ids: cite(newestFirst(complaints)),
    });
  }
  const toxic = rows.filter((r) => r.toxicity >= 0.5);
  if (toxic.length > 0) {
    recs.push({
      text: he
        ? `לבדוק ${toxic.length} הודעות שסומנו כפוגעניות ולהזכיר את כללי הקבוצה.`
        : `Review ${toxic.length} message${toxic.length > 1 ? 's' : ''} flagged as potentially offensive and remind members of the group rules.`,
      message_ids: cite(newestFirst(toxic)),
    });
  }
  const events = rows.filter((r) => r.intent === 'event');
  if (events.length > 0) {
    const e = events[events.length - 1]!;
    recs.push({
      text: he
        ? `להזכיר לחברים על: "${excerpt(e.content, 90)}".`
        : `Remind members about: "${excerpt(e.content, 90)}".`,
      message_ids: cite([e]),
    });
  }
  if (community.group_goals?.trim() && topics[0]) {
    const top = topics[0][0];
    recs.push({
      text: he
        ? `לחבר את הדיון על ${topicLabel(top, lang)} למטרת הקהילה: ${excerpt(community.group_goals, 100)}.`
        : `Connect the discussion on ${top} to the community goal: ${excerpt(community.group_goals, 100)}.`,
      message_ids: cite(newestFirst(rows.filter((r) => r.topic === top))),
    });
  }
  const topShare = senders[0] ? senders[0][1] / rows.length : 0;
  if (senders.length >= 3 && topShare > 0.4) {
    const top = senders[0]![0];
    recs.push({
      text: he
        ? `לעודד חברים שקטים יותר להשתתף (${top} כתב/ה ${Math.round(topShare * 100)}% מההודעות).`
        : `Encourage quieter members to join in (${top} wrote ${Math.round(topShare * 100)}% of the messages).`,
      message_ids: cite(newestFirst(rows.filter((r) => (r.m.Sender_name?.trim() || r.m.sender_hash || '?') === top))),
    });
  }

  return done({
    overview: overviewLines.join('\n'),
    key_topics: keyTopics,
    action_items: actionItems,
    recommended_actions: recs.slice(0, 6),
    quick_stats: quickStatItems(
      rows.map((r) => ({
        msg_id: r.m.msg_id,
        sender: r.m.Sender_name?.trim() || r.m.sender_hash || '?',
        timestamp: r.m.timestamp,
        sentiment: r.sentiment,
        urgency: r.urgency,
        emotion: r.emotion,
      })),
      lang,
    ),
  });
}
