import { describe, expect, it } from 'vitest';
import { parseGlossary } from '@kehila/functions/adapters/ai/local/lexicon/senses';
import { GLOSSARY } from '@kehila/functions/adapters/ai/local/lexicon/glossary';

describe('the glossary', () => {
  it('reads a sense with its forms in both languages and its broader senses', () => {
    const [pet, dog] = parseGlossary('# n animals\npet, pets = חיית מחמד\ndog, dogs = כלב, כלבים > pet\n');
    expect(pet).toMatchObject({ id: 'pet', pos: 'n', domain: 'animals', en: ['pet', 'pets'], broader: [] });
    expect(dog).toMatchObject({ id: 'dog', en: ['dog', 'dogs'], he: ['כלב', 'כלבים'], broader: ['pet'] });
  });

  it('refuses a broader sense it does not define, so a typo cannot silently relate nothing', () => {
    expect(() => parseGlossary('# n animals\ndog = כלב > pett\n')).toThrow(/unknown broader sense "pett"/);
    expect(() => parseGlossary('# n animals\ndog = כלב > dog\n')).toThrow(/broader/);
  });

  it('refuses a line without both languages', () => {
    expect(() => parseGlossary('# n animals\ndog, dogs\n')).toThrow(/expected/);
    expect(() => parseGlossary('# n animals\ndog = כלב > pet > animal\n')).toThrow(/expected/);
  });

  it('parses as shipped, every broader sense defined', () => {
    const senses = parseGlossary(GLOSSARY);
    const ids = new Set(senses.map((s) => s.id));
    expect(senses.length).toBeGreaterThan(1000);
    for (const s of senses) for (const b of s.broader) expect(ids.has(b)).toBe(true);
  });
});
