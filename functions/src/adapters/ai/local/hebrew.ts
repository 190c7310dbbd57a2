/**
 * Hebrew normalisation: niqqud and cantillation removal, final-letter normalisation, prefix-letter
 * stripping guarded by a lexicon, and a light suffix stemmer (plural and feminine endings).
 */

const NIQQUD = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/g;
const FINALS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const TO_FINAL: Record<string, string> = { כ: 'ך', מ: 'ם', נ: 'ן', פ: 'ף', צ: 'ץ' };
const HEBREW_LETTER = /[\u05D0-\u05EA]/;

/** True when the character is a Hebrew letter (א..ת, finals included). */
export function isHebrewLetter(ch: string): boolean {
  return HEBREW_LETTER.test(ch);
}

/** Removes niqqud and cantillation marks (they never change meaning for our purposes). */
export function stripNiqqud(text: string): string {
  return text.replace(NIQQUD, '');
}

/** Maps final letters (ך ם ן ף ץ) to their regular forms, so "ספקים" and "ספק" share letters. */
export function normalizeFinals(word: string): string {
  let out = '';
  for (const ch of word) out += FINALS[ch] ?? ch;
  return out;
}

/** Writes the last letter in its final form (for display of a normalised word). */
export function restoreFinal(word: string): string {
  if (!word) return word;
  const last = word[word.length - 1]!;
  const fin = TO_FINAL[last];
  return fin && word.length > 1 ? word.slice(0, -1) + fin : word;
}

/**
 * Valid prefix-letter sequences: optional ו, then optional ש / כש / לכש / מש, then optional
 * ב כ ל מ, then optional ה. Generated once, longest last so the shortest strip is tried first.
 */
export const HEBREW_PREFIXES: readonly string[] = (() => {
  const out = new Set<string>();
  for (const v of ['', 'ו'])
    for (const s of ['', 'ש', 'כש', 'לכש', 'מש'])
      for (const p of ['', 'ב', 'כ', 'ל', 'מ'])
        for (const h of ['', 'ה']) {
          const x = v + s + p + h;
          if (x) out.add(x);
        }
  return [...out].sort((a, b) => a.length - b.length || a.localeCompare(b));
})();

/** Prefixes safe to strip without a lexicon hit (ו "and", ה "the", ב "in", ל "to", ש "that" and their combinations). */
const SAFE_FALLBACK = new Set([
  'ו',
  'ה',
  'ב',
  'ל',
  'ש',
  'וה',
  'וב',
  'ול',
  'וש',
  'שה',
  'של',
  'שב',
  'כשה',
  'מה',
  'לה',
  'בה',
  'ושה',
  'ושב',
  'ושל',
  'ומה',
]);

/**
 * Light suffix stemmer for a normalised (final-free) word: drops a plural ים/ות, then up to two
 * feminine/construct ה/ת endings, never leaving fewer than three letters ("מתכנתים", "מתכנתת" and
 * "מתכנת" all become "מתכנ"; "בית" and "שבת" stay).
 */
export function stemHebrew(word: string): string {
  let w = word;
  if ((w.endsWith('ימ') || w.endsWith('ות')) && w.length - 2 >= 3) w = w.slice(0, -2);
  for (let i = 0; i < 2; i++) {
    if ((w.endsWith('ה') || w.endsWith('ת')) && w.length - 1 >= 3) w = w.slice(0, -1);
    else break;
  }
  return w;
}

/** Verb endings ("עברתם", "מצאתי", "סגרנו", "תביאו") and the construct plural ("מעילי חורף"). */
const VERB_ENDINGS = ['תמ', 'תנ', 'תי', 'נו', 'ו', 'י'] as const;

/**
 * The verb stem of a normalised word when it ends like a conjugated verb ("עברתמ" → "עבר",
 * "מצאתי" → "מצא", "תביאו" → "תביא") or a construct plural ("מעילי" → "מעיל"), or undefined. A second key for lexicon lookups only: the
 * word's own stem is tried first, so a noun that happens to end the same way loses nothing.
 */
export function verbStem(word: string): string | undefined {
  for (const e of VERB_ENDINGS) {
    if (word.endsWith(e) && word.length - e.length >= 3) return word.slice(0, -e.length);
  }
  return undefined;
}

/** Result of prefix stripping: the remaining word and how many letters were removed. */
export interface PrefixSplit {
  readonly prefix: string;
  readonly rest: string;
}

/**
 * Strips Hebrew prefix letters from a normalised word. A word the lexicon knows is never touched
 * (so "בית", "שלום", "מחשב" survive); otherwise the shortest prefix whose remainder is known wins;
 * without a lexicon hit only the common prefixes (ו ה ב ל ש and combinations, not מ or כ which
 * begin many roots) are stripped, and only when at least four letters remain (short roots stay whole).
 */
export function stripHebrewPrefix(word: string, known: (stem: string) => boolean): PrefixSplit {
  const isKnown = (w: string) => {
    if (known(w) || known(stemHebrew(w))) return true;
    const v = verbStem(w);
    return v !== undefined && known(v);
  };
  if (word.length <= 2 || isKnown(word)) return { prefix: '', rest: word };
  for (const p of HEBREW_PREFIXES) {
    if (!word.startsWith(p) || word.length - p.length < 2) continue;
    const rest = word.slice(p.length);
    if (isKnown(rest)) return { prefix: p, rest };
  }
  let best: PrefixSplit = { prefix: '', rest: word };
  for (const p of HEBREW_PREFIXES) {
    if (!SAFE_FALLBACK.has(p) || !word.startsWith(p)) continue;
    const rest = word.slice(p.length);
    if (rest.length >= 4 && p.length > best.prefix.length) best = { prefix: p, rest };
  }
  return best;
}
