/**
 * Multinomial logistic regression over sparse features: the weights the training script
 * (scripts/train-ai.ts) learns for urgency, intent, sentiment sign and emotion, and how a message is
 * scored with them. Deterministic, no I/O: the weights are a text table compiled into the bundle.
 */

/** The four labels the weights decide. */
export const TASKS = ['urgency', 'intent', 'sentiment', 'emotion'] as const;
export type Task = (typeof TASKS)[number];

/** One task's weights: a row of class weights per feature. */
export interface LinearModel {
  readonly classes: readonly string[];
  readonly rows: ReadonlyMap<string, Float64Array>;
}

/** Class probabilities of a feature map (softmax of the summed weights). */
export function probabilities(model: LinearModel, features: ReadonlyMap<string, number>): number[] {
  const logits = new Float64Array(model.classes.length);
  for (const [k, v] of features) {
    const row = model.rows.get(k);
    if (!row) continue;
    for (let c = 0; c < logits.length; c++) logits[c]! += row[c]! * v;
  }
  let max = -Infinity;
  for (const x of logits) max = Math.max(max, x);
  let sum = 0;
  const out = Array.from(logits, (x) => {
    const e = Math.exp(x - max);
    sum += e;
    return e;
  });
  return out.map((x) => x / sum);
}

/** Serialises models: a `@task class,class` line, then `feature\tw w w` rows (weights × 100, rounded). */
export function serializeModels(models: Readonly<Record<Task, LinearModel>>): string {
  const lines: string[] = [];
  for (const task of TASKS) {
    const m = models[task];
    lines.push(`@${task}\t${m.classes.join(',')}`);
    for (const [k, row] of [...m.rows].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
      lines.push(`${k}\t${Array.from(row, (w) => Math.round(w * 100)).join(' ')}`);
    }
  }
  return lines.join('\n');
}

/** Reads models back from `serializeModels` text. */
export function parseModels(text: string): Record<Task, LinearModel> {
  const out: Partial<Record<Task, { classes: string[]; rows: Map<string, Float64Array> }>> = {};
  let current: { classes: string[]; rows: Map<string, Float64Array> } | undefined;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const key = line.slice(0, tab);
    const rest = line.slice(tab + 1);
    if (key.startsWith('@')) {
      current = { classes: rest.split(','), rows: new Map() };
      out[key.slice(1) as Task] = current;
      continue;
    }
    if (!current) throw new Error('classifier weights: a row before any task');
    current.rows.set(key, Float64Array.from(rest.split(' '), (x) => Number(x) / 100));
  }
  for (const task of TASKS) if (!out[task]) throw new Error(`classifier weights: no ${task} model`);
  return out as Record<Task, LinearModel>;
}
