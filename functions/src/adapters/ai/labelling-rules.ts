/**
 * The labelling rules of the enrichment fields: one source for the people who label the evaluation
 * set (docs/ai.md "Labelling rules" renders them, a unit test keeps the two equal) and for the
 * Bedrock enrichment prompt (bedrock/prompts.ts sends them whole). No lexicon here: the Bedrock
 * Lambdas import it.
 */
import type { Emotion, Intent, Urgency } from '@kehila/shared';

/** One label of a field and when it applies. */
export interface LabelRule<L extends string = string> {
  readonly label: L;
  readonly rule: string;
}

/** The rules of one field. */
export interface FieldRules<L extends string = string> {
  readonly field: string;
  /** What the field measures. */
  readonly about: string;
  readonly labels: readonly LabelRule<L>[];
}

/** Said before every field. */
export const LABELLING_PREAMBLE =
  'Label what a member of the group reading the message would understand, from the text alone.';

/** Urgency: how soon someone has to act. */
export const URGENCY_RULES: FieldRules<Urgency> = {
  field: 'Urgency',
  about: 'how soon someone has to act on the message',
  labels: [
    {
      label: 'high',
      rule: 'act within hours. Safety (gas smell, fire, smoke, sparks, flooding, an injury or a medical emergency, someone stuck in an elevator, a missing child, a suspicious person or object, violence, a scam going on right now), an outage in progress (production, the site, payments, power, water, internet, a locked gate nobody can pass), a deadline or a need today, tonight or "now" (an event tonight that needs people, a form due today, a babysitter for this evening), explicit urgency with a real need ("urgent", "ASAP", "דחוף").',
    },
    {
      label: 'medium',
      rule: 'act within days. A deadline this week or tomorrow, an RSVP, a reminder of something in the coming days, a problem that needs fixing but is not dangerous (a broken gate, a bug that has a workaround, a noisy neighbour), a request with a near time frame ("for Saturday").',
    },
    {
      label: 'low',
      rule: 'nothing to do, or no time pressure: chatter, thanks, opinions, news, general questions and recommendation requests without a time frame, events weeks away.',
    },
  ],
};

/** Intent: the main purpose (the S2 §9 intents). */
export const INTENT_RULES: FieldRules<Intent> = {
  field: 'Intent',
  about:
    'the main purpose of the message (exactly the S2 §9 intents). When a message does several things, label what the writer most wants from the readers; ties go in this order: off_topic, complaint, event, request, question, support, announcement, social',
  labels: [
    {
      label: 'request',
      rule: 'asks someone to do or give something — a favour, help, an item, a recommendation of a provider, a product or a place ("does anyone know a good plumber?"), an introduction, volunteers.',
    },
    { label: 'question', rule: 'asks for information or an opinion (how, when, what, is it true, what do you think).' },
    {
      label: 'announcement',
      rule: 'informs the group — news, updates, rules, planned interruptions, changes of schedule, job postings, lost and found, a product release or a new branch, safety warnings that ask nothing.',
    },
    {
      label: 'event',
      rule: "about an upcoming gathering — an invitation, its details, a reminder of it, a change of its time or place (meetups, classes, parties, webinars, parents' meetings, clean-up days).",
    },
    {
      label: 'complaint',
      rule: 'expresses displeasure with something or someone — service, noise, neighbours, a system, the group itself — with or without charged words (insults included).',
    },
    {
      label: 'support',
      rule: 'offers help, advice, information or an item to whoever needs it, vouches for a provider, comforts (condolences, get well, encouragement).',
    },
    {
      label: 'social',
      rule: 'greetings, thanks, congratulations, jokes, small talk, reactions, self-introductions, personal milestones shared to celebrate ("we won the hackathon", "first client!").',
    },
    {
      label: 'off_topic',
      rule: 'unrelated to the community\'s purpose — spam, unsolicited ads and sales pitches (discounts, "DM me to buy", crypto, MLM), chain messages, politics.',
    },
  ],
};

/** Sentiment: the sign of the writer's attitude. */
export const SENTIMENT_RULES: FieldRules<'positive' | 'negative' | 'neutral'> = {
  field: 'Sentiment',
  about: "the sign of the writer's attitude as a reader feels it",
  labels: [
    { label: 'positive', rule: 'pleased, thankful, excited, warm.' },
    {
      label: 'negative',
      rule: 'unhappy, worried, sad, angry — condolences, complaints, bad news and alarms included, even without a charged word.',
    },
    { label: 'neutral', rule: 'informational, a plain question.' },
  ],
};

/** Emotion: the dominant feeling. */
export const EMOTION_RULES: FieldRules<Emotion> = {
  field: 'Emotion',
  about: 'the dominant feeling, `neutral` when none stands out',
  labels: [
    { label: 'joy', rule: 'happiness, pride, gratitude, celebration.' },
    { label: 'sadness', rule: 'loss, grief, disappointment without blame, condolences.' },
    { label: 'anger', rule: 'frustration, irritation, blame, outrage.' },
    { label: 'fear', rule: 'worry, alarm, danger.' },
    { label: 'surprise', rule: 'astonishment at something unexpected.' },
    { label: 'disgust', rule: 'revulsion: filth, smells, vile behaviour.' },
    { label: 'trust', rule: 'confidence in someone: vouching, reassurance.' },
    { label: 'anticipation', rule: 'looking forward to something coming.' },
    { label: 'neutral', rule: 'no feeling stands out.' },
  ],
};

/** Toxic: insults aimed at people. */
export const TOXIC_RULE = 'insults, profanity aimed at people, harassment.';

/** Keywords: what a person would pick to find the message again. */
export const KEYWORD_RULE =
  'the two to five words or phrases a person would pick to find the message again: the things and places it is about, as written minus Hebrew prefix letters ("מעלית", not "המעלית"), phrases kept whole ("parking lot", "ועד בית", "רואה חשבון"); never stop words, bare numbers, times, greetings or words like "anyone", "need", "please".';

/** Every field's rules, in the order the docs and the prompt give them. */
export const FIELD_RULES: readonly FieldRules[] = [URGENCY_RULES, INTENT_RULES, SENTIMENT_RULES, EMOTION_RULES];

/** The rules as plain text (the Bedrock prompt): every field, every label, the toxic and keyword rules. */
export function labellingRulesText(): string {
  const fields = FIELD_RULES.map((f) =>
    [`${f.field} — ${f.about}:`, ...f.labels.map((l) => `- ${l.label}: ${l.rule}`)].join('\n'),
  );
  return [LABELLING_PREAMBLE, ...fields, `Toxic — ${TOXIC_RULE}`, `Keywords — ${KEYWORD_RULE}`].join('\n\n');
}
