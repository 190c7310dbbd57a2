/**
 * Extractive community summary (S2 §4): sections Key Topics, Action Items, Recommended Actions and
 * Quick Stats, written in Hebrew for Hebrew communities and personalised with the community context
 * (name, admin, description, goals). Section headings always start with the English section name
 * (SUMMARY_SECTIONS) so the summary card can split them; Hebrew communities get the Hebrew title after it.
 */
import {
  SENTIMENT_NEGATIVE_BELOW,
  SENTIMENT_POSITIVE_ABOVE,
  SUMMARY_SECTIONS,
  type Emotion,
  type Intent,
  type Message,
  type Urgency,
} from '@kehila/shared';
import type { AiCommunityContext } from '../../../core/ports/ai';
import { summaryHeading, summaryLanguage, type SummaryLanguage } from '../conventions';
import { labelMessage } from './enrich';
import { isAnswered } from './actions';
import { GENERAL_TOPIC, TOPIC_LABELS_HE } from '../topics';

const EMOTION_HE: Readonly<Record<Emotion, string>> = {
  joy: 'שמחה',
  sadness: 'עצב',
  anger: 'כעס',
  fear: 'חשש',
  surprise: 'הפתעה',
  disgust: 'גועל',
  neutral: 'ניטרלי',
  trust: 'אמון',
  anticipation: 'ציפייה',
};

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

function day(iso: string): string {
  return iso.slice(0, 10);
}

/** Writes the extractive summary of a community's recent messages. */
export function summarizeLocal(input: {
  messages: readonly Message[];
  community: AiCommunityContext;
  lastSummary: string | null;
}): string {
  const { community } = input;
  const lang = summaryLanguage(community, input.messages);
  const he = lang === 'he';
  const rows = rowsOf(input.messages);
  const out: string[] = [];
  const name = community.name?.trim() || (he ? 'הקהילה' : 'the community');
  const admin = community.admin_name?.trim();

  out.push(he ? `# סיכום ${name}` : `# ${name} — Summary`);
  if (rows.length === 0) {
    out.push('', he ? 'לא היו הודעות חדשות בתקופה הזו.' : 'There were no new messages in this period.');
    for (const s of SUMMARY_SECTIONS) out.push('', summaryHeading(s, lang), he ? '- אין' : '- None');
    return out.join('\n');
  }

  const senders = countBy(rows, (r) => r.m.Sender_name?.trim() || r.m.sender_hash || '?');
  const topics = countBy(rows, (r) => r.topic).slice(0, 5);
  const from = day(rows[0]!.m.timestamp);
  const to = day(rows[rows.length - 1]!.m.timestamp);
  const topNames = topics.slice(0, 2).map(([t]) => topicLabel(t, lang));
  const greeting = admin ? (he ? `היי ${admin},` : `Hi ${admin},`) : '';
  const overview = he
    ? `${rows.length} הודעות מ-${senders.length} חברים בין ${from} ל-${to}, בעיקר בנושאי ${topNames.join(' ו')}.`
    : `${rows.length} messages from ${senders.length} members between ${from} and ${to}, mostly about ${topNames.join(' and ')}.`;
  out.push('', [greeting, overview].filter(Boolean).join(' '));
  if (community.group_description?.trim()) {
    out.push(
      he
        ? `על הקהילה: ${excerpt(community.group_description, 160)}`
        : `About the community: ${excerpt(community.group_description, 160)}`,
    );
  }

  // Key Topics: each topic with its size, its people, its words and its most representative message
  const last = (input.lastSummary ?? '').toLowerCase();
  out.push('', summaryHeading('Key Topics', lang));
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
    const kwText = kw.length ? (he ? ` — ${kw.join(', ')}` : ` — ${kw.join(', ')}`) : '';
    out.push(
      he
        ? `- **${label}**${newTag}: ${n} הודעות, ${people} משתתפים${kwText}. לדוגמה: "${excerpt(rep.content)}" (${rep.m.Sender_name ?? '?'})`
        : `- **${label}**${newTag}: ${n} messages, ${people} participants${kwText}. E.g. "${excerpt(rep.content)}" (${rep.m.Sender_name ?? '?'})`,
    );
  }

  // Action Items: tasks found in messages, most urgent first
  out.push('', summaryHeading('Action Items', lang));
  const rank: Record<Urgency, number> = { high: 0, medium: 1, low: 2 };
  const items: Array<{ text: string; who: string; u: Urgency; at: string }> = [];
  const seenItems = new Set<string>();
  for (const r of rows) {
    for (const text of r.actionItems) {
      const key = text.toLowerCase().replace(/\W+/g, ' ').trim();
      if (seenItems.has(key)) continue;
      seenItems.add(key);
      items.push({ text, who: r.m.Sender_name ?? '?', u: r.urgency, at: r.m.timestamp });
    }
  }
  items.sort((a, b) => rank[a.u] - rank[b.u] || b.at.localeCompare(a.at));
  if (items.length === 0) out.push(he ? '- לא נמצאו משימות פתוחות.' : '- No open action items were found.');
  for (const i of items.slice(0, 8)) {
    const flag = i.u === 'high' ? (he ? ' (דחוף)' : ' (urgent)') : '';
    out.push(`- ${excerpt(i.text, 140)} — ${i.who}${flag}`);
  }

  // Recommended Actions: what the admin could do next
  out.push('', summaryHeading('Recommended Actions', lang));
  const recs: string[] = [];
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
    recs.push(
      he
        ? `לענות על ${open.length} שאלות ובקשות שעדיין לא נענו, למשל: "${excerpt(e.content, 90)}" (${e.m.Sender_name ?? '?'}).`
        : `Follow up on ${open.length} unanswered question${open.length > 1 ? 's' : ''} or request${open.length > 1 ? 's' : ''}, e.g. "${excerpt(e.content, 90)}" (${e.m.Sender_name ?? '?'}).`,
    );
  }
  const urgent = rows.filter((r) => r.urgency === 'high');
  if (urgent.length > 0) {
    recs.push(
      he
        ? `לטפל ב-${urgent.length} הודעות דחופות, החל מ: "${excerpt(urgent[urgent.length - 1]!.content, 90)}".`
        : `Handle ${urgent.length} high-urgency message${urgent.length > 1 ? 's' : ''}, starting with "${excerpt(urgent[urgent.length - 1]!.content, 90)}".`,
    );
  }
  const complaints = rows.filter((r) => r.intent === 'complaint' || r.sentiment < -0.5);
  if (complaints.length > 0) {
    const t = countBy(complaints, (r) => r.topic)[0]![0];
    recs.push(
      he
        ? `להתייחס ל-${complaints.length} הודעות של תסכול או תלונה (בעיקר ${topicLabel(t, lang)}).`
        : `Respond to ${complaints.length} message${complaints.length > 1 ? 's' : ''} expressing frustration or complaints (mostly ${t}).`,
    );
  }
  const toxic = rows.filter((r) => r.toxicity >= 0.5);
  if (toxic.length > 0) {
    recs.push(
      he
        ? `לבדוק ${toxic.length} הודעות שסומנו כפוגעניות ולהזכיר את כללי הקבוצה.`
        : `Review ${toxic.length} message${toxic.length > 1 ? 's' : ''} flagged as potentially offensive and remind members of the group rules.`,
    );
  }
  const events = rows.filter((r) => r.intent === 'event');
  if (events.length > 0) {
    const e = events[events.length - 1]!;
    recs.push(
      he ? `להזכיר לחברים על: "${excerpt(e.content, 90)}".` : `Remind members about: "${excerpt(e.content, 90)}".`,
    );
  }
  if (community.group_goals?.trim() && topics[0]) {
    recs.push(
      he
        ? `לחבר את הדיון על ${topicLabel(topics[0][0], lang)} למטרת הקהילה: ${excerpt(community.group_goals, 100)}.`
        : `Connect the discussion on ${topics[0][0]} to the community goal: ${excerpt(community.group_goals, 100)}.`,
    );
  }
  const topShare = senders[0] ? senders[0][1] / rows.length : 0;
  if (senders.length >= 3 && topShare > 0.4) {
    recs.push(
      he
        ? `לעודד חברים שקטים יותר להשתתף (${senders[0]![0]} כתב/ה ${Math.round(topShare * 100)}% מההודעות).`
        : `Encourage quieter members to join in (${senders[0]![0]} wrote ${Math.round(topShare * 100)}% of the messages).`,
    );
  }
  if (recs.length === 0)
    recs.push(
      he
        ? 'להמשיך לעודד שיח פעיל — אין נושאים פתוחים שדורשים טיפול.'
        : 'Keep the conversation going — nothing needs attention right now.',
    );
  for (const r of recs.slice(0, 6)) out.push(`- ${r}`);

  // Quick Stats
  out.push('', summaryHeading('Quick Stats', lang));
  const avg = rows.reduce((s, r) => s + r.sentiment, 0) / rows.length;
  const mood =
    avg > SENTIMENT_POSITIVE_ABOVE
      ? he
        ? 'חיובי'
        : 'Positive'
      : avg < SENTIMENT_NEGATIVE_BELOW
        ? he
          ? 'שלילי'
          : 'Negative'
        : he
          ? 'ניטרלי'
          : 'Neutral';
  const highPct = Math.round((urgent.length / rows.length) * 100);
  const emotion = countBy(
    rows.filter((r) => r.emotion !== 'neutral'),
    (r) => r.emotion,
  )[0]?.[0] as Emotion | undefined;
  const top3 = senders
    .slice(0, 3)
    .map(([n, c]) => `${n} (${c})`)
    .join(', ');
  if (he) {
    out.push(
      `- הודעות: ${rows.length}`,
      `- חברים פעילים: ${senders.length}`,
      `- תקופה: ${from} – ${to}`,
      `- סנטימנט ממוצע: ${avg.toFixed(2)} (${mood})`,
      `- הודעות דחופות: ${highPct}%`,
      ...(emotion ? [`- רגש בולט: ${EMOTION_HE[emotion]}`] : []),
      `- הכי פעילים: ${top3}`,
    );
  } else {
    out.push(
      `- Messages: ${rows.length}`,
      `- Active members: ${senders.length}`,
      `- Period: ${from} – ${to}`,
      `- Average sentiment: ${avg.toFixed(2)} (${mood})`,
      `- High urgency: ${highPct}%`,
      ...(emotion ? [`- Most common emotion: ${emotion}`] : []),
      `- Most active: ${top3}`,
    );
  }
  return out.join('\n');
}
