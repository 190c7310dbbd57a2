import { HEBREW_PREFIXES } from '../ai/local/hebrew';

/**
 * The search tokenizer for Hebrew and English (docs/search.md "Tokenizer"). Both engines follow the
 * same rules: the local engine runs this code; the OpenSearch mapping reproduces the index side with
 * char filters (finals, marks, geresh) and pattern_capture filters (prefix letters), and queries are
 * expanded here, in TypeScript, for both.
 *
 * - Text is NFKD-decomposed and combining marks are dropped: niqqud, cantillation and Latin accents go.
 * - Lower case; Hebrew final letters (ך ם ן ף ץ) become their regular forms.
 * - Geresh and gershayim (also typed as ' and ") inside a Hebrew word are removed: צ'יפס → ציפס,
 *   צה"ל → צהל. Bidirectional control marks (U+200E, U+202A…) are removed.
 * - Tokens are runs of letters and digits, split where Hebrew meets another script (ב2024 → ב, 2024).
 * - Prefix letters follow the grammar of the AI provider's tokenizer (docs/ai.md: optional ו, then
 *   ש / כש / לכש / מש, then ב כ ל מ, then ה). Search has no lexicon to tell a prefix from a root
 *   letter, so it favours recall: the index stores the token and every stripped form that keeps at
 *   least MIN_STEM_INDEX letters, and a query word also matches its own stripped forms (down to
 *   MIN_STEM_QUERY letters) and their bases (ים, ות or a final ה dropped, as the AI provider's stemmer).
 * - Query words match index terms by prefix (ספק finds ספקים), so suffixes need no stemming on the
 *   index side.
 */

/** Prefix-letter sequences, grouped by length (all of one length strip the same number of letters). */
export const PREFIXES_BY_LENGTH: ReadonlyMap<number, readonly string[]> = (() => {
  const out = new Map<number, string[]>();
  for (const p of HEBREW_PREFIXES) out.set(p.length, [...(out.get(p.length) ?? []), p]);
  return out;
})();
/** Shortest stem the index keeps after stripping (בים → ים). */
export const MIN_STEM_INDEX = 2;
/** Shortest stem a query word is stripped to. */
export const MIN_STEM_QUERY = 3;
/** Longer runs (URLs, base64) are cut: nobody types them as search words. */
export const MAX_TOKEN_LENGTH = 40;

const FINALS: Readonly<Record<string, string>> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/g;
const HEBREW_QUOTES = /(?<=[\u05D0-\u05EA])['"\u05F3\u05F4\u2019](?=[\u05D0-\u05EA])/g;
const FINAL_LETTERS = /[ךםןףץ]/g;
const TOKEN = /[\p{L}\p{N}]+/gu;
const SCRIPT_RUN = /[\u05D0-\u05EA]+|[^\u05D0-\u05EA]+/g;
const HEBREW_WORD = /^[\u05D0-\u05EA]+$/;

/** Normalises text for matching: marks, case, Hebrew finals, geresh and gershayim. */
export function normalize(text: string): string {
  return text
    .replace(BIDI_MARKS, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(HEBREW_QUOTES, '')
    .replace(FINAL_LETTERS, (f) => FINALS[f] ?? f);
}

/** Splits text into normalised tokens, in order (repeats kept: they are term frequencies). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const run of normalize(text).match(TOKEN) ?? []) {
    for (const part of run.match(SCRIPT_RUN) ?? []) {
      out.push(part.length > MAX_TOKEN_LENGTH ? part.slice(0, MAX_TOKEN_LENGTH) : part);
    }
  }
  return out;
}

/**
 * The forms of a Hebrew token without a leading prefix-letter sequence, each keeping at least
 * `minStem` letters, shortest prefix first. Non-Hebrew tokens have none.
 */
export function hebrewStems(token: string, minStem: number): string[] {
  if (!HEBREW_WORD.test(token)) return [];
  const out: string[] = [];
  for (const [length, prefixes] of PREFIXES_BY_LENGTH) {
    if (token.length - length < minStem) continue;
    if (prefixes.some((p) => token.startsWith(p))) out.push(token.slice(length));
  }
  return out;
}

/**
 * The base of a Hebrew plural or feminine form: ים/ות dropped (ספקים → ספק, הודעות → הודע), or a
 * final ה (הודעה → הודע, which then finds הודעות by prefix), as the AI provider's stemmer drops
 * them; null when the word has no such ending or too few letters would remain. A final ת is kept:
 * without a lexicon dropping it turns too many words into noise (בית → בי).
 */
export function hebrewSingular(word: string): string | null {
  let cut = 0;
  if (word.endsWith('ימ') || word.endsWith('ות')) cut = 2;
  else if (word.endsWith('ה')) cut = 1;
  return cut > 0 && word.length - cut >= MIN_STEM_QUERY ? word.slice(0, -cut) : null;
}

/** Terms the index stores for one token: the token and its stripped stems. */
export function indexTerms(token: string): string[] {
  return [token, ...hebrewStems(token, MIN_STEM_INDEX)];
}

/** One word of a query: its normalised form and the stems that may also match it. */
export interface QueryTerm {
  readonly term: string;
  readonly stems: readonly string[];
}

/** The words of a query, once each, in order, with the stems that may also match them. */
export function queryTerms(text: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const token of tokenize(text)) {
    if (seen.has(token)) continue;
    seen.add(token);
    const stems = new Set<string>();
    if (HEBREW_WORD.test(token)) {
      for (const form of [token, ...hebrewStems(token, MIN_STEM_QUERY)]) {
        stems.add(form);
        const singular = hebrewSingular(form);
        if (singular) stems.add(singular);
      }
      stems.delete(token);
    }
    out.push({ term: token, stems: [...stems] });
  }
  return out;
}

/** Digits of a phone-like sender value (`+972 50-123-4567`, `972501234567@c.us`), else null. */
export function senderDigits(value: string): string | null {
  const head = value.trim().split('@')[0] ?? '';
  if (!/^\+?[\d\s().-]+$/.test(head)) return null;
  const digits = head.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}
