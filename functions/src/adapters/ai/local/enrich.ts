/**
 * Per-message enrichment of the local provider (everything except the keywords, which need the
 * community's document frequencies): one analysis, then each classifier.
 */
import type { Emotion, Intent, Urgency } from '@kehila/shared';
import { analyze, type Analysis } from './analyze';
import {
  classifyEmotion,
  classifyIntent,
  classifyTopic,
  extractActionItems,
  scoreSentiment,
  scoreToxicity,
  urgencyByRules,
} from './classify';
import { decide } from './classifier';
import { classifierFeatures, type RuleLabels } from './features';
import {
  conceptTerms,
  keywordCandidates,
  messageTerms,
  senseTerms,
  type KeywordCandidate,
  type TermOccurrence,
} from './keywords';

/** What the classifiers say about one message, before keywords. */
export interface MessageLabels {
  readonly analysis: Analysis;
  readonly topic: string | null;
  readonly urgency: Urgency;
  readonly sentiment: number;
  readonly emotion: Emotion;
  readonly intent: Intent;
  readonly toxicity: number;
  readonly action_items: string[];
  readonly terms: TermOccurrence[];
  /** Keyword candidates (content terms minus function words, plus phrases). */
  readonly candidates: KeywordCandidate[];
  /** Concept and sense pseudo-terms (counted for embedding weights). */
  readonly concepts: string[];
}

/** What the rules say about a message and the features the weights read (the training script uses it too). */
export function evidence(
  text: string,
  analysis: Analysis = analyze(text),
): { analysis: Analysis; rules: RuleLabels & { items: string[] }; features: Map<string, number> } {
  const toxicity = scoreToxicity(analysis);
  const sentiment = scoreSentiment(analysis, toxicity);
  const actionItems = extractActionItems(analysis);
  const intent = classifyIntent(analysis, sentiment, toxicity, actionItems.length);
  const emotion = classifyEmotion(analysis, sentiment, intent, toxicity);
  const urgency = urgencyByRules(analysis, intent);
  const rules = {
    items: actionItems,
    urgency: urgency.label,
    urgencyScore: urgency.score,
    intent,
    emotion,
    sentiment,
    toxicity,
    actionItems: actionItems.length,
  };
  return { analysis, rules, features: classifierFeatures(analysis, rules) };
}

/** Labels one message text (deterministic, no I/O). */
export function labelMessage(text: string): MessageLabels {
  const analysis = analyze(text);
  if (analysis.seq.length === 0) {
    // nothing to read (an empty caption, spaces): the defaults, no topic
    return {
      analysis,
      topic: null,
      urgency: 'low',
      sentiment: 0,
      emotion: 'neutral',
      intent: 'social',
      toxicity: 0,
      action_items: [],
      terms: [],
      candidates: [],
      concepts: [],
    };
  }
  const { rules, features } = evidence(text, analysis);
  const d = decide(analysis, rules, features);
  return {
    analysis,
    topic: classifyTopic(analysis, d.intent, rules.toxicity),
    urgency: d.urgency,
    sentiment: d.sentiment,
    emotion: d.emotion,
    intent: d.intent,
    toxicity: rules.toxicity,
    action_items: rules.items,
    terms: messageTerms(analysis),
    candidates: keywordCandidates(analysis),
    concepts: [...conceptTerms(analysis), ...senseTerms(analysis)],
  };
}
