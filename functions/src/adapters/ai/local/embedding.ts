/**
 * Meaning-based embeddings without model weights: sparse random projections ("random indexing") of
 * weighted features into a fixed number of dimensions.
 *
 * Features of a text:
 * - concepts of the bilingual concept lexicon (the main bridge: "hiring"/"דרוש"/"recruiting" share
 *   one concept) and, weaker, their parent concepts;
 * - senses of the bilingual glossary (one feature for a word and its translation) and, weaker, their
 *   broader senses ("puppy" > "dog" > "pet");
 * - word stems (exact wording), weighted by IDF over the community's messages;
 * - character trigrams of the stems (morphology the stemmers miss, typos);
 * - corpus neighbours: for each stem, the words it co-occurs with most in the community (positive
 *   PMI over recent messages), so community-specific vocabulary relates to what it is used with.
 *
 * The IDF weights and neighbours come from a snapshot ("model version") built from the table when
 * the community's message count doubles (64, 128, 256, ...). Between builds the space is frozen;
 * when it moves, `embeddingVersion` changes and stored vectors must be re-embedded (docs/ai.md).
 */
import { analyze, lexicon, type Analysis } from './analyze';
import { fnv1a } from './hash';
import { packParts } from './model-store';
import { CONCEPTS } from './lexicon/concepts';
import { GLOSSARY } from './lexicon/glossary';
import type { SensePos } from './lexicon/senses';
import { CONCEPT_TERM_PREFIX, idf, messageTerms, SENSE_TERM_PREFIX } from './keywords';

/** Dimensions of every local vector. */
export const LOCAL_EMBEDDING_DIMENSIONS = 384;
/** Non-zero entries per feature (sparse ternary index vectors). */
const NONZERO = 4;
/** Feature weights relative to a word stem. */
const WEIGHT = { concept: 1, parent: 0.6, sense: 2, broader: 0.5, stem: 1.3, covered: 0.45, chars: 0.45, neighbour: 0.35 } as const;
/** Sense weight by what it names: things carry the meaning of a message more than actions, qualities and times. */
const POS_WEIGHT: Readonly<Record<SensePos, number>> = { n: 1, v: 0.7, a: 0.6, t: 0.45 };
/** A community's first model is built at this many messages; later ones each time it doubles. */
export const FIRST_MODEL_DOCS = 64;
/** Documents and vocabulary the model build reads. */
const BUILD_MAX_DOCS = 20_000;
const BUILD_MAX_IDF_TERMS = 20_000;
const BUILD_MAX_NEIGHBOUR_TERMS = 6_000;
const NEIGHBOURS_PER_TERM = 5;
const TERMS_PER_DOC = 14;
const DEFAULT_IDF = 2;

/**
 * Identifies the feature space: a hash of the concept lexicon and the feature settings, so a
 * lexicon change moves every community's embedding version (and triggers re-embedding).
 */
export const EMBEDDING_ALGORITHM = fnv1a(
  JSON.stringify({ CONCEPTS, GLOSSARY, WEIGHT, POS_WEIGHT, NONZERO, d: LOCAL_EMBEDDING_DIMENSIONS, v: 2 }),
)
  .toString(16)
  .padStart(8, '0');

/** The learned part of the embedding space of one community at one version. */
export interface EmbeddingModel {
  readonly version: number;
  readonly docs: number;
  readonly idf: ReadonlyMap<string, number>;
  readonly neighbours: ReadonlyMap<string, ReadonlyArray<readonly [string, number]>>;
}

/** The model of a community with no snapshot yet: lexicon and hashing only, no corpus statistics. */
export const BASE_MODEL: EmbeddingModel = { version: 0, docs: 0, idf: new Map(), neighbours: new Map() };

/** The model version a community of `docs` messages should have (0 below the first build). */
export function targetModelVersion(docs: number): number {
  if (docs < FIRST_MODEL_DOCS) return 0;
  return Math.floor(Math.log2(docs / FIRST_MODEL_DOCS)) + 1;
}

/** The version string of a community's embedding space. */
export function versionString(modelVersion: number): string {
  return `local:${EMBEDDING_ALGORITHM}:${modelVersion}`;
}

function termIdf(model: EmbeddingModel, term: string): number {
  if (model.version === 0) return DEFAULT_IDF;
  return model.idf.get(term) ?? idf(1, model.docs);
}

function addFeature(vec: Float64Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  const w = weight / Math.sqrt(NONZERO);
  for (let k = 0; k < NONZERO; k++) {
    const idx = fnv1a(feature, 0x9e3779b9 + k * 0x85ebca6b) % LOCAL_EMBEDDING_DIMENSIONS;
    vec[idx]! += (h >>> k) & 1 ? w : -w;
  }
}

/** The vector feature of a corpus term (a word, a concept or a sense). */
function featureOf(term: string): string {
  if (term.startsWith(CONCEPT_TERM_PREFIX)) return `c:${term.slice(CONCEPT_TERM_PREFIX.length)}`;
  if (term.startsWith(SENSE_TERM_PREFIX)) return `s:${term.slice(SENSE_TERM_PREFIX.length)}`;
  return `w:${term}`;
}

function charGrams(stem: string): string[] {
  if (stem.length < 4) return [];
  const padded = `#${stem}#`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/** The weighted features of an analysed text. */
export function features(a: Analysis, model: EmbeddingModel): Map<string, number> {
  const f = new Map<string, number>();
  const add = (key: string, w: number) => f.set(key, (f.get(key) ?? 0) + w);
  const lex = lexicon();
  const conceptsSeen = new Set<string>();
  for (const m of a.byKind.concept ?? []) {
    if (conceptsSeen.has(m.entry.tag)) continue;
    conceptsSeen.add(m.entry.tag);
    const concept = lex.concepts.get(m.entry.tag);
    const w = termIdf(model, CONCEPT_TERM_PREFIX + m.entry.tag) * (concept?.weight ?? 1);
    add(`c:${m.entry.tag}`, WEIGHT.concept * w);
    for (const p of concept?.parents ?? []) add(`c:${p}`, WEIGHT.parent * w);
  }
  // senses are shared by both languages: words they cover weigh less as words of their own
  const covered = new Set<string>();
  const sensesSeen = new Set<string>();
  for (const m of a.byKind.sense ?? []) {
    for (let i = m.start; i < m.end; i++) covered.add(a.seq[i]!.stem);
    if (sensesSeen.has(m.entry.tag)) continue;
    sensesSeen.add(m.entry.tag);
    const sense = lex.senses.get(m.entry.tag);
    const w = termIdf(model, SENSE_TERM_PREFIX + m.entry.tag) * POS_WEIGHT[sense?.pos ?? 'n'];
    add(`s:${m.entry.tag}`, WEIGHT.sense * w);
    for (const b of sense?.broader ?? []) add(`s:${b}`, WEIGHT.sense * WEIGHT.broader * w);
  }
  for (const t of messageTerms(a)) {
    const tf = 1 + Math.log(t.count);
    // multi-word phrases are carried by their concept and words
    const stems = t.term.includes(' ') ? t.term.split(' ') : [t.term];
    for (const stem of stems) {
      const w = tf * termIdf(model, stem);
      const isCovered = covered.has(stem);
      add(`w:${stem}`, (isCovered ? WEIGHT.covered : WEIGHT.stem) * w);
      if (!isCovered) {
        const grams = charGrams(stem);
        for (const g of grams) add(`g:${g}`, (WEIGHT.chars * w) / Math.sqrt(grams.length));
      }
      for (const [n, pw] of model.neighbours.get(stem) ?? []) add(featureOf(n), WEIGHT.neighbour * w * pw);
    }
  }
  return f;
}

/** A unit-length vector of `LOCAL_EMBEDDING_DIMENSIONS` for a text (deterministic). */
export function embedText(text: string, model: EmbeddingModel): number[] {
  const vec = new Float64Array(LOCAL_EMBEDDING_DIMENSIONS);
  const a = analyze(text);
  for (const [key, w] of features(a, model)) addFeature(vec, key, w);
  let norm = 0;
  for (const x of vec) norm += x * x;
  if (norm === 0) {
    // nothing meaningful (emoji only, a bare link): a deterministic direction of its own
    addFeature(vec, `raw:${text.trim()}`, 1);
    for (const x of vec) norm += x * x;
  }
  const inv = 1 / Math.sqrt(norm);
  return Array.from(vec, (x) => Math.round(x * inv * 1e6) / 1e6);
}

/**
 * Builds a model from the community's term statistics and recent corpus: IDF of the frequent terms
 * and, for the most frequent ones, their strongest co-occurring terms by positive PMI.
 */
export function buildModel(input: {
  version: number;
  docs: number;
  terms: ReadonlyArray<readonly [string, number]>;
  corpus: readonly string[];
}): EmbeddingModel {
  const docs = Math.max(input.docs, 1);
  const byDf = [...input.terms]
    .filter(([t]) => !t.includes(' '))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const idfMap = new Map<string, number>();
  for (const [t, df] of byDf.slice(0, BUILD_MAX_IDF_TERMS)) idfMap.set(t, Math.round(idf(df, docs) * 100) / 100);

  // co-occurrence over recent messages, each reduced to its most specific terms
  const lines = input.corpus
    .slice(0, BUILD_MAX_DOCS)
    .map((l) =>
      [...new Set(l.split('|').filter((t) => t && !t.includes(' ')))]
        .sort((a, b) => (idfMap.get(b) ?? 99) - (idfMap.get(a) ?? 99) || a.localeCompare(b))
        .slice(0, TERMS_PER_DOC),
    );
  const count = new Map<string, number>();
  for (const l of lines) for (const t of l) count.set(t, (count.get(t) ?? 0) + 1);
  const vocab = [...count]
    .filter(([, c]) => c >= 3)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, BUILD_MAX_NEIGHBOUR_TERMS)
    .map(([t]) => t);
  const id = new Map(vocab.map((t, i) => [t, i]));
  const pairs = new Map<number, number>();
  const n = vocab.length;
  for (const l of lines) {
    const ids = l.map((t) => id.get(t)).filter((x): x is number => x !== undefined);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const a = Math.min(ids[i]!, ids[j]!);
        const b = Math.max(ids[i]!, ids[j]!);
        const key = a * n + b;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
  }
  const total = Math.max(lines.length, 1);
  const cands = new Map<string, Array<[string, number]>>();
  for (const [key, c] of pairs) {
    if (c < 2) continue;
    const a = vocab[Math.floor(key / n)]!;
    const b = vocab[key % n]!;
    const pmi = Math.log((c * total) / (count.get(a)! * count.get(b)!));
    if (pmi <= 0.5) continue;
    const score = pmi * Math.min(1, c / 5);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      // pseudo-terms (concepts, senses) are neighbours, never keys: only words are looked up
      if (x.startsWith('#')) continue;
      const list = cands.get(x) ?? [];
      list.push([y, score]);
      cands.set(x, list);
    }
  }
  const neighbours = new Map<string, Array<readonly [string, number]>>();
  for (const [t, list] of cands) {
    list.sort((p, q) => q[1] - p[1] || p[0].localeCompare(q[0]));
    const top = list.slice(0, NEIGHBOURS_PER_TERM);
    const sum = top.reduce((s, [, w]) => s + w, 0);
    neighbours.set(
      t,
      top.map(([x, w]) => [x, Math.round((w / sum) * 1000) / 1000] as const),
    );
  }
  return { version: input.version, docs, idf: idfMap, neighbours };
}

/** Serialises a model into parts small enough for table items. */
export function serializeModel(model: EmbeddingModel): string[] {
  const lines: string[] = [`#\t${model.version}\t${model.docs}`];
  const terms = new Set([...model.idf.keys(), ...model.neighbours.keys()]);
  for (const t of [...terms].sort()) {
    const nb = (model.neighbours.get(t) ?? []).map(([x, w]) => `${x}\u0001${w}`).join('\u0002');
    lines.push(`${t}\t${model.idf.get(t) ?? ''}\t${nb}`);
  }
  return packParts(lines);
}

/** Reads a model back from its parts. */
export function parseModel(parts: readonly string[]): EmbeddingModel {
  let version = 0;
  let docs = 0;
  const idfMap = new Map<string, number>();
  const neighbours = new Map<string, Array<readonly [string, number]>>();
  for (const part of parts) {
    for (const line of part.split('\n')) {
      const [t, a, b] = line.split('\t');
      if (t === undefined) continue;
      if (t === '#') {
        version = Number(a);
        docs = Number(b);
        continue;
      }
      if (a) idfMap.set(t, Number(a));
      if (b) {
        neighbours.set(
          t,
          b.split('\u0002').map((p) => {
            const [x, w] = p.split('\u0001');
            return [x ?? '', Number(w)] as const;
          }),
        );
      }
    }
  }
  return { version, docs, idf: idfMap, neighbours };
}
