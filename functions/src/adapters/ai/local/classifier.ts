/**
 * The local classifiers' decision: the trained weights (linear.ts, lexicon/weights.ts) score every
 * label from the message's features; a few rules then hold whatever the weights say, because they
 * must hold for every message (docs/ai.md "Labelling rules"):
 *
 * - an emergency happening now (fire, smoke, gas, flooding, an injury, someone trapped or missing,
 *   a suspicious object, an outage in progress) is `high` urgency, in either language;
 * - "no rush" / "אין לחץ" keep a message `low`;
 * - a need for today, tonight or now ("tonight", "עכשיו", "הערב") is at least `medium`, and `high`
 *   when the message asks for something, announces a deadline or says "urgent" with a task;
 * - a message that only offers condolences is `support`; spam and chain-message cues with a sales
 *   pitch make `off_topic`;
 * - worry or looking forward said in the message's own emotion words is `fear` or `anticipation`;
 * - the sentiment score always has the sign of the chosen class (S2 §9 thresholds ±0.1).
 */
import type { Emotion, Intent, Urgency } from '@kehila/shared';
import type { Analysis, LexMatch } from './analyze';
import { lexicon } from './analyze';
import type { RuleLabels } from './features';
import { parseModels, probabilities, type LinearModel, type Task } from './linear';
import { CLASSIFIER_WEIGHTS } from './lexicon/weights';

/** Senses that are emergencies when they happen now. */
const EMERGENCY_SENSES: ReadonlySet<string> = new Set([
  'fire',
  'smoke',
  'gas_leak',
  'flood',
  'burst_pipe',
  'power_cut',
  'water_cut',
  'sparks',
  'suspicious_package',
  'suspicious_person',
  'break-in',
  'crash',
  'danger',
  'crash/n',
  'cut',
  'burn',
  'injury',
  'allergy',
]);
/** Pairs of senses that together are an emergency: someone stuck in a lift, a child or a pet missing, a smell of gas. */
const EMERGENCY_PAIRS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['stuck', ['elevator', 'car', 'lock', 'door']],
  ['missing', ['child', 'baby', 'toddler', 'dog', 'cat', 'pet', 'elderly']],
  ['smell', ['gas', 'smoke', 'burn']],
  ['smell/v', ['gas', 'smoke', 'burn']],
];
/** Emergencies that need no time word to be happening now: a gas leak, someone trapped (the pairs above). */
const EMERGENCY_BY_ITSELF: ReadonlySet<string> = new Set(['gas_leak']);

/** The labels the weights and rules decide. */
export interface Decision {
  readonly urgency: Urgency;
  readonly intent: Intent;
  /** −1..1, with the sign of the chosen sentiment class. */
  readonly sentiment: number;
  readonly emotion: Emotion;
}

let models: Record<Task, LinearModel> | undefined;

/** The trained weights (parsed on first use). */
export function classifierModels(): Record<Task, LinearModel> {
  models ??= parseModels(CLASSIFIER_WEIGHTS);
  return models;
}

function argmax(model: LinearModel, p: readonly number[]): string {
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  return model.classes[best]!;
}

function cues(a: Analysis): Set<string> {
  return new Set((a.byKind.cue ?? []).map((m: LexMatch) => m.entry.tag));
}

const RANK: Record<Urgency, number> = { low: 0, medium: 1, high: 2 };
const atLeast = (u: Urgency, floor: Urgency): Urgency => (RANK[u] >= RANK[floor] ? u : floor);

/** Things whose failure right now is an outage (the site, payments, the server, the power). */
const OUTAGE_SUBJECTS: ReadonlySet<string> = new Set([
  'website',
  'server',
  'app',
  'system',
  'production',
  'database',
  'checkout',
  'card_payments',
  'login',
  'internet',
  'email',
  'cloud',
  'electricity',
  'water',
  'heating',
  'hot_water',
  'elevator',
]);
/** States that say something does not work. */
const OUTAGE_STATES: ReadonlySet<string> = new Set(['broken_down', 'crash/n', 'break', 'bug']);

/** Whether the message reports an emergency or an outage happening now (not a drill, old news or a talk next week). */
export function isEmergencyNow(a: Analysis, c: ReadonlySet<string> = cues(a)): boolean {
  if (c.has('far') || c.has('days') || c.has('future_plan') || c.has('calm') || c.has('not_real')) return false;
  // past news ("there was a fire last week") is not an emergency unless it goes on now
  if (c.has('past') && !c.has('now') && !c.has('today') && !c.has('now_word')) return false;
  const present = new Set((a.byKind.sense ?? []).map((m) => m.entry.tag));
  const senses = [...present].filter((s) => EMERGENCY_SENSES.has(s));
  const pairs = EMERGENCY_PAIRS.filter(([s, others]) => present.has(s) && others.some((o) => present.has(o)));
  const outage = [...present].some((s) => OUTAGE_SUBJECTS.has(s)) && [...present].some((s) => OUTAGE_STATES.has(s));
  const pressing = c.has('now') || c.has('now_word') || c.has('today') || c.has('urgent') || c.has('worry');
  if (c.has('emergency')) return true;
  if (pairs.length > 0 || senses.some((x) => EMERGENCY_BY_ITSELF.has(x))) return true;
  if (senses.length + pairs.length >= 2) return true;
  if (senses.length + pairs.length === 1) return pressing || a.counts.exclamations > 0;
  return outage && (c.has('now') || c.has('urgent'));
}

/** The labels of a message from its features and analysis (deterministic). */
export function decide(
  a: Analysis,
  rules: RuleLabels,
  features: ReadonlyMap<string, number>,
  m: Record<Task, LinearModel> = classifierModels(),
): Decision {
  const c = cues(a);
  const pu = probabilities(m.urgency, features);
  const pi = probabilities(m.intent, features);
  const ps = probabilities(m.sentiment, features);
  const pe = probabilities(m.emotion, features);
  let urgency = argmax(m.urgency, pu) as Urgency;
  let intent = argmax(m.intent, pi) as Intent;
  const sentimentClass = argmax(m.sentiment, ps);
  let emotion = argmax(m.emotion, pe) as Emotion;

  const spam = c.has('ad') || c.has('chain') || intent === 'off_topic';
  const today = (c.has('today') || c.has('now')) && !c.has('past') && !spam;
  if (isEmergencyNow(a, c)) urgency = 'high';
  else if (c.has('calm')) urgency = 'low';
  else if (today && c.has('urgent') && rules.actionItems > 0) urgency = 'high';
  else if (today) {
    // a need for today or right now: asking for it or a deadline is high, anything else at least medium
    const asks = intent === 'request' || (a.byKind.deadline ?? []).length > 0;
    urgency = atLeast(urgency, asks ? 'high' : 'medium');
  }

  if (c.has('sympathy') && !c.has('ad') && intent === 'social' && rules.sentiment <= 0.1) intent = 'support';
  // a sales pitch (two ad cues and a price, a link or a phone number) or a chain message is off topic
  const adCues = (a.byKind.cue ?? []).filter((x) => x.entry.tag === 'ad').length;
  const pitch = /[₪$€£%]|ש"ח/.test(a.text) || a.counts.urls > 0 || a.counts.phones > 0;
  if ((c.has('chain') || (adCues >= 2 && pitch)) && pi[m.intent.classes.indexOf('off_topic')]! > 0.2)
    intent = 'off_topic';

  // worry or looking forward said in so many words ("worried… scared", "can't wait") is that feeling
  const said = spokenEmotion(a);
  if (said) emotion = said;

  const pPos = ps[m.sentiment.classes.indexOf('positive')]!;
  const pNeg = ps[m.sentiment.classes.indexOf('negative')]!;
  const s = pPos - pNeg;
  let sentiment: number;
  if (sentimentClass === 'positive') sentiment = Math.max(s, rules.sentiment, 0.12);
  else if (sentimentClass === 'negative') sentiment = Math.min(s, rules.sentiment, -0.12);
  else sentiment = Math.max(-0.09, Math.min(0.09, s * 0.1));
  return { urgency, intent, sentiment: Math.round(sentiment * 1000) / 1000, emotion };
}

/** Feelings whose words alone decide the emotion when they clearly dominate. */
const SPOKEN_EMOTIONS: ReadonlySet<string> = new Set(['fear', 'anticipation']);
/** Weight of emotion words (lexicon/affect.ts) a feeling needs to hold whatever the weights say. */
const SPOKEN_MIN = 2;

/** Fear or anticipation when the message's own emotion words say so, twice as strongly as any other feeling. */
export function spokenEmotion(a: Analysis): Emotion | null {
  const sums = new Map<string, number>();
  for (const x of a.byKind.emotion ?? []) sums.set(x.entry.tag, (sums.get(x.entry.tag) ?? 0) + x.entry.weight);
  const ranked = [...sums].sort((p, q) => q[1] - p[1]);
  const [top, second] = ranked;
  if (!top || !SPOKEN_EMOTIONS.has(top[0]) || top[1] < SPOKEN_MIN) return null;
  return !second || top[1] >= 2 * second[1] ? (top[0] as Emotion) : null;
}

/** Senses the rules read, checked against the glossary once (a renamed sense must not silently disable a rule). */
export function checkRuleSenses(): string[] {
  const lex = lexicon();
  const used = [
    ...EMERGENCY_SENSES,
    ...EMERGENCY_PAIRS.flatMap(([s, others]) => [s, ...others]),
    ...OUTAGE_SUBJECTS,
    ...OUTAGE_STATES,
  ];
  return used.filter((s) => !lex.senses.has(s));
}
