/**
 * Keyword extraction by TF-IDF over the community's own messages. Terms are word stems (and the
 * multi-word phrases of the concept lexicon, e.g. "רואה חשבון"); the document frequency of each
 * term is kept in the table (see model-store.ts) and a stem is shown in the surface form the
 * community writes most.
 */
import type { Analysis } from './analyze';

/** A term of one message. */
export interface TermOccurrence {
  readonly term: string;
  /** How the message wrote it (prefix letters removed). */
  readonly display: string;
  readonly count: number;
  /** Part of the concept lexicon (a domain word): a small boost. */
  readonly concept: boolean;
  /** Position of the first occurrence (ties keep text order). */
  readonly first: number;
}

/** Prefix of concept pseudo-terms counted alongside words (their document frequency weighs concepts in embeddings). */
export const CONCEPT_TERM_PREFIX = '#c:';

const LAUGHTER = new Set(['חחח', 'haha', 'lol', 'lmao']);
const NUMERIC = /^[\d.,:/%$₪€£-]+$/;

function isContentToken(t: Analysis['seq'][number]): boolean {
  if (t.kind !== 'word' || t.stop || t.script === null) return false;
  if (LAUGHTER.has(t.stem) || NUMERIC.test(t.stem)) return false;
  return t.script === 'he' ? t.norm.length >= 2 : t.norm.length >= 3;
}

/** Content terms of a message with their counts: single stems plus multi-word concept phrases. */
export function messageTerms(a: Analysis): TermOccurrence[] {
  const out = new Map<string, { display: string; count: number; concept: boolean; first: number }>();
  const covered = new Set<number>();
  const conceptTokens = new Set<number>();
  for (const m of a.byKind.concept ?? []) {
    for (let i = m.start; i < m.end; i++) conceptTokens.add(i);
    if (m.end - m.start < 2) continue;
    const span = a.seq.slice(m.start, m.end);
    if (!span.every((t) => t.kind === 'word')) continue;
    const contentWords = span.filter((t) => !t.stop);
    if (contentWords.length < 2) continue;
    const term = span.map((t) => t.stem).join(' ');
    const display = span.map((t) => t.display).join(' ');
    const prev = out.get(term);
    if (prev) prev.count++;
    else out.set(term, { display, count: 1, concept: true, first: m.start });
    for (let i = m.start; i < m.end; i++) covered.add(i);
  }
  a.seq.forEach((t, i) => {
    if (covered.has(i) || !isContentToken(t)) return;
    const prev = out.get(t.stem);
    if (prev) prev.count++;
    else out.set(t.stem, { display: t.display, count: 1, concept: conceptTokens.has(i), first: i });
  });
  return [...out].map(([term, v]) => ({ term, ...v }));
}

/** Prefix of sense pseudo-terms (glossary senses, the same in both languages). */
export const SENSE_TERM_PREFIX = '#s:';

/** Sense pseudo-terms of a message (distinct). */
export function senseTerms(a: Analysis): string[] {
  return [...new Set((a.byKind.sense ?? []).map((m) => SENSE_TERM_PREFIX + m.entry.tag))];
}

/** Concept pseudo-terms of a message (distinct). */
export function conceptTerms(a: Analysis): string[] {
  return [...new Set((a.byKind.concept ?? []).map((m) => CONCEPT_TERM_PREFIX + m.entry.tag))];
}

/** Inverse document frequency with add-one smoothing, at least 1. */
export function idf(df: number, docs: number): number {
  return Math.log((docs + 1) / (df + 1)) + 1;
}

/**
 * The top keywords of a message: tf × idf (tf dampened), a boost for domain words, shown in the
 * community's most common surface form of the stem.
 */
export function pickKeywords(
  terms: readonly TermOccurrence[],
  stats: { docs: number; df: (term: string) => number; form: (term: string) => string | undefined },
  limit = 5,
): string[] {
  const scored = terms.map((t) => {
    const tf = 1 + Math.log(t.count);
    let score = tf * idf(Math.max(stats.df(t.term), 1), Math.max(stats.docs, 1));
    if (t.concept) score *= 1.25;
    if (t.display.length <= 2) score *= 0.6;
    return { t, score };
  });
  scored.sort((x, y) => y.score - x.score || x.t.first - y.t.first);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { t } of scored) {
    const shown = stats.form(t.term) ?? t.display;
    const key = shown.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(shown);
    if (out.length >= limit) break;
  }
  return out;
}
