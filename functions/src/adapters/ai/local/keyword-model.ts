/**
 * Which keyword candidates a person would pick: a logistic model over a candidate's shape, rarity,
 * sense and word, trained by `scripts/train-keywords.ts` on the dev split's hand-picked keywords
 * (lexicon/keyword-weights.ts). Deterministic, no I/O.
 */
import { KEYWORD_WEIGHTS } from './lexicon/keyword-weights';

/** What the model reads of one candidate in its message. */
export interface CandidateView {
  /** Stem (or stems joined by a space) of the candidate. */
  readonly term: string;
  readonly parts?: readonly string[];
  readonly count: number;
  readonly concept: boolean;
  /** How noun-like its shape is (1 noun, 0.3–0.6 verb or adverb shapes, 0.4 generic words). */
  readonly weight: number;
  readonly first: number;
  readonly display: string;
  readonly script: 'he' | 'en';
  /** Glossary senses covering it, with their part of speech. */
  readonly senses: ReadonlyArray<{ readonly id: string; readonly pos: string }>;
}

/** The message around a candidate: its size and the rarity of every candidate. */
export interface CandidateContext {
  /** Rarity of the candidate in the community, 0 (everywhere) to 1 (unseen). */
  readonly rarity: number;
  /** Rarity of the rarest candidate of the message. */
  readonly maxRarity: number;
  /** Candidates in the message. */
  readonly candidates: number;
  /** Words in the message. */
  readonly words: number;
}

/** The features of a candidate (name → value). */
export function candidateFeatures(c: CandidateView, ctx: CandidateContext): Map<string, number> {
  const f = new Map<string, number>();
  const on = (k: string, v = 1) => f.set(k, (f.get(k) ?? 0) + v);
  const phrase = c.term.includes(' ');
  on('bias');
  on(`script:${c.script}`);
  on('rarity', ctx.rarity);
  on('rarest', ctx.rarity >= ctx.maxRarity - 1e-9 ? 1 : 0);
  on('gap', ctx.maxRarity - ctx.rarity);
  on('few', 1 / ctx.candidates);
  on('position', ctx.words > 1 ? c.first / (ctx.words - 1) : 0);
  on('repeated', c.count > 1 ? 1 : 0);
  on(phrase ? 'phrase' : 'word');
  if (c.concept) on('concept');
  on(`shape:${c.weight >= 1 ? 'noun' : c.weight === 0.4 ? 'generic' : 'verbal'}`);
  if (c.display.length <= 3) on('short');
  if (c.script === 'en' && /^[A-Z]/.test(c.display)) on('capital');
  if (c.senses.length === 0) on('pos:none');
  for (const pos of new Set(c.senses.map((s) => s.pos))) on(`pos:${pos}`);
  for (const s of c.senses) on(`sense:${s.id}`);
  for (const p of c.parts ?? [c.term]) on(`stem:${p}`);
  return f;
}

interface Model {
  readonly threshold: number;
  readonly weights: ReadonlyMap<string, number>;
}

let model: Model | undefined;

function load(): Model {
  if (model) return model;
  const weights = new Map<string, number>();
  let threshold = 0.5;
  for (const line of KEYWORD_WEIGHTS.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const key = line.slice(0, tab);
    const value = Number(line.slice(tab + 1));
    if (key === '@threshold') threshold = value;
    else weights.set(key, value);
  }
  model = { threshold, weights };
  return model;
}

/** The probability that a person picks this candidate as a keyword of its message. */
export function keywordProbability(features: ReadonlyMap<string, number>): number {
  const { weights } = load();
  let z = 0;
  for (const [k, v] of features) z += (weights.get(k) ?? 0) * v;
  return 1 / (1 + Math.exp(-z));
}

/** Candidates at or above this probability are shown (the most likely one always is). */
export function keywordThreshold(): number {
  return load().threshold;
}
