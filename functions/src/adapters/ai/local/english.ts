/**
 * English normalisation: stop words, contractions and a light Porter-style stemmer (steps 1a-1c and
 * a few step-2 suffixes), enough to make "hiring"/"hired"/"hire" and "developers"/"developer" meet.
 */

/** English stop words: dropped from keywords and embeddings, still seen by the classifiers. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below
  between both but by can cannot could couldn did didn do does doesn doing don down during each few for from
  further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is isn it
  its itself just let me more most my myself no nor not of off on once only or other our ours ourselves out over
  own same she should so some such than that the their theirs them themselves then there these they this those
  through to too under until up very was wasn we were weren what when where which while who whom why will with
  won would wouldn you your yours yourself yourselves im ive id ill youre youve weve were theyre thats theres
  whats lets hi hey hello ok okay yes yeah yep also still even really much many get got getting one two anyone
  someone something anything everyone everybody anybody somebody thing things way via per etc pls please plz
  thanks thank thx guys guy folks all everyone would like know just`.split(/\s+/),
);

const CONTRACTIONS: Record<string, string[]> = {
  "can't": ['can', 'not'],
  "won't": ['will', 'not'],
  "shan't": ['shall', 'not'],
  "ain't": ['is', 'not'],
};

/** Splits an English contraction into words ("don't" → do, not; "we're" → we). */
export function splitContraction(word: string): string[] {
  const w = word.replace(/[’‘`]/g, "'").toLowerCase();
  if (!w.includes("'")) return [w];
  const fixed = CONTRACTIONS[w];
  if (fixed) return fixed;
  if (w.endsWith("n't")) return [w.slice(0, -3), 'not'];
  const [head] = w.split("'");
  return head ? [head] : [];
}

const VOWEL = /[aeiouy]/;
const SHORT_SYLLABLE = /^[^aeiou]*[aeiouy][^aeiouwxy]$/;

function hasVowel(s: string): boolean {
  return VOWEL.test(s);
}

function restoreAfterStrip(w: string): string {
  if (/(at|bl|iz)$/.test(w)) return w + 'e';
  if (/([^aeiouylsz])\1$/.test(w)) return w.slice(0, -1);
  if (SHORT_SYLLABLE.test(w)) return w + 'e';
  return w;
}

const STEP2: Array<[string, string]> = [
  ['ational', 'ate'],
  ['ization', 'ize'],
  ['fulness', 'ful'],
  ['iveness', 'ive'],
  ['ousness', 'ous'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
];

/** Words ending like an inflection that are words of their own ("parking" is not "park"). */
const NOT_INFLECTED = new Set(
  `parking building ceiling morning evening wedding clothing housing shipping listing landing heading spring string
  thing nothing something anything everything during ring king sibling pudding news series species bus gas`.split(/\s+/),
);

/** Light Porter-style stem of a lowercase English word. */
export function stemEnglish(word: string): string {
  let w = word;
  if (w.length <= 3 || NOT_INFLECTED.has(w)) return w;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'i';
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('eed')) {
    if (w.length > 4) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && w.length > 4 && hasVowel(w.slice(0, -2))) {
    w = restoreAfterStrip(w.slice(0, -2));
  } else if (w.endsWith('ing') && w.length > 5 && hasVowel(w.slice(0, -3))) {
    w = restoreAfterStrip(w.slice(0, -3));
  }
  if (w.endsWith('y') && w.length > 3 && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i';
  for (const [from, to] of STEP2) {
    if (w.endsWith(from) && w.length - from.length >= 3) {
      w = w.slice(0, -from.length) + to;
      break;
    }
  }
  return w;
}
