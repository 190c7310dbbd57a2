/**
 * Trains the keyword model of the local provider (functions/src/adapters/ai/local/keyword-model.ts)
 * and writes functions/src/adapters/ai/local/lexicon/keyword-weights.ts. Run:
 * `npx tsx scripts/train-keywords.ts` (`--cv` only prints cross-validated figures; nothing is written).
 *
 * Training data: the keywords picked by hand on the dev split of the evaluation set — never the test
 * split, which `npm run bench:ai` only measures. Each candidate of a message (keywords.ts) is an
 * example, positive when it names one of the message's hand-picked keywords. Binary logistic
 * regression with L2, full-batch AdaGrad from zero (the same data give the same weights). The
 * threshold that decides how many candidates are shown is chosen on 5-fold cross-validated dev
 * predictions: the one with the best recall whose precision reaches MIN_PRECISION (issue 17 asks
 * for 0.7; the margin is for messages unlike the dev split).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyze } from '@kehila/functions/adapters/ai/local/analyze';
import { fnv1a } from '@kehila/functions/adapters/ai/local/hash';
import { candidateFeatures } from '@kehila/functions/adapters/ai/local/keyword-model';
import {
  idf,
  keywordCandidates,
  messageTerms,
  type KeywordCandidate,
} from '@kehila/functions/adapters/ai/local/keywords';
import { keywordStems, loadEvalSet, loadTrainingSet, sameKeyword } from '../tests/fixtures/ai/eval/load';

const L2 = 0.002;
const EPOCHS = 400;
const RATE = 0.3;
const MIN_COUNT = 2;
const FOLDS = 5;
const LIMIT = 3;
const MIN_PRECISION = 0.72;

interface Example {
  readonly message: number;
  readonly fold: number;
  readonly features: Map<string, number>;
  /** Which of the message's hand-picked keywords the candidate names. */
  readonly matches: readonly number[];
  readonly first: number;
}

const evalSet = loadEvalSet();
const dev = evalSet.filter((m) => m.split === 'dev');
const labelled = dev.filter((m) => m.keywords);

// document frequencies over the texts training may read: the dev split and train.txt
const corpus = [...dev.map((m) => m.text), ...loadTrainingSet().map((m) => m.text)];
const df = new Map<string, number>();
for (const text of corpus) for (const t of messageTerms(analyze(text))) df.set(t.term, (df.get(t.term) ?? 0) + 1);
const docs = corpus.length;
const rarityOf = (c: KeywordCandidate) => {
  const n = c.parts ? Math.min(...c.parts.map((p) => df.get(p) ?? 0)) : (df.get(c.term) ?? 0);
  return (idf(Math.max(n, 1), docs) - 1) / Math.log(docs + 1);
};

const examples: Example[] = [];
const goldCount: number[] = [];
labelled.forEach((m, message) => {
  const gold = m.keywords!.map(keywordStems);
  goldCount.push(gold.length);
  const cands = keywordCandidates(analyze(m.text));
  const rarity = cands.map(rarityOf);
  const maxRarity = Math.max(0, ...rarity);
  cands.forEach((c, i) => {
    const stems = keywordStems(c.display);
    examples.push({
      message,
      fold: fnv1a(m.text) % FOLDS,
      features: candidateFeatures(c, { rarity: rarity[i]!, maxRarity, candidates: cands.length, words: c.words }),
      matches: gold.flatMap((g, k) => (sameKeyword(stems, g) ? [k] : [])),
      first: c.first,
    });
  });
});

/** Fits the weights on some examples. */
function fit(data: readonly Example[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const e of data) for (const k of e.features.keys()) count.set(k, (count.get(k) ?? 0) + 1);
  const vocab = [...count]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([k]) => k)
    .sort();
  const id = new Map(vocab.map((k, i) => [k, i]));
  const rows = data.map((e) => ({
    x: [...e.features].flatMap(([k, v]) => (id.has(k) ? [[id.get(k)!, v] as const] : [])),
    y: e.matches.length > 0 ? 1 : 0,
  }));
  const w = new Float64Array(vocab.length);
  const g2 = new Float64Array(vocab.length).fill(1e-8);
  const grad = new Float64Array(vocab.length);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    grad.fill(0);
    for (const r of rows) {
      let z = 0;
      for (const [j, v] of r.x) z += w[j]! * v;
      const d = (1 / (1 + Math.exp(-z)) - r.y) / rows.length;
      for (const [j, v] of r.x) grad[j]! += d * v;
    }
    for (let i = 0; i < w.length; i++) {
      const g = grad[i]! + L2 * w[i]!;
      g2[i]! += g * g;
      w[i]! -= (RATE * g) / Math.sqrt(g2[i]!);
    }
  }
  const out = new Map<string, number>();
  // stored at 0.001 precision, so the cross-validation scores what is shipped
  vocab.forEach((k, j) => {
    const q = Math.round(w[j]! * 1000) / 1000;
    if (q !== 0) out.set(k, q);
  });
  return out;
}

function probability(w: ReadonlyMap<string, number>, f: ReadonlyMap<string, number>): number {
  let z = 0;
  for (const [k, v] of f) z += (w.get(k) ?? 0) * v;
  return 1 / (1 + Math.exp(-z));
}

/** Precision and recall of the pick rule (the most likely always, then those ≥ threshold, at most LIMIT). */
function evaluate(p: readonly number[], threshold: number): { precision: number; recall: number; perMessage: number } {
  const byMessage = new Map<number, number[]>();
  examples.forEach((e, i) => byMessage.set(e.message, [...(byMessage.get(e.message) ?? []), i]));
  let picked = 0;
  let correct = 0;
  let found = 0;
  let gold = 0;
  labelled.forEach((_, message) => {
    gold += goldCount[message]!;
    const idx = (byMessage.get(message) ?? []).sort((a, b) => p[b]! - p[a]! || examples[a]!.first - examples[b]!.first);
    const hit = new Set<number>();
    for (const i of idx) {
      const n = idx.indexOf(i);
      if (n >= LIMIT || (n >= 1 && p[i]! < threshold)) break;
      picked++;
      if (examples[i]!.matches.length > 0) correct++;
      for (const k of examples[i]!.matches) hit.add(k);
    }
    found += hit.size;
  });
  return { precision: correct / picked, recall: found / gold, perMessage: picked / labelled.length };
}

const oof = new Array<number>(examples.length).fill(0);
for (let fold = 0; fold < FOLDS; fold++) {
  const w = fit(examples.filter((e) => e.fold !== fold));
  examples.forEach((e, i) => {
    if (e.fold === fold) oof[i] = probability(w, e.features);
  });
}
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `${labelled.length} dev messages with keywords, ${examples.length} candidates (${examples.filter((e) => e.matches.length).length} picked by hand)`,
);
console.log('5-fold cross-validated dev figures by threshold:');
let best = { threshold: 0.8, recall: -1 };
for (let t = 0.2; t <= 0.8001; t += 0.05) {
  const r = evaluate(oof, t);
  console.log(
    `  threshold ${t.toFixed(2)}: precision ${pct(r.precision)}, recall ${pct(r.recall)}, ${r.perMessage.toFixed(2)} a message`,
  );
  if (r.precision >= MIN_PRECISION && r.recall > best.recall)
    best = { threshold: Math.round(t * 100) / 100, recall: r.recall };
}
console.log(`chosen threshold ${best.threshold}`);

if (!process.argv.includes('--cv')) {
  const w = fit(examples);
  const r = evaluate(
    examples.map((e) => probability(w, e.features)),
    best.threshold,
  );
  console.log(`in-sample dev: precision ${pct(r.precision)}, recall ${pct(r.recall)}`);
  const lines = [
    `@threshold\t${best.threshold}`,
    ...[...w].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => `${k}\t${v}`),
  ];
  const text = lines.join('\n');
  const target = fileURLToPath(
    new URL('../functions/src/adapters/ai/local/lexicon/keyword-weights.ts', import.meta.url),
  );
  writeFileSync(
    target,
    `/**\n * Weights of the keyword model (keyword-model.ts), generated by scripts/train-keywords.ts from the keywords\n * picked by hand on the dev split of the evaluation set (tests/fixtures/ai/eval). Do not edit: run the script.\n */\nexport const KEYWORD_WEIGHTS = ${JSON.stringify(text)};\n`,
  );
  console.log(`wrote ${target} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB, ${w.size} weights)`);
}
