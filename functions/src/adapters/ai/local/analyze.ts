/**
 * The analysis every local classifier reads: tokens, sentences, language, counts, and every
 * lexicon match (words and multi-word phrases of all lexicons, matched on stems). The lexicons are
 * compiled once per process into an index keyed by the first stem of each phrase.
 */
import { CONCEPTS, type Concept } from './lexicon/concepts';
import { CONTRAST, DIMINISHERS, EMOTION_CUES, INTENSIFIERS, NEGATORS, SENTIMENT } from './lexicon/affect';
import {
  ACTION_OPENERS,
  DATE_WORDS,
  DEADLINE_MARKERS,
  IMPERATIVES,
  INTENT_CUES,
  QUESTION_OPENERS,
  SECOND_PERSON,
  TOXIC,
  URGENCY_CUES,
} from './lexicon/cues';
import { DISCOURSE_CUES } from './lexicon/discourse';
import { GLOSSARY } from './lexicon/glossary';
import { HEBREW_KNOWN_WORDS, HEBREW_STOP_WORDS } from './lexicon/known-words';
import { parseGlossary, type Sense } from './lexicon/senses';
import { HEBREW_PREFIXES, normalizeFinals, stemHebrew } from './hebrew';
import { detectLanguage, type Language } from '../conventions';
import { cleanText, tokenize, type Token } from './text';

/** What a lexicon entry is evidence for. */
export type LexKind =
  | 'concept'
  | 'sense'
  | 'cue'
  | 'sentiment'
  | 'emotion'
  | 'intent'
  | 'urgency'
  | 'toxic'
  | 'second'
  | 'negator'
  | 'intensifier'
  | 'diminisher'
  | 'contrast'
  | 'action'
  | 'imperative'
  | 'date'
  | 'deadline'
  | 'qopen';

/** A compiled lexicon entry. */
export interface LexEntry {
  readonly kind: LexKind;
  /** Concept id, emotion or intent name; the phrase for the other kinds. */
  readonly tag: string;
  readonly weight: number;
  /** Stems to match in order. */
  readonly parts: readonly string[];
  /**
   * Per part, the exact (normalised) Hebrew word a sense needs when it was written inflected:
   * "מכירות" (sales) must not match "מכיר" (knows) through their shared stem. Null: any word
   * with the stem matches (a base form such as "ילד" matches "ילדים").
   */
  readonly exact?: readonly (string | null)[];
  /** A trailing Hebrew letter the next word must start with ("יש ל" + "לשלוח"). */
  readonly nextStartsWith?: string;
  readonly phrase: string;
}

/** An entry found in a message: token span [start, end) over the word/emoji sequence. */
export interface LexMatch {
  readonly entry: LexEntry;
  readonly start: number;
  readonly end: number;
  readonly sentence: number;
}

/** A sentence of a message. */
export interface Sentence {
  readonly index: number;
  readonly text: string;
  /** Span over the word/emoji sequence. */
  readonly start: number;
  readonly end: number;
  readonly question: boolean;
  readonly exclamations: number;
}

/** Everything the local classifiers read about one message. */
export interface Analysis {
  readonly text: string;
  readonly lang: Language;
  /** Words, emoji and recognised entities, in order (punctuation removed). */
  readonly seq: readonly Token[];
  readonly sentences: readonly Sentence[];
  readonly matches: readonly LexMatch[];
  readonly byKind: Readonly<Partial<Record<LexKind, readonly LexMatch[]>>>;
  /** Ids of the concepts found (not negated or otherwise filtered). */
  readonly concepts: ReadonlySet<string>;
  readonly counts: {
    readonly words: number;
    readonly urls: number;
    readonly phones: number;
    readonly emails: number;
    readonly mentions: number;
    readonly dates: number;
    readonly times: number;
    readonly numbers: number;
    readonly emoji: number;
    readonly questions: number;
    readonly exclamations: number;
    readonly capsWords: number;
  };
}

/** The compiled lexicons. */
export interface Lexicon {
  readonly index: ReadonlyMap<string, readonly LexEntry[]>;
  readonly known: (word: string) => boolean;
  readonly hebrewStop: ReadonlySet<string>;
  readonly concepts: ReadonlyMap<string, Concept>;
  readonly senses: ReadonlyMap<string, Sense>;
}

/** A phrase ending in a lone Hebrew letter: the next word must start with it ("יש ל"). */
const TRAILING_LETTER = /\s([\u05D0-\u05EA])$/;

function compile(): Lexicon {
  const hebrewStop = new Set(HEBREW_STOP_WORDS.map(normalizeFinals));
  const knownSet = new Set<string>();
  for (const w of [...HEBREW_STOP_WORDS, ...HEBREW_KNOWN_WORDS]) {
    const n = normalizeFinals(w);
    knownSet.add(n);
    knownSet.add(stemHebrew(n));
  }
  // Single words are base forms: compiled as written and added to the known words. Phrases are
  // compiled with the same prefix stripping as messages (against the single words), so a phrase
  // word written with a prefix ("הצטרפו לצוות") matches however the message prefixes it.
  const pending: Array<{ kind: LexKind; tag: string; phrase: string; weight: number }> = [];
  const add = (kind: LexKind, tag: string, phrase: string, weight: number) => {
    if (weight === 0 && kind !== 'toxic') return;
    pending.push({ kind, tag, phrase, weight });
  };
  const addAll = (kind: LexKind, tag: (phrase: string) => string, items: Readonly<Record<string, number>>) => {
    for (const [phrase, w] of Object.entries(items)) add(kind, tag(phrase), phrase, w);
  };
  const addList = (kind: LexKind, items: readonly string[], weight = 1) => {
    for (const phrase of items) add(kind, phrase, phrase, weight);
  };
  const concepts = new Map<string, Concept>();
  for (const c of CONCEPTS) {
    concepts.set(c.id, c);
    for (const phrase of [...c.en, ...c.he]) add('concept', c.id, phrase, 1);
  }
  const senses = new Map<string, Sense>();
  const glossary = parseGlossary(GLOSSARY);
  const glossaryWords = new Set(glossary.flatMap((g) => g.he.filter((w) => !w.includes(' ')).map(normalizeFinals)));
  // "בבית" is ב + "בית": the tokenizer strips the prefix when "בית" is known, and "בבית" as a known
  // word of its own would stop "בבית הספר" from losing its ב
  const prefixed = (w: string) =>
    !w.includes(' ') &&
    // a doubled ו is a spelling ("וועד"), not "and" + "ועד"
    !w.startsWith('וו') &&
    HEBREW_PREFIXES.some((x) => w.startsWith(x) && glossaryWords.has(w.slice(x.length)));
  for (const sense of glossary) {
    senses.set(sense.id, sense);
    for (const phrase of sense.en) add('sense', sense.id, phrase, 1);
    for (const phrase of sense.he) if (!prefixed(normalizeFinals(phrase))) add('sense', sense.id, phrase, 1);
  }
  for (const [category, phrases] of Object.entries(DISCOURSE_CUES)) {
    for (const phrase of phrases) add('cue', category, phrase, 1);
  }
  addAll('sentiment', (p) => p, SENTIMENT);
  for (const [emotion, items] of Object.entries(EMOTION_CUES)) addAll('emotion', () => emotion, items);
  for (const [intent, items] of Object.entries(INTENT_CUES)) addAll('intent', () => intent, items);
  addAll('urgency', (p) => p, URGENCY_CUES);
  addAll('toxic', (p) => p, TOXIC);
  addAll('intensifier', (p) => p, INTENSIFIERS);
  addAll('diminisher', (p) => p, DIMINISHERS);
  addAll('action', (p) => p, ACTION_OPENERS);
  addList('negator', NEGATORS);
  addList('contrast', CONTRAST);
  addList('second', SECOND_PERSON);
  addList('imperative', IMPERATIVES);
  addList('date', DATE_WORDS);
  addList('deadline', DEADLINE_MARKERS);
  addList('qopen', QUESTION_OPENERS);

  const asWritten = { known: () => true, hebrewStop, stripPrefixes: false } as const;
  const words = (phrase: string, opts: Parameters<typeof tokenize>[1]) =>
    tokenize(phrase.replace(TRAILING_LETTER, ''), opts).filter((t) => t.kind !== 'punct');
  const compiledTokens = new Map<string, Token[]>();
  for (const p of pending) {
    const toks = words(p.phrase, asWritten);
    compiledTokens.set(p.phrase, toks);
    // insults are not "known words": "מזון" must not read as מ + "זונ"
    if (toks.length === 1 && toks[0]!.script === 'he' && p.kind !== 'toxic') {
      knownSet.add(toks[0]!.norm);
      knownSet.add(toks[0]!.stem);
    }
  }
  const known = (w: string) => knownSet.has(w);
  const stripped = { known, hebrewStop, stripPrefixes: true } as const;
  const seen = new Map<string, LexEntry>();
  for (const p of pending) {
    let toks = compiledTokens.get(p.phrase)!;
    if (toks.length === 0) continue;
    if (toks.length > 1) toks = words(p.phrase, stripped);
    if (toks.length === 0) continue;
    const nextStartsWith = TRAILING_LETTER.exec(p.phrase)?.[1];
    // entities (numbers, links) are never part of a phrase: "404" would match every number
    if (toks.some((t) => t.kind !== 'word' && t.kind !== 'emoji')) continue;
    const parts = toks.map((t) => t.stem);
    const exact =
      p.kind === 'sense' && toks.some((t) => t.script === 'he' && t.norm !== t.stem)
        ? toks.map((t) => (t.script === 'he' && t.norm !== t.stem ? t.norm : null))
        : undefined;
    const semantic =
      p.kind === 'concept' || p.kind === 'sense' || p.kind === 'cue' || p.kind === 'emotion' || p.kind === 'intent';
    const id = `${p.kind}|${semantic ? p.tag : ''}|${parts.join(' ')}|${exact?.join(' ') ?? ''}|${nextStartsWith ?? ''}`;
    const prev = seen.get(id);
    if (prev && Math.abs(prev.weight) >= Math.abs(p.weight)) continue;
    seen.set(id, {
      kind: p.kind,
      tag: p.tag,
      weight: p.weight,
      parts,
      phrase: p.phrase,
      ...(exact ? { exact } : {}),
      ...(nextStartsWith ? { nextStartsWith } : {}),
    });
  }
  const index = new Map<string, LexEntry[]>();
  for (const e of seen.values()) {
    const key = e.parts[0]!;
    const list = index.get(key) ?? [];
    list.push(e);
    index.set(key, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.parts.length - a.parts.length);
  return { index, known, hebrewStop, concepts, senses };
}

let compiled: Lexicon | undefined;

/** The compiled lexicons (built on first use, once per process). */
export function lexicon(): Lexicon {
  compiled ??= compile();
  return compiled;
}

/** Whether a token fills part `j` of an entry: its exact word when the entry needs one, else its stem. */
function partMatches(t: Token, e: LexEntry, j: number): boolean {
  const exact = e.exact?.[j];
  if (exact) return t.norm === exact;
  return t.stem === e.parts[j] || t.alt === e.parts[j];
}

function findMatches(seq: readonly Token[], lex: Lexicon): LexMatch[] {
  const found: LexMatch[] = [];
  for (let i = 0; i < seq.length; i++) {
    const tok = seq[i]!;
    const candidates = lex.index.get(tok.stem) ?? (tok.alt !== undefined ? lex.index.get(tok.alt) : undefined);
    if (!candidates) continue;
    const sentence = seq[i]!.sentence;
    for (const e of candidates) {
      if (!partMatches(tok, e, 0)) continue;
      let j = 1;
      for (; j < e.parts.length; j++) {
        const t = seq[i + j];
        if (!t || t.sentence !== sentence || !partMatches(t, e, j)) break;
      }
      if (j < e.parts.length) continue;
      let end = i + e.parts.length;
      if (e.nextStartsWith) {
        const next = seq[end];
        if (!next || next.sentence !== sentence || !next.full.startsWith(e.nextStartsWith) || next.full.length < 3)
          continue;
        end++;
      }
      found.push({ entry: e, start: i, end, sentence });
    }
  }
  // within a kind, a longer phrase hides the shorter matches inside it ("not bad" hides "bad")
  const byKind = new Map<LexKind, LexMatch[]>();
  for (const m of found) {
    const list = byKind.get(m.entry.kind) ?? [];
    list.push(m);
    byKind.set(m.entry.kind, list);
  }
  const kept: LexMatch[] = [];
  for (const [kind, all] of byKind) {
    // a word that is exactly an inflected sense form ("מכירות") is not also a base form of its stem ("מכיר")
    const list =
      kind === 'sense'
        ? all.filter(
            (m) =>
              m.end - m.start > 1 ||
              m.entry.exact ||
              !all.some((o) => o.start === m.start && o.end === m.start + 1 && o.entry.exact),
          )
        : all;
    for (const m of list) {
      const hidden = list.some(
        (o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start,
      );
      if (!hidden) kept.push(m);
    }
  }
  return kept.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Tokenises a text with the compiled lexicon's guards. */
export function tokens(text: string): Token[] {
  const lex = lexicon();
  return tokenize(text, { known: lex.known, hebrewStop: lex.hebrewStop, stripPrefixes: true });
}

/** Analyses one message for the classifiers. */
export function analyze(input: string): Analysis {
  const lex = lexicon();
  const text = cleanText(input);
  const all = tokenize(text, { known: lex.known, hebrewStop: lex.hebrewStop, stripPrefixes: true, cleaned: true });
  const seq = all.filter((t) => t.kind !== 'punct');
  const matches = findMatches(seq, lex);
  const byKind: Partial<Record<LexKind, LexMatch[]>> = {};
  for (const m of matches) (byKind[m.entry.kind] ??= []).push(m);

  // one pass over the tokens: each sentence's span, text, question mark and exclamations
  const sentences: Sentence[] = [];
  let cursor = 0;
  for (let i = 0; i < all.length;) {
    const s = all[i]!.sentence;
    let j = i;
    let question = false;
    let exclamations = 0;
    while (j < all.length && all[j]!.sentence === s) {
      const t = all[j]!;
      if (t.kind === 'punct') {
        if (t.raw === '?') question = true;
        else if (t.raw === '!') exclamations++;
      }
      j++;
    }
    const start = cursor;
    while (cursor < seq.length && seq[cursor]!.sentence === s) cursor++;
    const slice = text.slice(all[i]!.start, all[j - 1]!.end).trim();
    if (slice && start !== cursor)
      sentences.push({ index: s, text: slice, start, end: cursor, question, exclamations });
    i = j;
  }
  let words = 0;
  let capsWords = 0;
  const counts = { urls: 0, phones: 0, emails: 0, mentions: 0, dates: 0, times: 0, numbers: 0, emoji: 0 };
  for (const t of seq) {
    if (t.kind === 'word') {
      words++;
      if (t.script === 'en' && t.raw.length >= 3 && t.raw === t.raw.toUpperCase() && /[A-Z]/.test(t.raw)) capsWords++;
    } else if (t.kind === 'url') counts.urls++;
    else if (t.kind === 'phone') counts.phones++;
    else if (t.kind === 'email') counts.emails++;
    else if (t.kind === 'mention') counts.mentions++;
    else if (t.kind === 'date') counts.dates++;
    else if (t.kind === 'time') counts.times++;
    else if (t.kind === 'number') counts.numbers++;
    else if (t.kind === 'emoji') counts.emoji++;
  }
  return {
    text,
    lang: detectLanguage(text),
    seq,
    sentences,
    matches,
    byKind,
    concepts: new Set((byKind.concept ?? []).map((m) => m.entry.tag)),
    counts: {
      ...counts,
      words,
      capsWords,
      questions: (text.match(/\?/g) ?? []).length,
      exclamations: (text.match(/!/g) ?? []).length,
    },
  };
}
