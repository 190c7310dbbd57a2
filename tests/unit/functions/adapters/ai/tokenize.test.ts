import { describe, expect, it } from 'vitest';
import {
  normalizeFinals,
  restoreFinal,
  stemHebrew,
  stripHebrewPrefix,
  stripNiqqud,
} from '@kehila/functions/adapters/ai/local/hebrew';
import { stemEnglish, splitContraction } from '@kehila/functions/adapters/ai/local/english';
import { detectLanguage } from '@kehila/functions/adapters/ai/conventions';
import { lexicon, tokens } from '@kehila/functions/adapters/ai/local/analyze';

const words = (text: string) => tokens(text).filter((t) => t.kind === 'word');

describe('Hebrew normalisation', () => {
  it.each([
    ['ספקים', 'ספקימ'],
    ['ך ם ן ף ץ', 'כ מ נ פ צ'],
    ['מחפשת', 'מחפשת'],
  ])('normalises final letters of %s', (input, expected) => {
    expect(normalizeFinals(input)).toBe(expected);
  });

  it('writes a normalised word with its final letter again', () => {
    expect(restoreFinal('ספקימ')).toBe('ספקים');
    expect(restoreFinal('כסכ')).toBe('כסך');
  });

  it('removes niqqud and cantillation', () => {
    expect(stripNiqqud('שָׁלוֹם')).toBe('שלום');
  });

  it.each([
    // plural and feminine forms meet; short words keep their letters
    ['מתכנתימ', 'מתכנ'],
    ['מתכנתת', 'מתכנ'],
    ['מתכנת', 'מתכנ'],
    ['פגישות', 'פגיש'],
    ['פגישה', 'פגיש'],
    ['בית', 'בית'],
    ['שבת', 'שבת'],
  ])('stems %s to %s', (input, expected) => {
    expect(stemHebrew(input)).toBe(expected);
  });
});

describe('Hebrew prefix stripping', () => {
  const known = lexicon().known;
  it.each([
    // prefix, combinations, and remainders the lexicon knows
    ['בפגישה', 'ב', 'פגישה'],
    ['ושהמשרה', 'ושה', 'משרה'],
    ['לרואה', 'ל', 'רואה'],
    ['מהמשרד', 'מה', 'משרד'],
    ['וכשהמפגש', 'וכשה', 'מפגש'],
    ['שכותבת', 'ש', 'כותבת'],
  ])('strips %s into %s + %s', (word, prefix, rest) => {
    expect(stripHebrewPrefix(normalizeFinals(word), known)).toEqual({ prefix, rest: normalizeFinals(rest) });
  });

  it.each(['בית', 'שלום', 'מחשב', 'לקוח', 'משרה', 'כסף', 'מזון', 'מאמינה', 'הרצאה', 'שבוע'])(
    'leaves %s whole: a known word or a short root',
    (word) => {
      expect(stripHebrewPrefix(normalizeFinals(word), known).prefix).toBe('');
    },
  );

  it('does not read a word as a prefix plus an insult ("מזון" is food)', () => {
    expect(words('סלי מזון').map((t) => t.stem)).not.toContain('זונ');
  });

  it('tokenises gender slashes, prefixed Latin words and acronyms', () => {
    expect(words('דרוש/ה מפתח/ת').map((t) => t.display)).toEqual(['דרוש', 'מפתח']);
    expect(words('בGoogle ול-AWS').map((t) => t.display)).toEqual(['google', 'AWS']);
    expect(words('שלחו קו"ח לרו"ח').map((t) => t.raw)).toEqual(['שלחו', 'קו"ח', 'לרו"ח']);
  });

  it('shows a stripped word without its prefix and with its final letter', () => {
    const [t] = words('והמתכנתים');
    expect(t!.display).toBe('מתכנתים');
    expect(t!.prefix).toBe('וה');
  });
});

describe('English normalisation', () => {
  it.each([
    ['hiring', 'hire'],
    ['hired', 'hire'],
    ['hires', 'hire'],
    ['developers', 'developer'],
    ['meetings', 'meet'],
    ['companies', 'compani'],
    ['company', 'compani'],
    ['planned', 'plan'],
    ['coding', 'code'],
    ['process', 'process'],
    ['bus', 'bus'],
  ])('stems %s to %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });

  it.each([
    ["don't", ['do', 'not']],
    ["can't", ['can', 'not']],
    ["won't", ['will', 'not']],
    ["we're", ['we']],
    ['plain', ['plain']],
  ])('splits the contraction %s', (word, parts) => {
    expect(splitContraction(word)).toEqual(parts);
  });

  it('marks stop words and keeps acronyms and brands as written', () => {
    const ws = words('The AWS team at GitHub is Hiring');
    expect(ws.filter((t) => !t.stop).map((t) => t.display)).toEqual(['AWS', 'team', 'GitHub', 'hiring']);
  });
});

describe('entities and language', () => {
  it('recognises links, e-mails, phone numbers, mentions, times, dates and emoji', () => {
    const kinds = tokens(
      'Call @Dana at 050-123-4567 or +972 50 123 4567, mail jobs@acme.co.il, see https://acme.com/jobs on 12/5 at 19:30 🎉❤️',
    )
      .filter((t) => t.kind !== 'word' && t.kind !== 'punct')
      .map((t) => `${t.kind}:${t.raw}`);
    expect(kinds).toEqual([
      'mention:@Dana',
      'phone:050-123-4567',
      'phone:+972 50 123 4567',
      'email:jobs@acme.co.il',
      'url:https://acme.com/jobs',
      'date:12/5',
      'time:19:30',
      'emoji:🎉',
      'emoji:❤️',
    ]);
  });

  it('keeps emoji as signals with a stable key', () => {
    expect(tokens('❤️').map((t) => t.stem)).toEqual(['❤']);
  });

  it('numbers sentences at . ! ? and new lines', () => {
    expect(
      tokens('Hi all! Who is coming?\nBring food.')
        .filter((t) => t.kind === 'word')
        .map((t) => t.sentence),
    ).toEqual([0, 0, 1, 1, 1, 2, 2]);
  });

  it.each([
    ['We are hiring a backend developer', 'en'],
    ['דרוש מפתח בקאנד לחברה בתל אביב', 'he'],
    ['מחפשים Full Stack developer עם React', 'mixed'],
    ['👍👍', 'en'],
  ])('detects the language of %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });
});
