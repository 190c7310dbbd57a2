/**
 * Document-frequency snapshots: the per-community vocabulary with each term's document frequency
 * and the surface form the community writes it in, folded from the corpus log (model-store.ts).
 */
import { packParts, type StoredBatch } from './model-store';

/** A document-frequency snapshot. */
export interface DfSnapshot {
  readonly version: number;
  /** Messages accounted for. */
  readonly docs: number;
  readonly df: ReadonlyMap<string, number>;
  readonly forms: ReadonlyMap<string, string>;
}

/** The snapshot of a community with none stored yet. */
export const EMPTY_DF: DfSnapshot = { version: 0, docs: 0, df: new Map(), forms: new Map() };

/** Vocabulary kept in a snapshot; the rarest terms beyond it are dropped (they weigh like unseen ones). */
const MAX_TERMS = 150_000;

/** Folds corpus batches into a snapshot: adds document frequencies, refreshes surface forms. */
export function foldBatches(base: DfSnapshot, batches: readonly StoredBatch[], version: number): DfSnapshot {
  const df = new Map(base.df);
  const forms = new Map(base.forms);
  const formVotes = new Map<string, Map<string, number>>();
  let docs = base.docs;
  for (const b of batches) {
    for (const line of b.lines) {
      docs++;
      for (const t of new Set(line.split('|'))) if (t) df.set(t, (df.get(t) ?? 0) + 1);
    }
    for (const [t, f] of Object.entries(b.forms)) {
      const votes = formVotes.get(t) ?? new Map<string, number>();
      votes.set(f, (votes.get(f) ?? 0) + 1);
      formVotes.set(t, votes);
    }
  }
  // the form written most in this window wins; a term not seen in it keeps its form
  for (const [t, votes] of formVotes) {
    const best = [...votes].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0];
    if (best) forms.set(t, best[0]);
  }
  if (df.size > MAX_TERMS) {
    const keep = [...df].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_TERMS);
    df.clear();
    for (const [t, n] of keep) df.set(t, n);
    for (const t of [...forms.keys()]) if (!df.has(t)) forms.delete(t);
  }
  return { version, docs, df, forms };
}

/** Serialises a snapshot into parts small enough for table items. */
export function serializeDf(s: DfSnapshot): string[] {
  const lines = [`#\t${s.version}\t${s.docs}`];
  for (const [t, n] of [...s.df].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const f = s.forms.get(t);
    lines.push(f ? `${t}\t${n}\t${f}` : `${t}\t${n}`);
  }
  return packParts(lines);
}

/** Reads a snapshot back from its parts. */
export function parseDf(parts: readonly string[]): DfSnapshot {
  let version = 0;
  let docs = 0;
  const df = new Map<string, number>();
  const forms = new Map<string, string>();
  for (const part of parts) {
    for (const line of part.split('\n')) {
      const [t, a, b] = line.split('\t');
      if (!t) continue;
      if (t === '#') {
        version = Number(a);
        docs = Number(b);
        continue;
      }
      df.set(t, Number(a));
      if (b) forms.set(t, b);
    }
  }
  return { version, docs, df, forms };
}
