/**
 * Prompts and tool schemas of the Bedrock provider. Structured answers come back through forced
 * tool use (Converse `toolChoice`), so the model returns JSON that zod then validates.
 */
import {
  EMOTIONS,
  INTENTS,
  SENTIMENT_NEGATIVE_BELOW,
  SENTIMENT_POSITIVE_ABOVE,
  SUMMARY_SECTIONS,
  URGENCY_LEVELS,
  type Message,
} from '@kehila/shared';
import type { AiCommunityContext, AiInputMessage } from '../../../core/ports/ai';
import { summaryLanguage } from '../conventions';
import { labellingRulesText } from '../labelling-rules';
import { TOPIC_LABELS } from '../topics';

/** Longest message text sent for enrichment (characters). */
export const ENRICH_TEXT_MAX = 2000;
/** Budget of the message transcript sent for summaries and suggestions (characters). */
export const TRANSCRIPT_MAX = 60_000;

export const ENRICH_TOOL = 'record_enrichments';
export const ACTION_TOOL = 'create_action';
export const SUGGEST_TOOL = 'suggest_actions';
export const SUMMARY_TOOL = 'record_summary';

/**
 * System prompt of message enrichment: the output format of each field, then the labelling rules
 * whole (labelling-rules.ts, the same the evaluation set was labelled with).
 */
export const ENRICH_SYSTEM = `You label messages of a WhatsApp community (Hebrew, English or both) for its admins.
For every message return, through the ${ENRICH_TOOL} tool, one result with the message's index "i":
- topic: one of ${TOPIC_LABELS.map((t) => `"${t}"`).join(', ')}, or null when none fits;
- keywords: 2 to 5 keywords (fewer when the message is short), by the keyword rule below;
- urgency: one of ${URGENCY_LEVELS.join(', ')}, by the urgency rule below;
- sentiment: a number from -1 (very negative) to 1 (very positive) whose sign follows the sentiment rule below: above ${SENTIMENT_POSITIVE_ABOVE} is positive, below ${SENTIMENT_NEGATIVE_BELOW} negative, between them neutral;
- emotion: one of ${EMOTIONS.join(', ')}, by the emotion rule below;
- intent: one of ${INTENTS.join(', ')}, by the intent rule below;
- toxicity: 0 to 1, how clearly the toxic rule below applies (ordinary words are 0);
- action_items: imperatives and obligations found in the message ("please send the deck by Friday"), copied in the message's language, [] when none.
Label every message; never skip one.

The labelling rules:

${labellingRulesText()}`;

/** The enrich tool's input schema (JSON Schema). */
export const ENRICH_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          i: { type: 'integer' },
          topic: { type: ['string', 'null'], enum: [...TOPIC_LABELS, null] },
          keywords: { type: 'array', items: { type: 'string' }, maxItems: 5 },
          urgency: { type: 'string', enum: [...URGENCY_LEVELS] },
          sentiment: { type: 'number', minimum: -1, maximum: 1 },
          emotion: { type: 'string', enum: [...EMOTIONS] },
          intent: { type: 'string', enum: [...INTENTS] },
          toxicity: { type: 'number', minimum: 0, maximum: 1 },
          action_items: { type: 'array', items: { type: 'string' } },
        },
        required: ['i', 'topic', 'keywords', 'urgency', 'sentiment', 'emotion', 'intent', 'toxicity', 'action_items'],
      },
    },
  },
  required: ['results'],
} as const;

/** The user turn of an enrich call: the batch as JSON lines. */
export function enrichUserPrompt(messages: readonly AiInputMessage[]): string {
  const lines = messages.map((m, i) =>
    JSON.stringify({ i, sender: m.sender_name, text: (m.text ?? '').slice(0, ENRICH_TEXT_MAX) }),
  );
  return `Label these ${messages.length} messages:\n${lines.join('\n')}`;
}

/** The generate-action tool (S2 §7.2). */
export const ACTION_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    title: {
      type: 'string',
      maxLength: 50,
      description: 'Short task title in the message language, at most 50 characters.',
    },
    details: { type: 'string', description: 'What has to be done, in the message language.' },
    evidence: { type: ['string', 'null'], description: 'The sentence of the message that asks for it.' },
    assigned_to: {
      type: ['string', 'null'],
      description: 'Name of the person the task is addressed to, if the message names one.',
    },
  },
  required: ['title', 'details', 'evidence', 'assigned_to'],
} as const;

/** The suggest-actions tool (S2 §7.2). */
export const SUGGEST_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    actions: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 50 },
          details: { type: 'string' },
          evidence: { type: ['string', 'null'] },
          assigned_to: { type: ['string', 'null'] },
          priority: { type: 'string', enum: ['low', 'medium', 'high'] },
          msg_id: { type: ['string', 'null'], description: 'Id of the message the action comes from.' },
        },
        required: ['title', 'details', 'evidence', 'assigned_to', 'priority'],
      },
    },
  },
  required: ['actions'],
} as const;

/** A transcript of messages for the model, newest kept when over budget. */
export function transcript(messages: readonly Message[]): string {
  const lines = [...messages]
    .filter((m) => m.content?.trim())
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((m) => {
      const meta = [m.topic ? `topic: ${m.topic}` : '', m.urgency ? `urgency: ${m.urgency}` : '']
        .filter(Boolean)
        .join(', ');
      return `[${m.timestamp.slice(0, 16).replace('T', ' ')}] (${m.msg_id}) ${m.Sender_name ?? 'unknown'}: ${m.content!.replace(/\s+/g, ' ').trim()}${meta ? ` {${meta}}` : ''}`;
    });
  let total = 0;
  const kept: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    total += lines[i]!.length + 1;
    if (total > TRANSCRIPT_MAX) break;
    kept.push(lines[i]!);
  }
  return kept.reverse().join('\n');
}

/** Fills `{{name}}`, `{name}` or `\${name}` template variables (S2 §3 user prompt variables). */
export function fillTemplate(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{(\w+)\}|\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a?: string, b?: string, c?: string) => {
    const key = a ?? b ?? c ?? '';
    return key in vars ? vars[key]! : whole;
  });
}

const citedItems = (what: string) =>
  ({
    type: 'array',
    maxItems: 8,
    description: what,
    items: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'One line, in the summary language. Markdown bold allowed.' },
        message_ids: {
          type: 'array',
          minItems: 1,
          maxItems: 12,
          items: { type: 'string' },
          description: 'The ids (in parentheses in the transcript) of the messages this line comes from.',
        },
      },
      required: ['text', 'message_ids'],
    },
  }) as const;

/** The summary tool's input schema (JSON Schema): every line cites its messages. Quick Stats are computed, not asked for. */
export const SUMMARY_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    overview: { type: 'string', description: 'One or two sentences opening the summary.' },
    key_topics: citedItems('The main subjects with who discussed them.'),
    action_items: citedItems('Concrete tasks found in the messages, with who raised them.'),
    recommended_actions: citedItems('What the admin should do next, tied to the community goals.'),
  },
  required: ['overview', 'key_topics', 'action_items', 'recommended_actions'],
} as const;

/** The format instructions appended to every summary request: cited JSON through the tool, in the community's language. */
export function summaryFormat(community: AiCommunityContext, messages: readonly Message[]): string {
  const lang = summaryLanguage(community, messages);
  return `Write the summary in ${lang === 'he' ? 'Hebrew' : 'English'} and return it through the ${SUMMARY_TOOL} tool, in three parts (${SUMMARY_SECTIONS.slice(0, 3).join(', ')}).
Every line must cite, in message_ids, the ids of the messages it comes from, exactly as they appear in parentheses in the transcript.
Say nothing that the cited messages do not say; leave a part empty rather than guess.
Recommended Actions: what the admin${community.admin_name ? ` (${community.admin_name})` : ''} should do next, tied to the community goals.
Quick Stats are computed separately: do not write them.`;
}
