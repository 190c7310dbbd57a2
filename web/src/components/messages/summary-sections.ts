import { SUMMARY_SECTION_KEYS, SUMMARY_SECTIONS, type StoredSummary } from '@kehila/shared';

/** One of the four parts of an AI summary (S2 §4). */
export type SummarySectionName = (typeof SUMMARY_SECTIONS)[number];

/** A section of a summary: its heading as written, which of the four parts it is, and its lines. */
export interface SummarySection {
  /** The heading as the summary writes it (it may add a translation), null for text before any heading. */
  readonly title: string | null;
  /** Key Topics, Action Items, Recommended Actions or Quick Stats when the heading names one. */
  readonly name: SummarySectionName | null;
  readonly items: SummaryLine[];
}

/** A line of a section; `citations` are the msg_ids it comes from (none for summaries stored before citations). */
export interface SummaryLine {
  readonly bullet: boolean;
  readonly text: string;
  readonly citations?: readonly string[];
}

const MARKDOWN_HEADING = /^\s*#{1,6}\s+(.+?)\s*#*\s*$/;
const BOLD_LINE = /^\s*\*\*(.+?)\*\*\s*:?\s*$/;
const BULLET = /^\s*(?:[-*•●▪]|\d+[.)])\s+/;

/** The section a line starts, if it is a heading: a markdown heading, a bold line, or a bare section name. */
function headingOf(line: string): string | null {
  const m = MARKDOWN_HEADING.exec(line) ?? BOLD_LINE.exec(line);
  if (m) return (m[1] ?? '').replace(/\*\*/g, '').replace(/:\s*$/, '').trim();
  const bare = line.trim().replace(/:\s*$/, '');
  return SUMMARY_SECTIONS.some((s) => s.toLowerCase() === bare.toLowerCase()) ? bare : null;
}

/**
 * Splits an AI summary into its parts by its headings (S2 §4: Key Topics, Action Items,
 * Recommended Actions, Quick Stats). A heading names a part when it contains the part's name, so
 * "## Key Topics — נושאים מרכזיים" is Key Topics; other headings (a title) and text before any
 * heading become sections without a part.
 */
export function parseSummarySections(summary: string): SummarySection[] {
  const sections: {
    title: string | null;
    name: SummarySectionName | null;
    items: SummaryLine[];
  }[] = [];
  let current: (typeof sections)[number] = { title: null, name: null, items: [] };
  sections.push(current);
  for (const raw of summary.split(/\r?\n/)) {
    const heading = headingOf(raw);
    if (heading !== null) {
      const lower = heading.toLowerCase();
      const name = SUMMARY_SECTIONS.find((s) => lower.includes(s.toLowerCase())) ?? null;
      current = { title: heading, name, items: [] };
      sections.push(current);
      continue;
    }
    const line = raw.trim();
    if (!line) continue;
    current.items.push({ bullet: BULLET.test(line), text: line.replace(BULLET, '') });
  }
  return sections.filter((s) => s.title !== null || s.items.length > 0);
}

/** A line's text in plain and **bold** runs. */
export function boldRuns(text: string): { bold: boolean; text: string }[] {
  return text
    .split(/\*\*(.+?)\*\*/g)
    .map((t, i) => ({ bold: i % 2 === 1, text: t }))
    .filter((r) => r.text);
}

/**
 * The sections a stored summary shows: from its cited sections when it has them (each line with the
 * messages it cites, headings as the summary's text writes them, e.g. with their Hebrew title), else
 * parsed from its text.
 */
export function summaryView(summary: StoredSummary): SummarySection[] {
  const parsed = parseSummarySections(summary.summary);
  const cited = summary.sections;
  if (!cited) return parsed;
  const intro = parsed.find((s) => s.name === null);
  const out: SummarySection[] = [];
  const overview = cited.overview
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((text) => ({ bullet: false, text }));
  if (intro?.title || overview.length > 0) out.push({ title: intro?.title ?? null, name: null, items: overview });
  SUMMARY_SECTION_KEYS.forEach((key, i) => {
    const name = SUMMARY_SECTIONS[i]!;
    out.push({
      title: parsed.find((s) => s.name === name)?.title ?? name,
      name,
      items: cited[key].map((it) => ({ bullet: true, text: it.text, citations: it.message_ids })),
    });
  });
  return out;
}
