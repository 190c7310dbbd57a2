import { describe, expect, it } from 'vitest';
import {
  BASE_MODEL,
  buildModel,
  embedText,
  LOCAL_EMBEDDING_DIMENSIONS,
  parseModel,
  serializeModel,
  targetModelVersion,
  versionString,
} from '@kehila/functions/adapters/ai/local/embedding';

const cos = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const e = (t: string) => embedText(t, BASE_MODEL);

describe('local embeddings', () => {
  it('are unit vectors of the declared dimension, for any text', () => {
    for (const t of ['We are hiring', 'דרוש מתכנת', '👍', '', 'https://x.io']) {
      const v = e(t);
      expect(v).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
  });

  it('bring a message about a kind of thing near one about the broader thing (glossary "> broader")', () => {
    // "puppy > dog, pet", "dentist > doctor": no word or sense in common, only the broader sense
    expect(cos(e('found a puppy near the school'), e('is this your pet?'))).toBeGreaterThan(
      cos(e('found a puppy near the school'), e('is this your bike?')),
    );
    expect(cos(e('מישהו מכיר רופא שיניים טוב?'), e('looking for a good doctor'))).toBeGreaterThan(
      cos(e('מישהו מכיר רופא שיניים טוב?'), e('looking for a good lawyer')),
    );
  });

  it('are deterministic', () => {
    expect(e('looking for a server-side engineer')).toEqual(e('looking for a server-side engineer'));
  });

  // a paraphrase in other words must rank above every unrelated message
  const unrelated = [
    'Happy birthday Avi!! 🎂',
    'The webinar link for tonight is in the description',
    "Who's coming to the hackathon this weekend?",
    'שבת שלום לכולם',
    'מסיבת פורים בגינה הציבורית ביום שישי',
    'Our newsletter open rate dropped, what are you seeing?',
    'מישהו מוכר שולחן עמידה משומש?',
  ];
  it.each([
    ["we're hiring a backend developer", 'looking for a server-side engineer'],
    ['who can recommend an accountant', 'need a good bookkeeper'],
    ['מחפשים מפתח/ת', 'דרוש מתכנת'],
    ['מישהו מכיר רואה חשבון טוב?', 'צריך מנהלת חשבונות לעסק'],
    ['אני חוששת מחוקי המס לעצמאים', 'worried about tax rules for freelancers'],
    ['דירה להשכרה ברמת גן', 'apartment for rent in Ramat Gan'],
    // one glossary sense for the words of both languages and their synonyms
    ['which bank gives a mortgage with low interest?', 'איזה בנק נותן משכנתא בריבית נמוכה?'],
    ['the canteen at work closes early today', 'the office cafeteria shuts early'],
    ['אחרי הדיפלוי יש שגיאת שרת', 'internal server error since the release'],
    ['the buzzer downstairs is dead', 'האינטרקום בכניסה לא עובד'],
  ])('brings "%s" and "%s" together', (a, b) => {
    const s = cos(e(a), e(b));
    for (const u of unrelated) expect(s).toBeGreaterThan(cos(e(a), e(u)));
    expect(s).toBeGreaterThan(0.2);
  });
});

describe('the corpus-trained model', () => {
  // "asana" is a word of this community (a product name), not of the lexicons
  const corpus = [
    ...Array.from({ length: 30 }, () => 'asana|crm|#c:software|#c:crm'),
    ...Array.from({ length: 30 }, () => 'picnic|park|#c:event'),
    ...Array.from({ length: 10 }, () => 'asana|board|task'),
  ];
  const terms: Array<[string, number]> = [
    ['asana', 40],
    ['crm', 30],
    ['#c:software', 30],
    ['#c:crm', 30],
    ['picnic', 30],
    ['park', 30],
    ['#c:event', 30],
    ['board', 10],
    ['task', 10],
  ];

  it('relates a community word to what it is used with', () => {
    const model = buildModel({ version: 1, docs: 70, terms, corpus });
    const neighbours = model.neighbours.get('asana')!.map(([t]) => t);
    expect(neighbours).toContain('crm');
    expect(neighbours).not.toContain('picnic');
    // "asana" alone now points toward CRM software
    expect(cos(embedText('asana', model), embedText('a good crm system', model))).toBeGreaterThan(
      cos(embedText('asana', BASE_MODEL), embedText('a good crm system', BASE_MODEL)),
    );
  });

  it('weighs words common in the community less (IDF)', () => {
    const model = buildModel({ version: 1, docs: 70, terms, corpus });
    expect(model.idf.get('asana')!).toBeLessThan(model.idf.get('board')!);
  });

  it('survives serialisation into table parts', () => {
    const model = buildModel({ version: 3, docs: 70, terms, corpus });
    const back = parseModel(serializeModel(model));
    expect(back.version).toBe(3);
    expect(back.docs).toBe(70);
    expect(embedText('asana crm', back)).toEqual(embedText('asana crm', model));
  });

  it.each([
    [0, 0],
    [63, 0],
    [64, 1],
    [127, 1],
    [128, 2],
    [100_000, 11],
  ])('is at version %#: %d messages → model %d (rebuilt when the count doubles)', (docs, version) => {
    expect(targetModelVersion(docs)).toBe(version);
  });

  it('names the space after the lexicon and the model version', () => {
    expect(versionString(0)).toMatch(/^local:[0-9a-f]{8}:0$/);
    expect(versionString(2)).not.toBe(versionString(1));
  });
});
