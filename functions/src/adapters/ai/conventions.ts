/**
 * What both AI providers write the same way, without any lexicon: action titles and details (S2 §3,
 * §5 conventions), summary headings and the summary's language (S2 §4), and the language of a text
 * from its letters. The Bedrock provider imports only this, so its Lambdas never load the local
 * provider's lexicons.
 */
import {
  SENTIMENT_NEGATIVE_BELOW,
  SENTIMENT_POSITIVE_ABOVE,
  SUMMARY_SECTION_KEYS,
  SUMMARY_SECTIONS,
  type Emotion,
  type Message,
  type SummaryItem,
  type SummarySections,
  type Urgency,
} from '@kehila/shared';
import type { AiCommunityContext } from '../../core/ports/ai';

/** Language of a text: Hebrew, English or a mix of both. */
export type Language = 'he' | 'en' | 'mixed';
/** Language a summary is written in. */
export type SummaryLanguage = 'he' | 'en';

const HEBREW_RE = /[\u05D0-\u05EA]/;
const LATIN_RE = /[A-Za-z]/;

/** Detects the language of a text from its letters: he, en or mixed (en when there are none). */
export function detectLanguage(text: string): Language {
  let he = 0;
  let en = 0;
  for (const ch of text) {
    if (HEBREW_RE.test(ch)) he++;
    else if (LATIN_RE.test(ch)) en++;
  }
  if (he === 0 && en === 0) return 'en';
  const share = he / (he + en);
  if (share >= 0.75) return 'he';
  if (share <= 0.25) return 'en';
  return 'mixed';
}

/** Title length limit (S2 §5: the first 50 characters). */
export const ACTION_TITLE_MAX = 50;

/** The first 50 characters of a text, or a shorter action item cut at a word boundary. */
export function actionTitle(text: string, fromItem: boolean): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= ACTION_TITLE_MAX) return t;
  if (!fromItem) return t.slice(0, ACTION_TITLE_MAX).trim();
  const cut = t.slice(0, ACTION_TITLE_MAX + 1).replace(/\s+\S*$/, '');
  return (cut.length >= 20 ? cut : t.slice(0, ACTION_TITLE_MAX)).trim();
}

/** Builds the details text of an action (S2 §5 conventions). */
export function actionDetails(input: {
  content: string;
  sender: string | null;
  topic: string | null;
  reference?: string;
  otherItems?: readonly string[];
  evidence?: string | null;
  assignee?: string | null;
}): string {
  const lines: string[] = [input.content.trim(), ''];
  if (input.reference) lines.push(`Reference: ${input.reference}`);
  lines.push(`Sender: ${input.sender?.trim() || 'N/A'}`, `Topic: ${input.topic?.trim() || 'N/A'}`);
  if (input.otherItems && input.otherItems.length > 0) {
    lines.push('', HEBREW_RE.test(input.content) ? 'משימות נוספות:' : 'Other action items:');
    for (const i of input.otherItems) lines.push(`- ${i}`);
  }
  if (input.evidence) lines.push('', '### Evidence:', input.evidence);
  if (input.assignee) lines.push('', `### Assigned to: @${input.assignee.replace(/^@/, '')}`);
  return lines.join('\n');
}

const HEADINGS_HE: Readonly<Record<(typeof SUMMARY_SECTIONS)[number], string>> = {
  'Key Topics': 'נושאים מרכזיים',
  'Action Items': 'משימות',
  'Recommended Actions': 'פעולות מומלצות',
  'Quick Stats': 'נתונים בקצרה',
};

/** The heading line of a summary section in a language. */
export function summaryHeading(section: (typeof SUMMARY_SECTIONS)[number], lang: SummaryLanguage): string {
  return lang === 'he' ? `## ${section} — ${HEADINGS_HE[section]}` : `## ${section}`;
}

/** The language of a community's summaries: Hebrew when the community says so or its messages mostly are. */
export function summaryLanguage(community: AiCommunityContext, messages: readonly Message[]): SummaryLanguage {
  const declared = (community.group_language ?? '').toLowerCase();
  if (declared === 'hebrew' || declared === 'he') return 'he';
  if (declared === 'english' || declared === 'en') return 'en';
  let he = 0;
  let en = 0;
  for (const m of messages) {
    const l = detectLanguage(m.content ?? '');
    if (l === 'he') he++;
    else if (l === 'en') en++;
  }
  return he > en ? 'he' : 'en';
}

/** Markdown of a cited summary (what Copy copies): title, overview, then the four sections; citations are left out. */
export function summaryMarkdown(title: string, sections: SummarySections, lang: SummaryLanguage): string {
  const out = [`# ${title}`];
  if (sections.overview) out.push('', sections.overview);
  SUMMARY_SECTION_KEYS.forEach((key, i) => {
    out.push('', summaryHeading(SUMMARY_SECTIONS[i]!, lang));
    const items = sections[key];
    if (items.length === 0) out.push(lang === 'he' ? '- אין' : '- None');
    for (const it of items) out.push(`- ${it.text}`);
  });
  return out.join('\n');
}

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

/** What Quick Stats reads of one message. */
export interface StatRow {
  readonly msg_id: string;
  readonly sender: string;
  readonly timestamp: string;
  readonly sentiment: number;
  readonly urgency: Urgency;
  readonly emotion: Emotion;
}

/** The summary period as two days (first and last message), or null without messages. */
export function periodDays(rows: readonly { timestamp: string }[]): { from: string; to: string } | null {
  if (rows.length === 0) return null;
  const sorted = rows.map((r) => r.timestamp).sort();
  return { from: sorted[0]!.slice(0, 10), to: sorted[sorted.length - 1]!.slice(0, 10) };
}

/**
 * Quick Stats (S2 §4), computed from the period's messages rather than written by a model, so both
 * providers state the same true figures. Only the urgent-messages line cites messages (the urgent ones).
 */
export function quickStatItems(rows: readonly StatRow[], lang: SummaryLanguage): SummaryItem[] {
  const period = periodDays(rows);
  if (!period) return [];
  const he = lang === 'he';
  const senders = new Map<string, number>();
  for (const r of rows) senders.set(r.sender, (senders.get(r.sender) ?? 0) + 1);
  const bySize = [...senders].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
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
  const urgent = rows.filter((r) => r.urgency === 'high');
  const highPct = Math.round((urgent.length / rows.length) * 100);
  const emotions = new Map<Emotion, number>();
  for (const r of rows) if (r.emotion !== 'neutral') emotions.set(r.emotion, (emotions.get(r.emotion) ?? 0) + 1);
  const emotion = [...emotions].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const top3 = bySize
    .slice(0, 3)
    .map(([n, c]) => `${n} (${c})`)
    .join(', ');
  const stat = (text: string, ids: string[] = []): SummaryItem => ({ text, message_ids: ids });
  const urgentIds = urgent
    .slice(-12)
    .reverse()
    .map((r) => r.msg_id);
  return he
    ? [
        stat(`הודעות: ${rows.length}`),
        stat(`חברים פעילים: ${senders.size}`),
        stat(`תקופה: ${period.from} – ${period.to}`),
        stat(`סנטימנט ממוצע: ${avg.toFixed(2)} (${mood})`),
        stat(`הודעות דחופות: ${highPct}%`, urgentIds),
        ...(emotion ? [stat(`רגש בולט: ${EMOTION_HE[emotion]}`)] : []),
        stat(`הכי פעילים: ${top3}`),
      ]
    : [
        stat(`Messages: ${rows.length}`),
        stat(`Active members: ${senders.size}`),
        stat(`Period: ${period.from} – ${period.to}`),
        stat(`Average sentiment: ${avg.toFixed(2)} (${mood})`),
        stat(`High urgency: ${highPct}%`, urgentIds),
        ...(emotion ? [stat(`Most common emotion: ${emotion}`)] : []),
        stat(`Most active: ${top3}`),
      ];
}
