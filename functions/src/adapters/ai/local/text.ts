/**
 * Unicode-aware tokenisation of Hebrew, English and mixed messages: URLs, e-mails, phone numbers,
 * mentions, dates, times, numbers, words and emoji are recognised; Hebrew words lose niqqud, final
 * letters are normalised and prefix letters stripped (guarded by the lexicon); English words are
 * lowercased, contractions split and stemmed; sentences are numbered for the rules.
 */
import { ENGLISH_STOP_WORDS, splitContraction, stemEnglish } from './english';
import { HEBREW_PREFIXES, normalizeFinals, stemHebrew, stripHebrewPrefix, stripNiqqud, verbStem } from './hebrew';

export type TokenKind = 'word' | 'number' | 'emoji' | 'url' | 'email' | 'phone' | 'mention' | 'time' | 'date' | 'punct';
export type Script = 'he' | 'en';

/** One token of a message. */
export interface Token {
  readonly kind: TokenKind;
  /** As written (for Hebrew words: including prefix letters). */
  readonly raw: string;
  /** Lowercase (English) or final-normalised (Hebrew) form, prefix letters removed. */
  readonly norm: string;
  /** Normalised form before prefix removal (Hebrew), for first-letter rules like "יש ל…". */
  readonly full: string;
  /** Matching and statistics key: stemmed (English) or suffix-stemmed (Hebrew). */
  readonly stem: string;
  /** A second lookup key for Hebrew verbs ("עברתם" → "עבר"), when the word ends like a conjugated verb. */
  readonly alt?: string;
  /** Readable form for keywords: the word as written minus prefix letters (English lowercased unless an acronym or brand). */
  readonly display: string;
  readonly script: Script | null;
  /** Hebrew prefix letters removed from the word. */
  readonly prefix: string;
  /** A stop word: no keyword, no embedding feature; the classifiers still see it. */
  readonly stop: boolean;
  readonly sentence: number;
  /** Character offsets in the cleaned text. */
  readonly start: number;
  readonly end: number;
}

/** Tokenisation options. */
export interface TokenizeOptions {
  /** Is this (normalised Hebrew) word or stem a known word? Guards prefix stripping. */
  readonly known: (word: string) => boolean;
  /** Hebrew stop words (normalised). */
  readonly hebrewStop: ReadonlySet<string>;
  /** Strip Hebrew prefixes (off when compiling the lexicon itself). */
  readonly stripPrefixes: boolean;
  /** The text already went through `cleanText`. */
  readonly cleaned?: boolean;
}

const TOKEN_RE = new RegExp(
  [
    String.raw`(?<url>(?:https?:\/\/|www\.)[^\s<>"'\u05D0-\u05EA]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|ai|app|dev|co\.il|org\.il|gov\.il|ac\.il|co|me|ly)\b(?:\/[^\s<>"']*)?)`,
    String.raw`(?<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)`,
    String.raw`(?<mention>@[\p{L}\p{N}_.]+)`,
    String.raw`(?<phone>(?:\+|00)\d{1,3}[\s-]?\(?\d{1,4}\)?(?:[\s-]?\d{2,4}){2,3}|\b0(?:5\d|7\d|[2-489])-?\d{3}-?\d{4}\b)`,
    String.raw`(?<time>\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?|\b\d{1,2}\s?[ap]\.?m\b\.?)`,
    String.raw`(?<date>\b\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\b)`,
    String.raw`(?<number>[$₪€£]?\d+(?:[.,]\d+)*(?:%|[kKmM]\b)?)`,
    String.raw`(?<word>[\p{L}\p{M}]+(?:['"][\p{L}\p{M}]+)*'?)`,
    String.raw`(?<emoji>\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}])*)`,
    String.raw`(?<punct>[?!.…,:;\n])`,
  ].join('|'),
  'giu',
);

const SENTENCE_END = new Set(['.', '!', '?', '\n', '…']);
const HEBREW_RE = /[\u05D0-\u05EA]/;
const LATIN_RE = /[A-Za-z]/;
const HE_THEN_LATIN = /^([\u05D0-\u05EA]+)([A-Za-z].*)$/;
const PREFIX_ONLY = /^(?:ו|ה|ב|כ|ל|מ|ש|וה|וב|ול|ומ|וש|שה|שב|של|לה|בה|מה|כש)$/;

/** An acronym keeps its letters unless a prefix hides a known one ("בחו"ל" is ב + "חו"ל"). */
function stripAcronymPrefix(word: string, known: (w: string) => boolean): { prefix: string; rest: string } {
  if (known(word)) return { prefix: '', rest: word };
  for (const p of HEBREW_PREFIXES) {
    if (word.startsWith(p) && word.indexOf('"') > p.length && known(word.slice(p.length)))
      return { prefix: p, rest: word.slice(p.length) };
  }
  return { prefix: '', rest: word };
}

/** Cleans text before tokenising: NFC, no niqqud, straight quotes, geresh and gershayim as ' and ". */
export function cleanText(text: string): string {
  return stripNiqqud(text.normalize('NFC'))
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/\u05F3/g, "'")
    .replace(/\u05F4/g, '"')
    .replace(/\u05BE/g, '-')
    .replace(/([\u05D0-\u05EA]{2,})\/(?:ת|ה|ית|ות|ים|יות)(?![\u05D0-\u05EA])/g, '$1');
}

function emojiKey(e: string): string {
  const first = String.fromCodePoint(e.codePointAt(0)!);
  return first;
}

function englishDisplay(raw: string): string {
  // keep acronyms and brands as written (AWS, GitHub, iPhone); lowercase the rest
  return /[A-Z]/.test(raw.slice(1)) ? raw : raw.toLowerCase();
}

/** Splits a text into tokens (see `Token`). */
export function tokenize(input: string, opts: TokenizeOptions): Token[] {
  const text = opts.cleaned ? input : cleanText(input);
  const out: Token[] = [];
  let sentence = 0;
  const push = (t: Omit<Token, 'sentence'>) => out.push(Object.assign(t, { sentence }));

  const pushHebrew = (raw: string, start: number, end: number) => {
    // prefix letters before a hyphen ("ול-AWS", "ב-10:00") carry no meaning of their own
    if (text[end] === '-' && PREFIX_ONLY.test(raw)) return;
    let full = normalizeFinals(raw);
    if (/^ח{2,}$/.test(full) || /^(חח)+ח*$/.test(full)) full = 'חחח';
    // a lone prefix letter ("ל-AWS", "ב-10:00") carries no meaning of its own
    if (full.length === 1) return;
    const isAcronym = full.includes('"');
    const split = !opts.stripPrefixes
      ? { prefix: '', rest: full }
      : isAcronym
        ? stripAcronymPrefix(full, opts.known)
        : stripHebrewPrefix(full, opts.known);
    const norm = split.rest;
    const stem = isAcronym ? norm : stemHebrew(norm);
    const alt = isAcronym ? undefined : verbStem(norm);
    push({
      kind: 'word',
      raw,
      norm,
      full,
      stem,
      ...(alt && alt !== stem ? { alt } : {}),
      display: raw.slice(split.prefix.length),
      script: 'he',
      prefix: split.prefix,
      stop: opts.hebrewStop.has(norm) || opts.hebrewStop.has(full),
      start,
      end,
    });
  };

  const pushEnglish = (raw: string, start: number, end: number) => {
    for (const part of splitContraction(raw)) {
      if (!part) continue;
      let w = part.replace(/(.)\1{2,}/g, '$1$1');
      if (/^(ha){2,}h?$/.test(w) || /^(he){2,}$/.test(w)) w = 'haha';
      if (/^lo+l$/.test(w)) w = 'lol';
      push({
        kind: 'word',
        raw: part === raw.toLowerCase() ? raw : part,
        norm: w,
        full: w,
        stem: stemEnglish(w),
        display: part === raw.toLowerCase() ? englishDisplay(raw) : w,
        script: 'en',
        prefix: '',
        stop: ENGLISH_STOP_WORDS.has(w),
        start,
        end,
      });
    }
  };

  for (const m of text.matchAll(TOKEN_RE)) {
    const g = m.groups ?? {};
    const raw = m[0];
    const start = m.index ?? 0;
    const end = start + raw.length;
    if (g.punct !== undefined) {
      const prev = out[out.length - 1];
      const ended =
        prev !== undefined && prev.kind === 'punct' && SENTENCE_END.has(prev.raw) && prev.sentence < sentence;
      push({
        kind: 'punct',
        raw,
        norm: raw,
        full: raw,
        stem: raw,
        display: raw,
        script: null,
        prefix: '',
        stop: true,
        start,
        end,
      });
      // "?!\n" ends one sentence, not three
      if (SENTENCE_END.has(raw) && !ended) sentence++;
      continue;
    }
    if (g.word !== undefined) {
      if (HEBREW_RE.test(raw) && LATIN_RE.test(raw)) {
        const hl = HE_THEN_LATIN.exec(raw);
        if (hl) {
          const [, he, latin] = hl as unknown as [string, string, string];
          if (!PREFIX_ONLY.test(he)) pushHebrew(he, start, start + he.length);
          pushEnglish(latin, start + he.length, end);
        } else {
          // Latin then Hebrew, or interleaved: split at each script change
          for (const piece of raw.match(/[\u05D0-\u05EA'"]+|[^\u05D0-\u05EA]+/g) ?? []) {
            if (HEBREW_RE.test(piece)) pushHebrew(piece, start, end);
            else pushEnglish(piece, start, end);
          }
        }
      } else if (HEBREW_RE.test(raw)) pushHebrew(raw, start, end);
      else if (LATIN_RE.test(raw)) pushEnglish(raw, start, end);
      else {
        const lower = raw.toLowerCase();
        push({
          kind: 'word',
          raw,
          norm: lower,
          full: lower,
          stem: lower,
          display: lower,
          script: null,
          prefix: '',
          stop: false,
          start,
          end,
        });
      }
      continue;
    }
    if (g.emoji !== undefined) {
      const key = emojiKey(raw);
      push({
        kind: 'emoji',
        raw,
        norm: key,
        full: key,
        stem: key,
        display: raw,
        script: null,
        prefix: '',
        stop: false,
        start,
        end,
      });
      continue;
    }
    const kind: TokenKind =
      g.url !== undefined
        ? 'url'
        : g.email !== undefined
          ? 'email'
          : g.mention !== undefined
            ? 'mention'
            : g.phone !== undefined
              ? 'phone'
              : g.time !== undefined
                ? 'time'
                : g.date !== undefined
                  ? 'date'
                  : 'number';
    const norm = kind === 'mention' ? raw.toLowerCase() : `<${kind}>`;
    push({
      kind,
      raw,
      norm,
      full: norm,
      stem: norm,
      display: raw,
      script: null,
      prefix: '',
      stop: kind !== 'mention',
      start,
      end,
    });
  }
  return out;
}
