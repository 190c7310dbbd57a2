import { describe, expect, it } from 'vitest';
import {
  hebrewSingular,
  hebrewStems,
  indexTerms,
  MIN_STEM_INDEX,
  MIN_STEM_QUERY,
  normalize,
  queryTerms,
  senderDigits,
  tokenize,
} from '@kehila/functions/adapters/search/tokenizer';

describe('search tokenizer', () => {
  it.each([
    [
      'final letters become regular letters',
      'שלום ספרים ארץ כסף עוף מלך',
      ['שלומ', 'ספרימ', 'ארצ', 'כספ', 'עופ', 'מלכ'],
    ],
    ['niqqud and cantillation are removed', 'שָׁלוֹם בְּרֵאשִׁית', ['שלומ', 'בראשית']],
    ['Latin is lower-cased and loses accents', 'Café MEETING naïve', ['cafe', 'meeting', 'naive']],
    ['gershayim and geresh inside a word are dropped', 'צה"ל צה״ל צ\'יפס ג׳ירפה', ['צהל', 'צהל', 'ציפס', 'גירפה']],
    ['bidi marks are ignored', '\u200Fשלום\u200E \u202Bhello\u202C', ['שלומ', 'hello']],
    ['punctuation, maqaf and hyphens split words', 'בית־ספר, co-op! (test)', ['בית', 'ספר', 'co', 'op', 'test']],
    ['Hebrew and Latin in one run are split by script', 'בZoom ב2024', ['ב', 'zoom', 'ב', '2024']],
    ['digits and mixed Latin+digits stay whole', 'covid19 at 10:30', ['covid19', 'at', '10', '30']],
    ['emoji are not words', 'מעולה 👍🏽 great 🎉', ['מעולה', 'great']],
  ])('%s', (_name, text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });

  it('cuts very long runs (URLs, codes) to 40 characters', () => {
    const [token] = tokenize('a'.repeat(100));
    expect(token).toHaveLength(40);
  });

  it('is idempotent: normalising twice changes nothing', () => {
    const text = 'שָׁלוֹם צה"ל Café ארץ';
    expect(normalize(normalize(text))).toBe(normalize(text));
  });

  describe('Hebrew prefixes', () => {
    it.each([
      ['one prefix letter', 'בבית', ['בית']],
      ['the article ה', 'הספרים', ['ספרים']],
      ['ו + ב', 'ובבית', ['בבית', 'בית']],
      ['ו + ש + ה', 'ושהילדים', ['שהילדימ', 'הילדימ', 'ילדימ']],
      ['כש + ה', 'כשהגענו', ['שהגענו', 'הגענו', 'גענו']],
      ['a word starting with a non-prefix letter', 'ספרים', []],
      ['Latin words', 'meeting', []],
    ])('%s: %s', (_name, token, expected) => {
      expect(hebrewStems(normalize(token), MIN_STEM_INDEX)).toEqual(expected.map(normalize));
    });

    it('never strips ו after another prefix letter (הו is not a prefix)', () => {
      expect(hebrewStems('הודעה', MIN_STEM_INDEX)).toEqual(['ודעה']);
      expect(hebrewStems('הודעה', MIN_STEM_INDEX)).not.toContain('דעה');
    });

    it('strips only sequences the prefix grammar allows (ב then ב, ל then ב are not prefixes)', () => {
      expect(hebrewStems('בבית', MIN_STEM_INDEX)).not.toContain('ית');
      expect(hebrewStems('לבית', MIN_STEM_INDEX)).toEqual(['בית']);
    });

    it('keeps at least the minimum stem length', () => {
      expect(hebrewStems(normalize('בים'), MIN_STEM_INDEX)).toEqual(['ימ']);
      expect(hebrewStems(normalize('בים'), MIN_STEM_QUERY)).toEqual([]);
    });

    it('indexes the token itself and its stems', () => {
      expect(indexTerms('ולבית')).toEqual(['ולבית', 'לבית', 'בית']);
    });
  });

  describe('query words', () => {
    it('gives each distinct word once, with prefix-stripped and singular stems', () => {
      const terms = queryTerms('הספקים הספקים meeting');
      expect(terms.map((t) => t.term)).toEqual(['הספקימ', 'meeting']);
      expect(terms[0]?.stems).toEqual(expect.arrayContaining(['ספקימ', 'ספק', 'הספק']));
      expect(terms[1]?.stems).toEqual([]);
    });

    it.each([
      ['a masculine plural', 'ספקים', 'ספק'],
      ['a feminine plural', 'הודעות', 'הודע'],
      ['a feminine singular', 'הודעה', 'הודע'],
      ['a final ת is kept', 'בית', null],
      ['too short to cut', 'ים', null],
      ['too short to cut', 'שנה', null],
    ])('the base of %s: %s', (_name, word, expected) => {
      expect(hebrewSingular(normalize(word))).toBe(expected);
    });

    it('has no words for punctuation only', () => {
      expect(queryTerms('?! …')).toEqual([]);
    });
  });

  it.each([
    ['972501234567@c.us', '972501234567'],
    ['+972 50-123-4567', '972501234567'],
    ['(050) 123 4567 89', '050123456789'],
    ['123@lid', null],
    ['Dana', null],
    ['1234567890123456', null],
  ])('sender digits of %s', (value, expected) => {
    expect(senderDigits(value)).toBe(expected);
  });
});
