/**
 * Trains the weights of the local classifiers (functions/src/adapters/ai/local/linear.ts) and
 * writes them to functions/src/adapters/ai/local/lexicon/weights.ts. Run: `npx tsx scripts/train-ai.ts`
 * (`--cv` only prints cross-validated figures; nothing is written).
 *
 * Training data: the dev split of the evaluation set and tests/fixtures/ai/eval/train.txt — never
 * the test split, which `npm run bench:ai` only measures. Multinomial logistic regression with L2
 * regularisation and class-balanced weights, fitted by full-batch AdaGrad from zero: the same data
 * give the same weights on every machine.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMOTIONS, INTENTS, URGENCY_LEVELS } from '@kehila/shared';
import type { Analysis } from '@kehila/functions/adapters/ai/local/analyze';
import { decide } from '@kehila/functions/adapters/ai/local/classifier';
import { evidence } from '@kehila/functions/adapters/ai/local/enrich';
import type { RuleLabels } from '@kehila/functions/adapters/ai/local/features';
import { fnv1a } from '@kehila/functions/adapters/ai/local/hash';
import { serializeModels, TASKS, type LinearModel, type Task } from '@kehila/functions/adapters/ai/local/linear';
import { loadEvalSet, loadTrainingSet } from '../tests/fixtures/ai/eval/load';

const CLASSES: Record<Task, readonly string[]> = {
  urgency: URGENCY_LEVELS,
  intent: INTENTS,
  sentiment: ['positive', 'neutral', 'negative'],
  emotion: EMOTIONS,
};
/** Regularisation, passes and step size (chosen by cross-validation on the training data). */
const L2 = Number(process.env.TRAIN_L2 ?? 0.005);
const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 300);
const RATE = Number(process.env.TRAIN_RATE ?? 0.3);
/** Rows whose weights are all smaller than this are dropped (they change no decision). */
const PRUNE = Number(process.env.TRAIN_PRUNE ?? 0.05);
/** A feature must appear in this many training messages to get weights. */
const MIN_COUNT = Number(process.env.TRAIN_MIN_COUNT ?? 2);
const FOLDS = 5;
/** `--cv` only: the tasks to cross-validate (comma-separated, e.g. `TRAIN_ONLY=sentiment`), all by default. */
const ONLY = (process.env.TRAIN_ONLY ?? '').split(',').filter((t): t is Task => (TASKS as readonly string[]).includes(t));
const CV_TASKS: readonly Task[] = ONLY.length > 0 ? ONLY : TASKS;

interface Example {
  readonly text: string;
  /** From the dev split (the cross-validated figures are read on these). */
  readonly dev: boolean;
  readonly lang: 'he' | 'en';
  readonly analysis: Analysis;
  readonly rules: RuleLabels;
  readonly features: Map<string, number>;
  readonly labels: Record<Task, string>;
}

function examples(): Example[] {
  const dev = loadEvalSet().filter((m) => m.split === 'dev');
  const extra = loadTrainingSet();
  return [...dev.map((m) => ({ ...m, dev: true })), ...extra.map((m) => ({ ...m, dev: false }))].map((m) => ({
    text: m.text,
    dev: m.dev,
    lang: m.lang,
    ...evidence(m.text),
    labels: { urgency: m.urgency, intent: m.intent, sentiment: m.sentiment, emotion: m.emotion },
  }));
}

/** Fits one task's weights. */
function fit(task: Task, data: readonly Example[]): LinearModel {
  const classes = CLASSES[task];
  const k = classes.length;
  const df = new Map<string, number>();
  for (const e of data) for (const key of e.features.keys()) df.set(key, (df.get(key) ?? 0) + 1);
  const vocab = [...df].filter(([, n]) => n >= MIN_COUNT).map(([key]) => key).sort();
  const id = new Map(vocab.map((key, i) => [key, i]));
  const rows = data.map((e) => ({
    x: [...e.features].flatMap(([key, v]) => (id.has(key) ? [[id.get(key)!, v] as const] : [])),
    y: classes.indexOf(e.labels[task]),
  }));
  // class-balanced: every class weighs as much in total, so macro-F1 is what is optimised
  const counts = classes.map((_, c) => rows.filter((r) => r.y === c).length);
  const present = counts.filter((n) => n > 0).length;
  const weightOf = (c: number) => (counts[c] ? rows.length / (present * counts[c]!) : 0);
  const w = new Float64Array(vocab.length * k);
  const g2 = new Float64Array(vocab.length * k).fill(1e-8);
  const grad = new Float64Array(vocab.length * k);
  const logits = new Float64Array(k);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    grad.fill(0);
    for (const r of rows) {
      if (r.y < 0) continue;
      logits.fill(0);
      for (const [j, v] of r.x) for (let c = 0; c < k; c++) logits[c]! += w[j * k + c]! * v;
      let max = -Infinity;
      for (const l of logits) max = Math.max(max, l);
      let sum = 0;
      for (let c = 0; c < k; c++) sum += (logits[c] = Math.exp(logits[c]! - max));
      const sw = weightOf(r.y) / rows.length;
      for (let c = 0; c < k; c++) {
        const d = (logits[c]! / sum - (c === r.y ? 1 : 0)) * sw;
        if (d === 0) continue;
        for (const [j, v] of r.x) grad[j * k + c]! += d * v;
      }
    }
    for (let i = 0; i < w.length; i++) {
      const g = grad[i]! + L2 * w[i]!;
      g2[i]! += g * g;
      w[i]! -= (RATE * g) / Math.sqrt(g2[i]!);
    }
  }
  const out = new Map<string, Float64Array>();
  vocab.forEach((key, j) => {
    const row = w.slice(j * k, j * k + k);
    // stored at 0.01 precision (linear.ts), so the cross-validation scores what is shipped
    const q = row.map((x) => Math.round(x * 100) / 100);
    if (q.some((x) => Math.abs(x) >= PRUNE)) out.set(key, q);
  });
  return { classes, rows: out };
}

function perClass(gold: readonly string[], pred: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of [...new Set(gold)].sort()) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      if (pred[i] === l && g === l) tp++;
      else if (pred[i] === l) fp++;
      else if (g === l) fn++;
    });
    out.set(l, tp ? (2 * tp) / (2 * tp + fp + fn) : 0);
  }
  return out;
}

function macroF1(gold: readonly string[], pred: readonly string[]): number {
  const labels = [...new Set(gold)];
  let sum = 0;
  for (const l of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      if (pred[i] === l && g === l) tp++;
      else if (pred[i] === l) fp++;
      else if (g === l) fn++;
    });
    sum += tp ? (2 * tp) / (2 * tp + fp + fn) : 0;
  }
  return sum / labels.length;
}

const data = examples();
console.log(`training messages: ${data.length} (dev split and train.txt; the test split is never read)`);
const fold = (e: Example) => fnv1a(`fold:${e.text}`) % FOLDS;
const oof = new Map<Task, string[]>(TASKS.map((t) => [t, new Array<string>(data.length)]));
for (let f = 0; f < FOLDS; f++) {
  const train = data.filter((e) => fold(e) !== f);
  const models = Object.fromEntries(
    TASKS.map((t) => [t, CV_TASKS.includes(t) ? fit(t, train) : { classes: CLASSES[t], rows: new Map() }]),
  ) as Record<Task, LinearModel>;
  data.forEach((e, i) => {
    if (fold(e) !== f) return;
    // the same decision as labelling: the weights, then the rules (classifier.ts)
    const d = decide(e.analysis, e.rules, e.features, models);
    const sign = d.sentiment > 0.1 ? 'positive' : d.sentiment < -0.1 ? 'negative' : 'neutral';
    const labels: Record<Task, string> = { urgency: d.urgency, intent: d.intent, sentiment: sign, emotion: d.emotion };
    for (const task of TASKS) oof.get(task)![i] = labels[task];
  });
}
console.log(`${FOLDS}-fold cross-validation, read on the dev messages (out of fold):`);
for (const task of CV_TASKS) {
  const cells = (['he', 'en'] as const).map((lang) => {
    const idx = data.map((e, i) => (e.lang === lang && e.dev ? i : -1)).filter((i) => i >= 0);
    const gold = idx.map((i) => data[i]!.labels[task]);
    const pred = idx.map((i) => oof.get(task)![i]!);
    const classes = [...perClass(gold, pred)].map(([c, f]) => `${c} ${f.toFixed(2)}`).join(' ');
    return `${lang} ${macroF1(gold, pred).toFixed(3)} (${classes})`;
  });
  console.log(`  ${task.padEnd(9)} ${cells.join('\n            ')}`);
}

const showErrors = process.env.TRAIN_ERRORS as Task | undefined;
if (showErrors) {
  data.forEach((e, i) => {
    const p = oof.get(showErrors)![i]!;
    if (e.dev && p !== e.labels[showErrors]) console.log(`  ${e.labels[showErrors]} → ${p} :: ${e.text}`);
  });
}

if (!process.argv.includes('--cv')) {
  const models = Object.fromEntries(TASKS.map((t) => [t, fit(t, data)])) as Record<Task, LinearModel>;
  const text = serializeModels(models);
  const target = fileURLToPath(new URL('../functions/src/adapters/ai/local/lexicon/weights.ts', import.meta.url));
  writeFileSync(
    target,
    `/**\n * Weights of the local classifiers, generated by scripts/train-ai.ts from the dev split of the evaluation\n * set and train.txt (tests/fixtures/ai/eval). Do not edit: run the script. Format: linear.ts.\n */\nexport const CLASSIFIER_WEIGHTS = ${JSON.stringify(text)};\n`,
  );
  const rows = TASKS.map((t) => `${t} ${models[t].rows.size}`).join(', ');
  console.log(`wrote ${target} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB; feature rows: ${rows})`);
}
