/**
 * The evidence the local classifiers weigh (classifier.ts): one sparse feature map per message,
 * built from its analysis. Most features mean the same in Hebrew and English (glossary senses and
 * their domains, lexicon cue categories, the rule classifiers' scores, structure), so what the
 * weights learn from a message in one language carries to the other; words and character trigrams
 * add what the lexicons do not know.
 */
import type { Analysis } from './analyze';
import { lexicon } from './analyze';
import { fnv1a } from './hash';

/** What the rule classifiers said (classify.ts), given to the weights as evidence. */
export interface RuleLabels {
  readonly urgency: string;
  readonly intent: string;
  readonly emotion: string;
  /** Sentiment score −1..1. */
  readonly sentiment: number;
  readonly toxicity: number;
  readonly actionItems: number;
  /** The rule urgency score before thresholds. */
  readonly urgencyScore: number;
}

/** Buckets for character trigrams (hashed: an unseen trigram costs nothing). */
const GRAM_BUCKETS = 4096;

const bucket = (x: number, edges: readonly number[]) => edges.filter((e) => x >= e).length;

/** The features of one analysed message (feature name → value). */
export function classifierFeatures(a: Analysis, rules: RuleLabels): Map<string, number> {
  const f = new Map<string, number>();
  const add = (k: string, v = 1) => f.set(k, (f.get(k) ?? 0) + v);
  const lex = lexicon();

  // the rules' answers (their urgency and intent labels were measured to hurt: their scores are kept)
  add(`re:${rules.emotion}`);
  add(`rs:${rules.sentiment > 0.1 ? 'pos' : rules.sentiment < -0.1 ? 'neg' : 'neu'}`);
  add('rs:score', rules.sentiment);
  add(`rus:${bucket(rules.urgencyScore, [0.5, 1.1, 2, 2.5, 3.4])}`);
  if (rules.toxicity >= 0.5) add('tox');
  if (rules.actionItems > 0) add('act', Math.min(rules.actionItems, 2));

  // lexicon matches, by kind and tag (cue categories mean the same in both languages)
  for (const m of a.matches) {
    const e = m.entry;
    switch (e.kind) {
      case 'sense': {
        const sense = lex.senses.get(e.tag);
        add(`s:${e.tag}`);
        if (sense) add(`d:${sense.domain}`);
        break;
      }
      case 'concept':
        add(`c:${e.tag}`);
        break;
      case 'cue':
        add(`q:${e.tag}`);
        break;
      case 'urgency':
        add(e.weight < 0 ? 'uc:calm' : e.weight >= 2.5 ? 'uc:strong' : e.weight >= 1.5 ? 'uc:mid' : 'uc:weak');
        break;
      case 'sentiment':
        add(e.weight > 0 ? 'sv:pos' : 'sv:neg', Math.abs(e.weight) / 2);
        break;
      case 'emotion':
      case 'intent':
        add(`${e.kind === 'emotion' ? 'ec' : 'ic'}:${e.tag}`, Math.min(e.weight, 3) / 1.5);
        break;
      case 'toxic':
        if (e.weight > 0) add('tx');
        break;
      case 'negator':
      case 'contrast':
      case 'action':
      case 'imperative':
      case 'date':
      case 'deadline':
      case 'qopen':
      case 'second':
        add(`k:${e.kind}`);
        break;
      default:
        break;
    }
  }

  // structure
  const c = a.counts;
  add(`len:${bucket(c.words, [3, 6, 12, 25, 45])}`);
  if (c.questions > 0) add('q');
  if (a.sentences.length > 0 && a.sentences[a.sentences.length - 1]!.question) add('q:last');
  if (a.sentences.length > 0 && a.sentences[0]!.question) add('q:first');
  add(`ex:${bucket(c.exclamations, [1, 2, 3])}`);
  if (c.capsWords >= 1) add('caps');
  for (const [k, v] of Object.entries({
    url: c.urls,
    phone: c.phones,
    email: c.emails,
    mention: c.mentions,
    date: c.dates,
    time: c.times,
    num: c.numbers,
    emoji: c.emoji,
  })) {
    if (v > 0) add(`has:${k}`);
  }
  if (c.words === 0 && c.emoji > 0) add('only:emoji');
  if (/[₪$€£]|ש"ח|\bshekels?\b|%/i.test(a.text)) add('money');

  // a few conjunctions a linear model cannot form by itself
  const cue = new Set((a.byKind.cue ?? []).map((m) => m.entry.tag));
  const asked = c.questions > 0;
  const has = (k: string) => cue.has(k);
  const domains = new Set(
    (a.byKind.sense ?? []).map((m) => lex.senses.get(m.entry.tag)?.domain ?? '').filter((d) => d !== ''),
  );
  const when = c.times + c.dates > 0 || domains.has('time') || domains.has('time, more');
  if (asked && has('ask_people')) add('x:ask_people?');
  if (asked && has('seek')) add('x:seek?');
  if (!asked && has('seek')) add('x:seek.');
  if (asked && has('ask_info')) add('x:ask_info?');
  if (when && domains.has('events and social life')) add('x:event+when');
  if (when && has('invite')) add('x:invite+when');
  if ((has('again') || has('unanswered')) && rules.sentiment < 0) add('x:again+neg');
  if ((has('again') || has('unanswered') || has('displeasure')) && asked) add('x:again?');
  if (has('offer') && !asked) add('x:offer.');
  if (has('news') && !asked) add('x:news.');

  // words and their character trigrams (word pairs were measured to overfit)
  const words = a.seq.filter((t) => t.kind === 'word' || t.kind === 'emoji');
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!;
    add(`w:${t.stem}`);
    if (i === 0) add(`w0:${t.stem}`);
    if (t.kind === 'word' && t.norm.length >= 3) {
      const padded = `#${t.norm}#`;
      for (let k = 0; k + 3 <= padded.length; k++) add(`g:${fnv1a(padded.slice(k, k + 3)) % GRAM_BUCKETS}`, 0.3);
    }
  }
  add('bias');
  return f;
}
