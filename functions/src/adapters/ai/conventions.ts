/**
 * What both AI providers write the same way, without any lexicon: action titles and details (S2 §3,
 * §5 conventions), summary headings and the summary's language (S2 §4), and the language of a text
 * from its letters. The Bedrock provider imports only this, so its Lambdas never load the local
 * provider's lexicons.
 */
import type { Message } from '@kehila/shared';
import { type SUMMARY_SECTIONS } from '@kehila/shared';
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
