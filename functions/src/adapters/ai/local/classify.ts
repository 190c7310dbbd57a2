/**
 * Rule-based classifiers over an `Analysis`: sentiment (negation, intensifiers, contrast, emoji),
 * emotion, intent, urgency, toxicity, topic and action items. Each is a weighted sum of lexicon and
 * structural evidence; thresholds were tuned on the labelled sample (see docs/ai.md).
 */
import { EMOTIONS, INTENTS, type Emotion, type Intent, type Urgency } from '@kehila/shared';
import type { Analysis, LexKind, LexMatch } from './analyze';
import { lexicon } from './analyze';
import { DUAL_INTENSIFIERS } from './lexicon/affect';
import { TOPICS, type TopicKey, type TopicLabel } from '../topics';

const HEBREW_PLURAL_IMPERATIVE = /^ת[\u05D0-\u05EA]{2,}ו$/;

function matchesOf(a: Analysis, kind: LexKind): readonly LexMatch[] {
  return a.byKind[kind] ?? [];
}

function hasConcept(a: Analysis, id: string): boolean {
  return a.concepts.has(id);
}

function conceptCount(a: Analysis, ids: readonly string[]): number {
  let n = 0;
  for (const id of ids) if (a.concepts.has(id)) n++;
  return n;
}

/**
 * A negator among the three words before `start` in the same clause: no comma, contrast word or
 * other sentiment word between them ("לא טוב, מאוכזבת": the negation stops at the comma).
 */
export function isNegated(a: Analysis, m: { start: number; sentence: number }): boolean {
  const negs = matchesOf(a, 'negator');
  const contrasts = matchesOf(a, 'contrast');
  const sentiments = matchesOf(a, 'sentiment');
  return negs.some((n) => {
    if (n.sentence !== m.sentence || n.end > m.start || m.start - n.end > 2) return false;
    if (contrasts.some((c) => c.start >= n.end && c.end <= m.start)) return false;
    if (sentiments.some((s) => s.start >= n.end && s.end <= m.start)) return false;
    const from = a.seq[n.end - 1]!.end;
    const to = a.seq[m.start]!.start;
    return !/[,;:]/.test(a.text.slice(from, to));
  });
}

function modifierBefore(a: Analysis, kind: 'intensifier' | 'diminisher', m: LexMatch): number {
  let factor = 1;
  for (const x of matchesOf(a, kind)) {
    if (x.sentence === m.sentence && x.end <= m.start && m.start - x.end <= 1) factor *= x.entry.weight;
  }
  return factor;
}

/** Concepts whose positive words describe what is wanted, not how the writer feels ("a good accountant?"). */
const WANTED = [
  'recommend',
  'seek',
  'supplier',
  'professional',
  'tradesman',
  'accountant',
  'lawyer',
  'tutor',
  'health',
];

/**
 * Sentiment in -1..1 (VADER-style normalisation of the summed valences, with a small dead zone so
 * one mild word does not colour a neutral message). Positive words inside a question or a search
 * ("looking for a good…") describe what is wanted and count little; toxicity counts as negative.
 */
export function scoreSentiment(a: Analysis, toxicity = 0): number {
  const sentimentMatches = matchesOf(a, 'sentiment');
  const contrasts = matchesOf(a, 'contrast');
  const questionSentences = new Set(a.sentences.filter((x) => x.question).map((x) => x.index));
  const wanting = conceptCount(a, WANTED) > 0;
  let sum = 0;
  for (const m of sentimentMatches) {
    // "נורא יפה": a dual word followed by another sentiment word intensifies it instead
    if (
      DUAL_INTENSIFIERS.has(m.entry.phrase) &&
      sentimentMatches.some((o) => o.start === m.end && o.sentence === m.sentence)
    )
      continue;
    let v = m.entry.weight;
    v *= modifierBefore(a, 'intensifier', m);
    v *= modifierBefore(a, 'diminisher', m);
    const prev = sentimentMatches.find((o) => o.end === m.start && o.sentence === m.sentence);
    if (prev && DUAL_INTENSIFIERS.has(prev.entry.phrase)) v *= 1.35;
    if (isNegated(a, m)) v *= -0.74;
    else if (v > 0 && (questionSentences.has(m.sentence) || (wanting && m.entry.phrase !== 'highly recommend'))) {
      v *= questionSentences.has(m.sentence) ? 0.2 : 0.5;
    }
    // what follows "but" counts more than what precedes it
    if (contrasts.some((c) => c.end <= m.start)) v *= 1.4;
    else if (contrasts.some((c) => c.start >= m.end && c.sentence === m.sentence)) v *= 0.6;
    sum += v;
  }
  if (toxicity >= 0.3) sum -= 3 * toxicity;
  if (sum !== 0) sum += Math.sign(sum) * Math.min(a.counts.exclamations, 4) * 0.2;
  sum = Math.sign(sum) * Math.max(0, Math.abs(sum) - 0.6);
  const score = sum / Math.sqrt(sum * sum + 8);
  return Math.round(score * 1000) / 1000;
}

/** Emotion (S2 §9): the strongest cue set, neutral below the threshold. */
export function classifyEmotion(a: Analysis, sentiment: number, intent: Intent, toxicity = 0): Emotion {
  const scores = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
  for (const m of matchesOf(a, 'emotion')) {
    const e = m.entry.tag as Emotion;
    let w = m.entry.weight * modifierBefore(a, 'intensifier', m);
    if (isNegated(a, m)) {
      // "not happy with", "לא סומך": a negated positive feeling reads as displeasure
      if (e === 'joy' || e === 'trust') scores.anger += w * 0.5;
      continue;
    }
    if (e === 'trust' && a.counts.questions > 0) w *= 0.3;
    scores[e] += w;
  }
  if (intent === 'complaint') scores.anger += 0.8;
  if (intent === 'event') scores.anticipation += 0.6;
  if (intent === 'support' && hasConcept(a, 'recommend')) scores.trust += 0.6;
  if (hasConcept(a, 'thanks') || hasConcept(a, 'celebrate')) scores.joy += 0.7;
  // without a feeling word, a clearly positive message reads as joy
  if (sentiment >= 0.4 && a.counts.questions === 0) scores.joy += sentiment;
  if (sentiment >= 0.5 && a.counts.exclamations > 0) scores.joy += 0.3;
  // an urgent call for help that sounds bad is worry
  if (
    sentiment < -0.2 &&
    (intent === 'request' || intent === 'question') &&
    matchesOf(a, 'urgency').some((m) => m.entry.weight >= 2.5)
  ) {
    scores.fear += 1;
  }
  if (toxicity >= 0.5) {
    scores.joy = 0;
    scores.anger += 1.2;
  }
  let best: Emotion = 'neutral';
  let bestScore = 0.99;
  for (const e of EMOTIONS) {
    if (e === 'neutral') continue;
    if (scores[e] > bestScore) {
      best = e;
      bestScore = scores[e];
    }
  }
  return best;
}

function firstWord(a: Analysis, sentenceStart: number): string | undefined {
  for (let i = sentenceStart; i < a.seq.length; i++) {
    const t = a.seq[i]!;
    if (t.kind === 'mention') continue;
    if (t.kind === 'word') return t.stem;
    return undefined;
  }
  return undefined;
}

function startsWithKind(a: Analysis, kind: LexKind, sentenceStart: number, within = 1): boolean {
  return matchesOf(a, kind).some((m) => m.start >= sentenceStart && m.start < sentenceStart + within);
}

/** Concepts of things people ask the group for (a provider, a place, an item, a contact). */
const ASKABLE = [
  'recommend',
  'supplier',
  'professional',
  'tradesman',
  'accountant',
  'lawyer',
  'movers',
  'cleaner',
  'catering',
  'photographer',
  'health',
  'insurance',
  'tutor',
  'car',
  'realestate',
  'seek',
  'networking',
  'designer',
  'marketing',
  'trade',
];
const ASKERS = new Set(['anyone', 'someone', 'anybodi', 'somebodi', 'mishehu', 'מישהו', 'מישהי', 'מישהם']);
const PAST_MARKERS = new Set([
  'yesterdai',
  'yesterday',
  'last',
  'was',
  'were',
  'אתמול',
  'היה',
  'הייתה',
  'היו',
  'הגיעו',
  'showed',
]);
const FUTURE_EVENT_CUES = new Set([
  'tomorrow',
  'tonight',
  'next',
  'upcom',
  'upcoming',
  'מחר',
  'הערב',
  'הקרוב',
  'הבא',
  'הבאה',
  'בקרוב',
]);

/** Intent (S2 §9): question, request, announcement, event, complaint, support, social or off_topic. */
export function classifyIntent(a: Analysis, sentiment: number, toxicity = 0, actionItems = 0): Intent {
  const { best } = scoreIntents(a, sentiment, toxicity, actionItems);
  return best;
}

/** The evidence for each intent and the winner (exported for tests and tuning). */
export function scoreIntents(
  a: Analysis,
  sentiment: number,
  toxicity = 0,
  actionItems = 0,
): { scores: Record<Intent, number>; best: Intent } {
  const s = Object.fromEntries(INTENTS.map((i) => [i, 0])) as Record<Intent, number>;
  for (const m of matchesOf(a, 'intent')) {
    if (isNegated(a, m)) continue;
    s[m.entry.tag as Intent] += m.entry.weight;
  }
  const words = a.counts.words;
  const questionSentences = a.sentences.filter((x) => x.question);
  const asked = questionSentences.length > 0;
  for (const q of questionSentences) {
    s.question += 1.6;
    if (startsWithKind(a, 'qopen', q.start)) s.question += 0.5;
  }
  if (!asked) {
    // Hebrew writers often drop the question mark: "מישהו יודע איך..."
    for (const x of a.sentences) {
      if (a.seq[x.start]?.script === 'he' && startsWithKind(a, 'qopen', x.start) && x.end - x.start >= 3)
        s.question += 0.5;
    }
  }
  const recommend = hasConcept(a, 'recommend');
  const seek = hasConcept(a, 'seek');
  const hire = hasConcept(a, 'hire');
  const askable = conceptCount(a, ASKABLE) > 0;
  const asker = a.seq.some((t) => ASKERS.has(t.stem) || ASKERS.has(t.norm));
  // "Does anyone know a good plumber?" asks for a provider: a request phrased as a question
  if (asked && askable && (asker || recommend || seek)) s.request += 4;
  else if (asked && asker && s.request > 0) s.request += 1;
  if (recommend && seek) s.request += 1;
  if (seek && !hire) s.request += 0.9;
  if (hire && !asked) s.announcement += 1.6;
  if (actionItems > 0 && !hire) s.request += 1.2 * Math.min(actionItems, 2);
  if (hasConcept(a, 'announce')) s.announcement += 0.6;
  s.announcement += Math.min(a.counts.urls, 2) * 0.4;
  if (words >= 25 && !asked) s.announcement += 0.5;

  const eventConcepts = conceptCount(a, ['event', 'rsvp']);
  const dated = a.counts.dates + a.counts.times + matchesOf(a, 'date').length;
  const future = a.seq.some((t) => FUTURE_EVENT_CUES.has(t.stem)) || a.counts.times > 0 || a.counts.dates > 0;
  const past = a.seq.some((t) => PAST_MARKERS.has(t.stem) || PAST_MARKERS.has(t.norm));
  if (eventConcepts > 0) {
    // an event message says when or how to come; one that only mentions an event is something else
    const concrete = a.counts.times + a.counts.dates + a.counts.urls > 0 || hasConcept(a, 'rsvp');
    if (concrete && !past) s.event += 1 + 0.6 * Math.min(eventConcepts, 2);
    else if (dated > 0 && !past) s.event += 0.5;
    else s.event += 0.2;
    if (future && !past) s.event += 0.3;
    if (asked) s.event -= 0.8;
  }

  // displeasure makes a complaint; worry alone ("lost dog", "scared") does not
  const displeased = matchesOf(a, 'emotion').filter((m) => m.entry.tag === 'anger' || m.entry.tag === 'disgust').length;
  const worried = matchesOf(a, 'emotion').filter((m) => m.entry.tag === 'fear').length;
  if (sentiment <= -0.2) s.complaint += (displeased > 0 || worried === 0 ? 0.6 : 0) + 1.2 * -sentiment;
  s.complaint += displeased * 0.4;
  if (toxicity >= 0.5) s.complaint += 2.5;
  if (asked && s.complaint > 0) s.complaint += 0.3;

  if (a.counts.phones > 0 && !asked) s.support += 0.9;
  if (recommend && !asked && !seek) s.support += 0.8;

  const socialConcepts = conceptCount(a, ['greeting', 'celebrate', 'thanks']);
  s.social += socialConcepts * 0.9;
  if (!asked && sentiment >= 0.5 && (past || socialConcepts > 0)) s.social += 0.8;
  if (words === 0 && a.counts.emoji > 0) s.social += 2;
  else if (words <= 4 && !asked) s.social += 0.7;

  s.off_topic += conceptCount(a, ['politics', 'spam', 'sports']) * 1.4;

  // no clear evidence: a question, chatter, or a statement worth noticing (long, urgent or about a problem)
  const notable = words >= 12 || matchesOf(a, 'urgency').some((m) => m.entry.weight >= 2) || hasConcept(a, 'bug');
  let best: Intent = asked ? 'question' : sentiment >= 0.3 || !notable ? 'social' : 'announcement';
  let bestScore = 0.9;
  for (const i of INTENT_PRIORITY) {
    if (s[i] > bestScore + 1e-9) {
      best = i;
      bestScore = s[i];
    }
  }
  return { scores: s, best };
}

/** Tie-breaking order: earlier wins on equal scores. */
const INTENT_PRIORITY: readonly Intent[] = [
  'complaint',
  'request',
  'question',
  'event',
  'announcement',
  'support',
  'off_topic',
  'social',
];

const HOURS_LEFT =
  /\b\d+\s*(?:hours?|hrs?|minutes?|mins?)\s+(?:left|to go)\b|נשאר(?:ו|ה)?\s+(?:עוד\s+)?\d+\s+(?:שעות|דקות)|(?:עוד|תוך|בעוד)\s+\d+\s+(?:שעות|דקות)/i;

/**
 * Urgency: high / medium / low. A strong cue (urgent, ASAP, דחוף, emergency, end of day) makes a
 * message high; otherwise the weaker cues (tomorrow, deadlines, reminders, exclamations) add up;
 * a request or a question waiting for an answer is at least medium (S2 guidelines in docs/ai.md).
 */
export function classifyUrgency(a: Analysis, intent: Intent): Urgency {
  return urgencyByRules(a, intent).label;
}

/** The rule urgency and the score it was read from (the score is evidence for the weights too). */
export function urgencyByRules(a: Analysis, intent: Intent): { label: Urgency; score: number } {
  let score = 0;
  let strong = false;
  const calm = intent === 'support' || intent === 'social' || intent === 'off_topic';
  for (const m of matchesOf(a, 'urgency')) {
    let w = m.entry.weight;
    if (isNegated(a, m) && w > 0) w = -w;
    if (calm && w > 0) w *= 0.4;
    if (w >= 2.5) strong = true;
    score += w;
  }
  // a countdown ("24 hours left") is urgent whatever the message is
  const countdown = HOURS_LEFT.test(a.text);
  if (countdown) {
    score += 2.5;
    strong = true;
  }
  const deadline = matchesOf(a, 'deadline').some(
    (d) =>
      a.seq.slice(d.end, d.end + 4).some((t) => t.kind === 'date' || t.kind === 'time') ||
      matchesOf(a, 'date').some((x) => x.start >= d.end && x.start <= d.end + 2),
  );
  if (deadline) score += 0.8;
  if (a.counts.exclamations >= 3) score += 0.8;
  else if (a.counts.exclamations === 2) score += 0.4;
  if (a.counts.capsWords >= 2) score += 0.5;
  if (intent === 'request') score += 1.1;
  if (intent === 'question') score += 0.5;
  if (intent === 'complaint') score += 0.6;
  if (calm && !countdown) score -= 0.5;
  if ((strong && score >= 2.5) || score >= 3.4) return { label: 'high', score };
  if (score >= 1.1) return { label: 'medium', score };
  return { label: 'low', score };
}

/** Toxicity 0..1: insults, profanity and harassment, heavier when aimed at someone. */
export function scoreToxicity(a: Analysis): number {
  const second = matchesOf(a, 'second');
  let sum = 0;
  for (const m of matchesOf(a, 'toxic')) {
    let w = m.entry.weight;
    if (w === 0) continue;
    if (second.some((p) => p.sentence === m.sentence)) w *= 1.5;
    sum += w;
  }
  if (sum > 0 && a.counts.exclamations >= 2) sum *= 1.1;
  return Math.round((1 - Math.exp(-0.5 * sum)) * 100) / 100;
}

const GENERIC_TOPICS: ReadonlySet<TopicKey> = new Set(['announcements', 'help', 'social']);
/** Concepts that say "a provider" without saying of what. */
const PROVIDER_WORDS = ['recommend', 'supplier', 'price', 'professional'];

/** Topic from the taxonomy: concept evidence, generic topics only when no domain topic fits; null → General. */
export function classifyTopic(a: Analysis, intent: Intent, toxicity = 0): TopicLabel | null {
  const lex = lexicon();
  const scores = new Map<TopicKey, number>();
  const seen = new Map<string, number>();
  for (const m of matchesOf(a, 'concept')) {
    const n = (seen.get(m.entry.tag) ?? 0) + 1;
    seen.set(m.entry.tag, n);
    const concept = lex.concepts.get(m.entry.tag);
    if (!concept?.topics || isNegated(a, m)) continue;
    const repeat = n === 1 ? 1 : 0.2;
    for (const [topic, w] of Object.entries(concept.topics) as Array<[TopicKey, number]>) {
      scores.set(topic, (scores.get(topic) ?? 0) + w * repeat);
    }
  }
  if (intent === 'event') scores.set('events', (scores.get('events') ?? 0) + 0.8);
  // "a good SEO agency": asking for a provider in a field belongs to the field, unless the
  // provider itself is a trade (plumber, accountant...) that only the suppliers topic names
  let providerOnly = 0;
  for (const id of PROVIDER_WORDS) {
    if (!a.concepts.has(id)) continue;
    providerOnly += lex.concepts.get(id)?.topics?.suppliers ?? 0;
  }
  const suppliers = scores.get('suppliers') ?? 0;
  if (suppliers > 0 && suppliers - providerOnly < 1) {
    const field = [...scores]
      .filter(([t]) => !GENERIC_TOPICS.has(t) && t !== 'suppliers')
      .sort((x, y) => y[1] - x[1])[0];
    if (field && field[1] >= 1.5) scores.set('suppliers', Math.min(suppliers, field[1] - 0.01));
  }
  let domain: TopicKey | null = null;
  let domainScore = 0;
  let generic: TopicKey | null = null;
  let genericScore = 0;
  for (const [topic, score] of scores) {
    if (GENERIC_TOPICS.has(topic)) {
      if (score > genericScore) [generic, genericScore] = [topic, score];
    } else if (score > domainScore) [domain, domainScore] = [topic, score];
  }
  if (domain && domainScore >= 1.2) return TOPICS[domain];
  // off-topic chatter and insults belong to no topic (General)
  if (intent === 'off_topic' || toxicity >= 0.5 || conceptCount(a, ['politics', 'spam', 'sports']) > 0) return null;
  if (generic && genericScore >= 1.2) return TOPICS[generic];
  if (domain && domainScore >= 0.8) return TOPICS[domain];
  if (intent === 'social') return TOPICS.social;
  if (intent === 'announcement' && a.counts.words >= 8) return TOPICS.announcements;
  if (intent === 'question' || intent === 'request') return TOPICS.help;
  return null;
}

/** Imperatives and obligations of a message, one per sentence, with their dates kept in the text. */
export function extractActionItems(a: Analysis): string[] {
  const items: string[] = [];
  for (const x of a.sentences) {
    let score = 0;
    let opener = false;
    for (const m of matchesOf(a, 'action')) {
      if (m.start < x.start || m.start >= x.end) continue;
      const nearStart = m.start - x.start <= 2;
      const hebrew = a.seq[m.start]?.script === 'he';
      if (nearStart || hebrew) {
        score += m.entry.weight;
        opener = true;
      }
    }
    // an opener followed closely by a verb ("please don't share", "נא לשלוח")
    if (opener && matchesOf(a, 'imperative').some((m) => m.start > x.start && m.start < x.start + 4 && m.start < x.end))
      score += 0.6;
    // skip a leading mention or vocative ("Dana, please send…")
    let head = x.start;
    while (head < x.end && a.seq[head]!.kind === 'mention') head++;
    const comma = a.sentences.length > 0 && /^[^\s,]{2,20},\s/.test(x.text) ? 1 : 0;
    for (const offset of [0, comma]) {
      const t = a.seq[head + offset];
      if (!t) continue;
      if (matchesOf(a, 'imperative').some((m) => m.start === head + offset)) score += 1.2;
      else if (t.script === 'he' && HEBREW_PLURAL_IMPERATIVE.test(t.full) && t.full !== 'תודו') score += 1;
    }
    const first = firstWord(a, x.start);
    if (x.question && !opener && first !== undefined) {
      // an information question is not a task; "can you send…?" is (an opener matched)
      continue;
    }
    const dated =
      matchesOf(a, 'deadline').some((m) => m.start >= x.start && m.start < x.end) &&
      (a.seq.slice(x.start, x.end).some((t) => t.kind === 'date' || t.kind === 'time') ||
        matchesOf(a, 'date').some((m) => m.start >= x.start && m.start < x.end));
    if (dated && score > 0) score += 0.6;
    if (score >= 1.2) {
      const text = tidy(x.text);
      if (text.length >= 6 && !items.includes(text)) items.push(text);
    }
  }
  return items.slice(0, 5);
}

function tidy(sentence: string): string {
  let s = sentence.replace(/\s+/g, ' ').trim();
  if (s.length > 160) s = s.slice(0, 157).replace(/\s+\S*$/, '') + '…';
  return s;
}
