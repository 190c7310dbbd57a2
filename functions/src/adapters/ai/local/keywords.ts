/**
 * Keyword extraction by TF-IDF over the community's own messages. Terms are word stems (and the
 * multi-word phrases of the concept lexicon, e.g. "רואה חשבון"); the document frequency of each
 * term is kept in the table (see model-store.ts) and a stem is shown in the surface form the
 * community writes most.
 */
import { lexicon, type Analysis, type LexKind } from './analyze';
import { normalizeFinals } from './hebrew';
import { candidateFeatures, keywordProbability, keywordThreshold, type CandidateView } from './keyword-model';

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
 * Lexicon kinds whose words say how a message is written, not what it is about: feelings,
 * requests, time, greetings. A word they cover is no keyword unless a concept covers it as well.
 */
const FUNCTION_KINDS: ReadonlySet<LexKind> = new Set<LexKind>([
  'sentiment',
  'emotion',
  'intent',
  'urgency',
  'toxic',
  'second',
  'negator',
  'intensifier',
  'diminisher',
  'contrast',
  'action',
  'imperative',
  'date',
  'deadline',
  'qopen',
]);

/** Discourse cue categories that are about the topic itself (an ad, an emergency), kept as keywords. */
const TOPICAL_CUES: ReadonlySet<string> = new Set(['ad', 'chain', 'politics', 'emergency', 'hiring']);

/** Words no one picks to find a message again: generic verbs, time words, counting words, fillers. */
const KEYWORD_STOP: ReadonlySet<string> = new Set(
  `
  need needs needed want wants wanted looking look ask asking asked help helps helped recommend recommended
  recommendation recommendations suggestion suggestions know knows knew think thought make made take took give gave
  come came go going went see saw seen say said tell told let try tried use used find found keep kept put putting
  leave left start started starting stop work works working call called send sent bring brought happen happened
  day days week weeks weekend weekends month months year years today tonight tomorrow yesterday morning evening
  afternoon night hour hours minute minutes mins time times monday tuesday wednesday thursday friday saturday
  sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays january february march april may june july
  august september october november december next last first second third another other else whole new old big
  small little good great nice best better bad worse worst sure able anyone anybody nobody everyone people around
  near nearby behind instead already again ago soon later back right left kind lots bit fyi reminder update
  info question answer idea way stuff every three four five six seven eight nine ten half less done open show shows
  remember require normal important possible real actual true main usual usually exactly fully
  amazing awesome brilliant excellent fantastic wonderful lovely perfect terrible awful horrible tired happy sad
  practical simple easy hard quick fast slow long short high low free full empty
  whoever whatever wherever whenever forward heads grab meet start starts
  wait waiting borrow lend pay paid buy bought sell sold fix fixing cook cooking decide decided understand
  מעולה מצוין מצוינת מדהים מדהימה נהדר נהדרת חשוב חשובה אפשרי ברור קל קשה מהיר איטי ארוך קצר מלא ריק יפה
  רב רבה רבים רבות נחמד נחמדה מושלם גרוע נורא עייף עייפה שמח שמחה עצוב עצובה חינם
  להשאיל לשלם לקנות למכור לתקן לבשל להבין לחכות לעזור לבדוק לשלוח להירשם לבקש לקבל
  קיבלתי קיבלנו ביקשתי ביטל ביטלה זכה זכינו החליט החליטה עבר עברה יעבור תקוע תקועה נתקע נתקעה
  צריך צריכה צריכים צריכות רוצה רוצים מחפש מחפשת מחפשים מחפשות מכיר מכירה מכירים ממליץ ממליצה ממליצים ממליצות
  יכול יכולה יכולים יכולות עושה עושים עושות עשה עשתה עשו אומר אומרת אמר אמרה שאל שאלה שאלו ראיתי ראה ראתה
  יודעת יודעים חושב חושבת חושבים לעשות להגיע להביא לקחת לתת לשאול לדעת לבוא ללכת הגיע הגיעה מגיע מגיעה
  יום ימים שבוע שבועות חודש חודשים שנה שנים שעה שעות דקה דקות בוקר ערב לילה צהריים מחר אתמול הבוקר הערב הלילה
  ראשון שני שלישי רביעי חמישי שישי שבת מוצ"ש סופ"ש החודש השבוע השנה הבא הבאה הקרוב הקרובה האחרון
  ינואר פברואר מרץ אפריל מאי יוני יולי אוגוסט ספטמבר אוקטובר נובמבר דצמבר
  שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר שלושה ארבעה חמישה
  בפנים בחוץ גדול גדולה קטן קטנה טוב טובה חדש חדשה ישן ישנה ליד מול אחרי תוך בערך כמובן פשוט ממש באמת
  הודעה עדכון תזכורת לידיעתכם לידיעת טיפ תשובה דבר דברים
  `
    .split(/\s+/)
    .filter(Boolean)
    .map(normalizeFinals),
);

/** Words about everyone and everything (people, family, contact): keywords only when nothing better is there. */
const GENERIC: ReadonlySet<string> = new Set(
  `kid kids child children son daughter boy girl parent parents family people person neighbour neighbours neighbor
  neighbors friend friends phone number message group team guy thing place area lot flat floor room door website
  site page link email price
  ילד ילדה ילדים ילדות בן בת בנים בנות הורה הורים משפחה אנשים אדם שכן שכנים שכנה חבר חברה טלפון מספר קבוצה צוות
  מקום אזור`
    .split(/\s+/)
    .filter(Boolean)
    .map(normalizeFinals),
);

/** A keyword candidate: a term plus what the ranking needs. */
export interface KeywordCandidate extends TermOccurrence, CandidateView {
  /** The stems of a multi-word candidate (its document frequency is its rarest part's). */
  readonly parts?: readonly string[];
  /** How noun-like the word looks (0–1, see nounLikeness). */
  readonly weight: number;
  /** Words in the message (for the candidate's relative position). */
  readonly words: number;
}

function functionTokens(a: Analysis): Set<number> {
  const out = new Set<number>();
  const topical = new Set<number>();
  for (const m of a.byKind.concept ?? []) for (let i = m.start; i < m.end; i++) topical.add(i);
  for (const m of a.matches) {
    const kind = m.entry.kind;
    const isFunction = FUNCTION_KINDS.has(kind) || (kind === 'cue' && !TOPICAL_CUES.has(m.entry.tag));
    if (!isFunction) continue;
    for (let i = m.start; i < m.end; i++) if (!topical.has(i)) out.add(i);
  }
  return out;
}

type Tok = Analysis['seq'][number];

function keywordStop(t: Tok): boolean {
  // the whole word too: "שלושה" is not ש + "לושה"; the stem joins plural, feminine and verb forms ("חדשים", "starts")
  return (
    KEYWORD_STOP.has(t.norm) ||
    KEYWORD_STOP.has(t.full) ||
    KEYWORD_STOP.has(t.display.toLowerCase()) ||
    KEYWORD_STOP.has(t.stem)
  );
}

/**
 * How much a word looks like a noun by its shape (1) rather than a verb, adverb or adjective
 * (less): people find messages again by the things and places they are about.
 */
function nounLikeness(t: Tok): number {
  const w = t.norm;
  if (t.script === 'en') {
    if (/^[A-Z0-9]{2,}$/.test(t.display)) return 1;
    if (w.length > 4 && w.endsWith('ly')) return 0.3;
    if (w.length > 4 && /(?:ed|ing)$/.test(w)) return 0.5;
    return 1;
  }
  if (t.script !== 'he' || w.includes('"')) return 1;
  // ל + a word the lexicon does not know is most often an infinitive (לאסוף, לאבד)
  const known = lexicon().known(w) || lexicon().known(t.stem);
  if (t.prefix.endsWith('ל') && !known) return 0.5;
  // ה + an unknown word shaped like a hif'il past (החליט, הזמין)
  if (t.prefix.endsWith('ה') && !known && /^..י.$/.test(w)) return 0.6;
  // past tense of the first and second persons (עשיתי, קנינו), future and imperative plurals (תנסו, יגיעו), infinitives (להוריד)
  if (w.length >= 5 && /(?:תי|נו|תם|תן)$/.test(w)) return 0.5;
  if (w.length >= 4 && /^[תי].{2,}ו$/.test(w)) return 0.5;
  if (w.length >= 5 && /^לה/.test(w)) return 0.5;
  // third person plural past (השאירו, הגיעו), hif'il participles (מגישים, מעדיפים), nif'al past (נכשל, ננעל)
  if (w.length >= 4 && w.endsWith('ו')) return 0.5;
  if (/^מ..י.(?:ים|ות)$/.test(w)) return 0.5;
  if (/^נ[^וי]..$/.test(w)) return 0.6;
  // present tense (אומרים, חוזרים, יוצאת)
  if (/^.ו.(?:.|.ים|.ות|.ת)$/.test(w) && w.length >= 5) return 0.5;
  return 1;
}

interface Draft {
  display: string;
  count: number;
  concept: boolean;
  first: number;
  weight: number;
  parts?: string[];
  script: 'he' | 'en';
  senses: Array<{ id: string; pos: string }>;
}

/**
 * The keyword candidates of a message: its content terms minus words that only say how the
 * message is written (feelings, requests, time, greetings; see FUNCTION_KINDS and KEYWORD_STOP),
 * adjacent noun-like words joined into one phrase ("power lines", "הפסקת מים"), each weighted by
 * how noun-like it looks.
 */
export function keywordCandidates(a: Analysis): KeywordCandidate[] {
  const skip = functionTokens(a);
  const out = new Map<string, Draft>();
  const add = (term: string, d: Draft) => {
    const prev = out.get(term);
    if (prev) prev.count++;
    else out.set(term, d);
  };
  const covered = new Set<number>();
  const conceptTokens = new Set<number>();
  const sensesAt = new Map<number, Array<{ id: string; pos: string }>>();
  for (const m of a.byKind.sense ?? []) {
    const pos = lexicon().senses.get(m.entry.tag)?.pos ?? 'n';
    for (let i = m.start; i < m.end; i++) sensesAt.set(i, [...(sensesAt.get(i) ?? []), { id: m.entry.tag, pos }]);
  }
  const sensesOf = (from: number, to: number) => {
    const seen = new Map<string, { id: string; pos: string }>();
    for (let i = from; i < to; i++) for (const x of sensesAt.get(i) ?? []) seen.set(x.id, x);
    return [...seen.values()];
  };
  const scriptOf = (t: Tok): 'he' | 'en' => (t.script === 'he' ? 'he' : 'en');
  for (const m of a.byKind.concept ?? []) {
    for (let i = m.start; i < m.end; i++) conceptTokens.add(i);
    if (m.end - m.start < 2) continue;
    const span = a.seq.slice(m.start, m.end);
    if (!span.every((t) => t.kind === 'word')) continue;
    if (span.filter((t) => !t.stop).length < 2) continue;
    add(span.map((t) => t.stem).join(' '), {
      display: span.map((t) => t.display).join(' '),
      count: 1,
      concept: true,
      first: m.start,
      weight: 1,
      script: scriptOf(span[0]!),
      senses: sensesOf(m.start, m.end),
    });
    for (let i = m.start; i < m.end; i++) covered.add(i);
  }
  const weightOf = (i: number) => {
    const t = a.seq[i]!;
    if (GENERIC.has(t.norm) || GENERIC.has(t.stem)) return 0.4;
    return conceptTokens.has(i) ? 1 : nounLikeness(t);
  };
  const keep = (i: number) => {
    const t = a.seq[i];
    return t !== undefined && !covered.has(i) && isContentToken(t) && !skip.has(i) && !keywordStop(t);
  };
  const generic = (t: Tok) => GENERIC.has(t.norm) || GENERIC.has(t.stem);
  // a phrase: a noun and the noun or adjective after it, in one sentence and one script. Hebrew
  // marks it as a construct: the first word ends in ת or י ("הפסקת מים", "בגדי ספורט") or the
  // second takes the article ("ועד הבית", "חדר המדרגות"); another prefixed word starts a new phrase.
  // English: the head comes last, the words before it are not plurals ("power lines", "parking lot").
  const joins = (i: number) => {
    const t = a.seq[i]!;
    const u = a.seq[i + 1];
    if (!u || !keep(i + 1) || u.sentence !== t.sentence || u.script !== t.script) return false;
    // a comma, a colon or a quote between them ends the phrase
    if (!/^[\s-]*$/.test(a.text.slice(t.end, u.start))) return false;
    if (generic(t) || (weightOf(i + 1) < 1 && !generic(u))) return false;
    if (t.script === 'he') return weightOf(i) === 1 && (u.prefix === 'ה' || (u.prefix === '' && /[תי]$/.test(t.norm)));
    return (weightOf(i) === 1 || /ing$/.test(t.norm)) && !/s$/.test(t.norm);
  };
  for (let i = 0; i < a.seq.length; i++) {
    if (!keep(i)) continue;
    let j = i;
    while (j - i < 2 && joins(j)) j++;
    const span = a.seq.slice(i, j + 1);
    if (span.length > 1) {
      add(span.map((t) => t.stem).join(' '), {
        display: span.map((t) => t.display).join(' '),
        count: 1,
        concept: span.some((_, k) => conceptTokens.has(i + k)),
        first: i,
        weight: 1,
        parts: span.map((t) => t.stem),
        script: scriptOf(span[0]!),
        senses: sensesOf(i, j + 1),
      });
    } else {
      add(a.seq[i]!.stem, {
        display: a.seq[i]!.display,
        count: 1,
        concept: conceptTokens.has(i),
        first: i,
        weight: weightOf(i),
        script: scriptOf(a.seq[i]!),
        senses: sensesOf(i, i + 1),
      });
    }
    i = j;
  }
  return [...out].map(([term, v]) => ({ term, ...v, words: a.seq.length }));
}

/** A term in more than this share of a community's messages (once it has this many) is hardly a keyword. */
const UBIQUITOUS_SHARE = 0.25;
const UBIQUITOUS_MIN_DOCS = 20;
/** Scales such a term's probability: it stays below the threshold, yet first when nothing else is there. */
const UBIQUITOUS_FACTOR = 0.2;

/** Document-frequency statistics of the community a message belongs to. */
export interface KeywordStats {
  readonly docs: number;
  readonly df: (term: string) => number;
  readonly form: (term: string) => string | undefined;
}

/**
 * How likely a person is to pick each candidate (keyword-model.ts), given how rare it is in the
 * community: the rarity is the candidate's IDF scaled to 0..1 (a phrase counts as rare as its
 * rarest word).
 */
export function scoreCandidates(
  terms: readonly KeywordCandidate[],
  stats: Pick<KeywordStats, 'docs' | 'df'>,
): Array<{ candidate: KeywordCandidate; p: number }> {
  const docs = Math.max(stats.docs, 1);
  const df = (t: KeywordCandidate) => (t.parts ? Math.min(...t.parts.map((p) => stats.df(p))) : stats.df(t.term));
  const rarity = terms.map((t) => (idf(Math.max(df(t), 1), docs) - 1) / Math.log(docs + 1));
  const maxRarity = Math.max(0, ...rarity);
  return terms.map((candidate, i) => ({
    candidate,
    p: keywordProbability(
      candidateFeatures(candidate, {
        rarity: rarity[i]!,
        maxRarity,
        candidates: terms.length,
        words: candidate.words,
      }),
    ),
  }));
}

/**
 * The keywords of a message: the candidates a person would most likely pick, most likely first,
 * those above the model's threshold (at least one, at most `limit`), each shown in the community's
 * most common surface form of the stem.
 */
export function pickKeywords(terms: readonly KeywordCandidate[], stats: KeywordStats, limit = 5): string[] {
  const threshold = keywordThreshold();
  // a word in a quarter of the community's messages finds nothing: shown only when nothing else is there
  const everywhere = (t: KeywordCandidate) =>
    stats.docs >= UBIQUITOUS_MIN_DOCS &&
    (t.parts ?? [t.term]).every((p) => stats.df(p) > stats.docs * UBIQUITOUS_SHARE);
  const scored = scoreCandidates(terms, stats)
    .map(({ candidate, p }) => ({ candidate, p: everywhere(candidate) ? p * UBIQUITOUS_FACTOR : p }))
    .sort((x, y) => y.p - x.p || x.candidate.first - y.candidate.first);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { candidate: t, p } of scored) {
    if (out.length >= limit || (out.length >= 1 && p < threshold)) break;
    const shown = (t.parts ? undefined : stats.form(t.term)) ?? t.display;
    const key = shown.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(shown);
  }
  return out;
}
