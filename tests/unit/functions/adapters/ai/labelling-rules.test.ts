import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMOTIONS, INTENTS, URGENCY_LEVELS } from '@kehila/shared';
import {
  EMOTION_RULES,
  FIELD_RULES,
  INTENT_RULES,
  KEYWORD_RULE,
  LABELLING_PREAMBLE,
  TOXIC_RULE,
  URGENCY_RULES,
} from '@kehila/functions/adapters/ai/labelling-rules';
import { ENRICH_SYSTEM } from '@kehila/functions/adapters/ai/bedrock/prompts';

/** Whitespace collapsed and Markdown marks removed: line wrapping and emphasis are not differences. */
const flat = (s: string) => s.replace(/[`*]/g, '').replace(/\s+/g, ' ');

const docs = flat(readFileSync(new URL('../../../../../docs/ai.md', import.meta.url), 'utf8'));
const prompt = flat(ENRICH_SYSTEM);

const everyRule = [
  LABELLING_PREAMBLE,
  TOXIC_RULE,
  KEYWORD_RULE,
  ...FIELD_RULES.flatMap((f) => [`${f.field} — ${f.about}:`, ...f.labels.map((l) => `${l.label}: ${l.rule}`)]),
];

describe('labelling rules', () => {
  it('give a rule for every urgency level, intent and emotion the schema allows', () => {
    expect(URGENCY_RULES.labels.map((l) => l.label).sort()).toEqual([...URGENCY_LEVELS].sort());
    expect(INTENT_RULES.labels.map((l) => l.label).sort()).toEqual([...INTENTS].sort());
    expect(EMOTION_RULES.labels.map((l) => l.label).sort()).toEqual([...EMOTIONS].sort());
  });

  it.each(everyRule.map((r) => [r.slice(0, 60), r]))('the Bedrock enrichment prompt carries "%s…"', (_, rule) => {
    expect(prompt.includes(flat(rule)), `missing from the prompt: ${rule}`).toBe(true);
  });

  it.each(everyRule.map((r) => [r.slice(0, 60), r]))('docs/ai.md gives the labellers "%s…"', (_, rule) => {
    expect(docs.includes(flat(rule)), `missing from docs/ai.md: ${rule}`).toBe(true);
  });
});
