import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ENTRY_CHARS } from '@kehila/functions/core/imports/limits';
import {
  exportMessages,
  parseChatExport,
  surveyExport,
  type ExportMessage,
  type ParseOutcome,
} from '@kehila/functions/core/imports/parser';

const FIXTURES = join(import.meta.dirname, '../../../../fixtures/exports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const TZ = 'Asia/Jerusalem';
const LRM = '\u200e';
const RLM = '\u200f';
const NNBSP = '\u202f';

function parsed(outcome: ParseOutcome) {
  if (outcome.kind !== 'parsed') throw new Error(`expected a parsed export, got ${outcome.kind}`);
  return outcome;
}
const only = (text: string, dayFirst: boolean | null = null): ExportMessage => {
  const r = parsed(parseChatExport(text, { timeZone: TZ, dayFirst }));
  expect(r.messages).toHaveLength(1);
  return r.messages[0] as ExportMessage;
};

describe('parseChatExport on real-looking exports', () => {
  it.each([
    // file, messages, system, unparsed, date order, first message (UTC, sender, text)
    ['android-en-12h.txt', 8, 9, 0, 'month_first', '2024-01-14T18:10:00.000Z', 'Dana Levi'],
    ['android-en-24h.txt', 8, 3, 0, 'day_first', '2024-03-28T20:58:00.000Z', 'Dana Levi'],
    ['ios-en-12h.txt', 9, 6, 0, 'month_first', '2024-01-14T18:10:45.000Z', 'Dana Levi'],
    ['ios-he-24h.txt', 7, 4, 0, 'day_first', '2024-02-05T07:20:10.000Z', 'דנה לוי'],
    ['android-he-24h.txt', 5, 6, 0, 'day_first', '2024-02-05T07:20:00.000Z', 'דנה לוי'],
    ['noisy.txt', 2, 0, 4, 'day_first', '2024-02-12T08:00:00.000Z', 'Dana Levi'],
  ])(
    '%s: %i messages, %i system lines, %i not understood, %s',
    (file, messages, system, unparsed, order, first, sender) => {
      const r = parsed(parseChatExport(fixture(file), { timeZone: TZ }));
      expect(r.messages).toHaveLength(messages);
      expect(r.system).toBe(system);
      expect(r.unparsed).toBe(unparsed);
      expect(r.dateOrder).toBe(order);
      expect(r.messages[0]?.timestamp).toBe(first);
      expect(r.messages[0]?.sender).toBe(sender);
    },
  );

  it('reads the Android 12-hour export line by line', () => {
    const r = parsed(parseChatExport(fixture('android-en-12h.txt'), { timeZone: TZ }));
    expect(r.messages.map((m) => [m.localTime, m.sender, m.mediaType, m.text])).toEqual([
      [
        '2024-01-14T20:10:00',
        'Dana Levi',
        null,
        "Welcome everyone! Please introduce yourselves: name, company, what you're looking for.",
      ],
      [
        '2024-01-14T20:12:00',
        'Yossi Cohen',
        null,
        'Hi all, Yossi from Kavim (logistics SaaS). Looking for a senior backend dev',
      ],
      [
        '2024-01-14T20:13:00',
        '+972 52-765-4321',
        null,
        "Hey! Noa here, building a fintech for freelancers.\nWe're raising a pre-seed round\nand looking for intros to angels",
      ],
      ['2024-01-14T21:41:00', 'Yossi Cohen', 'media', ''],
      ['2024-01-15T11:30:00', 'Avi Mizrahi', null, 'Anyone has a good bookkeeper recommendation?'],
      ['2024-01-15T11:32:00', 'Noa Bar', 'image', "Our bookkeeper's card"],
      ['2024-01-15T12:00:00', 'Avi Mizrahi', null, 'Thanks!!'],
      ['2024-01-15T12:00:00', 'Avi Mizrahi', null, 'Thanks!!'],
    ]);
  });

  it('reads the iOS export: senders without marks, media kinds, notes of iOS not imported', () => {
    const r = parsed(parseChatExport(fixture('ios-en-12h.txt'), { timeZone: TZ }));
    expect(r.messages.map((m) => [m.sender, m.mediaType, m.text])).toEqual([
      ['Dana Levi', null, 'Welcome! Intros please 🙏'],
      ['+972 50-123-4567', null, "Hi, I'm Gil, CTO at Loop. We're hiring 2 frontend devs"],
      ['Yossi Cohen', 'image', ''],
      ['Yossi Cohen', 'image', ''],
      ['Dana Levi', null, 'Three things for this week:\n1. Demo night\n2. Hiring thread'],
      ['Dana Levi', null, 'Fixed the link: https://example.com/demo'],
      ['+972 50-123-4567', 'sticker', ''],
      ['Dana Levi', 'document', ''],
      ['Yossi Cohen', null, 'Night owls: anyone used Hetzner for EU data residency?'],
    ]);
    // 12:01 AM on 16 January in Jerusalem (UTC+2) is the evening before in UTC.
    expect(r.messages[8]?.timestamp).toBe('2024-01-15T22:01:30.000Z');
  });

  it('keeps Hebrew text, emoji sequences and multi-line messages, without direction marks', () => {
    const r = parsed(parseChatExport(fixture('ios-he-24h.txt'), { timeZone: TZ }));
    expect(r.messages.map((m) => m.text)).toEqual([
      'בוקר טוב לכולם! מי מגיע למיטאפ ביום חמישי?',
      'אני 🙋‍♂️',
      'מחפשת רו"ח טוב לחברה בע"מ, המלצות?',
      '',
      '',
      'תזכורת:\nמיטאפ ביום חמישי ב-19:00\nרוטשילד 22, תל אביב',
      'מישהו מכיר עורך דין לענייני הייטק?',
    ]);
    expect(r.messages.map((m) => m.sender)).toContain('+972 54-555-1234');
    for (const m of r.messages) expect(m.sender + m.text).not.toMatch(/[\u200e\u200f\u202a-\u202e]/);
  });

  it('converts local times across a daylight-saving switch (Israel, 29 March 2024)', () => {
    const r = parsed(parseChatExport(fixture('android-en-24h.txt'), { timeZone: TZ }));
    expect(r.messages.slice(0, 3).map((m) => m.timestamp)).toEqual([
      '2024-03-28T20:58:00.000Z', // UTC+2
      '2024-03-28T21:30:00.000Z',
      '2024-03-29T07:00:00.000Z', // UTC+3 from 02:00 that night
    ]);
    expect(r.messages[3]?.text).toBe('Sure, just RSVP here:\nhttps://example.com/rsvp\n\nDoors open 18:30');
  });

  it('reads the same export in another zone as other instants', () => {
    const m = only('31/12/2023, 21:41 - Dana: hi');
    expect(m.timestamp).toBe('2023-12-31T19:41:00.000Z');
    const utc = parsed(parseChatExport('31/12/2023, 21:41 - Dana: hi', { timeZone: 'UTC' })).messages[0];
    expect(utc?.timestamp).toBe('2023-12-31T21:41:00.000Z');
    const ny = parsed(parseChatExport('31/12/2023, 21:41 - Dana: hi', { timeZone: 'America/New_York' })).messages[0];
    expect(ny?.timestamp).toBe('2024-01-01T02:41:00.000Z');
  });

  it('lists lines it did not understand, with at most the requested number of examples', () => {
    const r = parsed(parseChatExport(fixture('noisy.txt'), { timeZone: TZ }));
    expect(r.unparsedExamples).toEqual([
      'Chat history with Tel Aviv Founders',
      'Exported by Dana',
      '31/31/2024, 10:01 - Dana Levi: A date no calendar has',
      '13/02/2024, 25:70 - Yossi Cohen: A time no clock has',
    ]);
    const few = parsed(parseChatExport(fixture('noisy.txt'), { timeZone: TZ, maxExamples: 1 }));
    expect(few.unparsed).toBe(4);
    expect(few.unparsedExamples).toHaveLength(1);
  });

  it('finds nothing in a text that is not an export', () => {
    const r = parsed(parseChatExport('Dear Dana,\nhere are the notes from the meeting.\n', { timeZone: TZ }));
    expect(r.messages).toHaveLength(0);
    expect(r.system).toBe(0);
    expect(r.unparsed).toBe(2);
  });
});

describe('date and time formats of many locales', () => {
  it.each([
    ['Android US, 12 h with U+202F', `1/14/24, 8:02${NNBSP}PM - Dana: hi`, '2024-01-14T20:02:00'],
    ['Android US, midnight', '12/31/23, 12:05 AM - Dana: hi', '2023-12-31T00:05:00'],
    ['Android US, noon', '12/31/23, 12:05 PM - Dana: hi', '2023-12-31T12:05:00'],
    ['Android UK, 24 h', '31/12/2023, 21:41 - Dana: hi', '2023-12-31T21:41:00'],
    ['iOS, brackets and seconds', '[31/12/2023, 21:41:05] Dana: hi', '2023-12-31T21:41:05'],
    ['iOS US, 12 h with seconds', `[12/31/23, 9:41:05${NNBSP}PM] Dana: hi`, '2023-12-31T21:41:05'],
    ['iOS with a mark before the bracket', `${LRM}[31/12/2023, 21:41:05] Dana: hi`, '2023-12-31T21:41:05'],
    ['German dots, 2-digit year', '31.12.23, 21:41 - Dana: hallo', '2023-12-31T21:41:00'],
    ['Dutch dashes, no comma', '31-12-2023 21:41 - Dana: hoi', '2023-12-31T21:41:00'],
    ['ISO year first', '2023-12-31, 21:41 - Dana: hi', '2023-12-31T21:41:00'],
    ['year first with slashes, iOS', '[2023/12/31, 21:41:05] Dana: hi', '2023-12-31T21:41:05'],
    ['Spanish "p. m."', '31/12/2023, 9:41 p. m. - Dana: hola', '2023-12-31T21:41:00'],
    ['Hebrew afternoon marker', '31.12.2023, 9:41 אחה״צ - דנה: שלום', '2023-12-31T21:41:00'],
    ['Hebrew morning marker', '31.12.2023, 9:41 לפנה״צ - דנה: שלום', '2023-12-31T09:41:00'],
    ['Korean marker before the time', '2023. 12. 31. 오후 9:41 - Dana: 안녕', '2023-12-31T21:41:00'],
    ['Japanese 0 o’clock with a marker', '2023/12/31 午前0:05 - Dana: hi', '2023-12-31T00:05:00'],
    ['Finnish "klo" and dotted time', '31.12.2023 klo 21.41 - Dana: moi', '2023-12-31T21:41:00'],
    ['old export with a colon after the time', '31.12.23 21.41.05: Dana: hi', '2023-12-31T21:41:05'],
    ['Arabic evening marker', '31/12/2023, 9:41 م - Dana: hi', '2023-12-31T21:41:00'],
  ])('%s', (_name, line, localTime) => {
    const m = only(line);
    expect(m.localTime).toBe(localTime);
    expect(m.sender).toMatch(/Dana|דנה/);
  });

  it('reads a Hebrew marker that contains no letter of the sender', () => {
    expect(only('31.12.2023, 9:41 אחה״צ - דנה: שלום').sender).toBe('דנה');
  });
});

describe('day/month order', () => {
  const lines = (...ls: string[]) => ls.join('\n');
  it.each([
    ['a first number above 12 proves day-first', lines('13/01/24, 10:00 - A: x'), null, 'day_first', 'dates'],
    ['a second number above 12 proves month-first', lines('01/13/24, 10:00 - A: x'), null, 'month_first', 'dates'],
    ['proof wins over the answer', lines('13/01/24, 10:00 - A: x'), false, 'day_first', 'dates'],
    ['the answer decides what the dates cannot', lines('03/04/24, 10:00 - A: x'), true, 'day_first', 'answer'],
    [
      'time order decides when only one order keeps it',
      lines('01/02/2024, 10:00 - A: x', '02/01/2024, 10:00 - A: y'),
      null,
      'month_first',
      'sequence',
    ],
    [
      'a date that exists in one order only counts as time order too',
      lines('02/28/2024, 10:00 - A: x', '03/01/2024, 10:00 - A: y'),
      null,
      'month_first',
      'dates',
    ],
    ['year first needs no question', lines('2024-03-04, 10:00 - A: x'), null, 'year_first', 'dates'],
  ])('%s', (_name, text, dayFirst, order, source) => {
    const r = parsed(parseChatExport(text, { timeZone: TZ, dayFirst }));
    expect(r.dateOrder).toBe(order);
    expect(r.dateOrderSource).toBe(source);
  });

  it('asks when both orders fit every date and the time order', () => {
    const r = parseChatExport(fixture('ambiguous.txt'), { timeZone: TZ });
    expect(r).toEqual({ kind: 'needs_date_order', headers: 4 });
  });

  it.each([
    [true, '2024-04-03T10:00:00'],
    [false, '2024-03-04T10:00:00'],
  ])('reads the ambiguous export with day_first=%s', (dayFirst, first) => {
    const r = parsed(parseChatExport(fixture('ambiguous.txt'), { timeZone: TZ, dayFirst }));
    expect(r.messages).toHaveLength(4);
    expect(r.messages[0]?.localTime).toBe(first);
  });
});

describe('system, media and people’s lines', () => {
  const body = (text: string) => `31/12/2023, 21:41 - ${text}`;
  const ios = (author: string, text: string) => `[31/12/2023, 21:41:05] ${author}: ${text}`;

  it.each([
    [
      'Android encryption notice',
      body(
        'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
      ),
    ],
    ['Android group created', body('Dana created group "Founders"')],
    ['Android member added', body('Dana added Yossi')],
    ['Android member left', body('Yossi left')],
    ['Android joined by link', body("+972 52-765-4321 joined using this group's invite link")],
    ['Android subject with a colon in it', body('Dana changed the subject from "A" to "Tips: hiring"')],
    ['Android icon changed', body("Dana changed this group's icon")],
    ['Android security code', body('Your security code with Yossi changed. Tap to learn more.')],
    ['Android deleted message', body('Dana: This message was deleted')],
    ['Android own deleted message', body('Dana: You deleted this message')],
    ['Hebrew encryption notice', body(`${RLM}ההודעות והשיחות מוצפנות מקצה לקצה.`)],
    ['Hebrew group created', body(`${RLM}דנה יצר/ה את הקבוצה "מייסדים"`)],
    ['Hebrew member joined', body(`${RLM}יוסי הצטרף/ה באמצעות קישור ההזמנה לקבוצה`)],
    ['Hebrew member left', body(`${RLM}נועה יצא/ה`)],
    ['Hebrew deleted message', body('דנה: הודעה זו נמחקה')],
    ['iOS event under the group name', ios('Founders', `${LRM}Dana added Yossi`)],
    ['iOS encryption notice', ios('Founders', `${LRM}Messages and calls are end-to-end encrypted.`)],
    ['iOS deleted message', ios('Maya', `${LRM}This message was deleted.`)],
    ['iOS event without its mark', ios('Founders', 'Dana created group “Founders”')],
    ['an empty message', ios('Dana', '')],
  ])('%s is a system line', (_name, line) => {
    const r = parsed(parseChatExport(line, { timeZone: TZ, dayFirst: true }));
    expect(r.messages).toHaveLength(0);
    expect(r.system).toBe(1);
  });

  it.each([
    ['<Media omitted>', 'media', ''],
    ['<המדיה לא נכללה>', 'media', ''],
    ['<attached: 00000012-PHOTO-2023-12-31-21-41-05.jpg>', 'image', ''],
    ['<attached: 00000013-VIDEO-2023-12-31-21-41-05.mp4>', 'video', ''],
    ['<attached: 00000014-AUDIO-2023-12-31-21-41-05.opus>', 'audio', ''],
    ['<attached: 00000015-STICKER-2023-12-31-21-41-05.webp>', 'sticker', ''],
    ['<מצורף: 00000016-PHOTO-2023-12-31-21-41-05.jpg>', 'image', ''],
    ['IMG-20231231-WA0001.jpg (file attached)\nThe venue', 'image', 'The venue'],
    ['PTT-20231231-WA0002.opus (file attached)', 'audio', ''],
    ['STK-20231231-WA0003.webp (file attached)', 'sticker', ''],
    ['Deck v3.pdf (file attached)', 'document', ''],
    ['Dana Levi.vcf (file attached)', 'contact', ''],
    ['IMG-20231231-WA0004.jpg (קובץ מצורף)', 'image', ''],
    [`${LRM}image omitted`, 'image', ''],
    [`${LRM}GIF omitted`, 'gif', ''],
    [`${LRM}Contact card omitted`, 'contact', ''],
    [`${LRM}Deck.pdf • ${LRM}12 pages ${LRM}document omitted`, 'document', ''],
    [`${LRM}התמונה הושמטה`, 'image', ''],
    [
      'location: https://maps.google.com/?q=32.0636,34.7746',
      'location',
      'location: https://maps.google.com/?q=32.0636,34.7746',
    ],
    ['POLL:\nWhich day works?\nOPTION: Sunday (3 votes)', 'poll', 'POLL:\nWhich day works?\nOPTION: Sunday (3 votes)'],
  ])('%j is media of kind %s', (text, kind, caption) => {
    const m = only(`31/12/2023, 21:41 - Dana: ${text}`);
    expect(m.mediaType).toBe(kind);
    expect(m.text).toBe(caption);
  });

  it.each([
    ['a sentence that mentions an omitted image', 'I think the image omitted from the deck was the best one'],
    ['a sentence about a left colleague', 'Our CTO left'],
    ['a sentence with "deleted" in it', 'This message was deleted by mistake, sorry, here it is again'],
    ['a URL after a word and a colon', 'Slides: https://example.com/s'],
  ])('%s stays a message', (_name, text) => {
    const m = only(`31/12/2023, 21:41 - Dana: ${text}`);
    expect(m.mediaType).toBeNull();
    expect(m.text).toBe(text);
  });

  it.each([
    ['the edited note', `Fixed it ${LRM}<This message was edited>`, 'Fixed it'],
    ['the Hebrew edited note', 'תוקן <ההודעה נערכה>', 'תוקן'],
    ['direction marks inside the text', `${RLM}שלום ${LRM}world${RLM}`, 'שלום world'],
    ['no-break spaces', 'a\u00a0b\u202fc', 'a b c'],
  ])('removes %s', (_name, text, expected) => {
    expect(only(`31/12/2023, 21:41 - Dana: ${text}`).text).toBe(expected);
  });

  it.each([
    ['a phone number in direction marks', `${LRM}\u202a+972 50-123-4567\u202c`, '+972 50-123-4567'],
    ['a name that is not a contact (~)', `~${NNBSP}Maya`, 'Maya'],
    ['a Hebrew name with marks', `${RLM}דנה לוי${RLM}`, 'דנה לוי'],
  ])('cleans %s', (_name, sender, expected) => {
    expect(only(`[31/12/2023, 21:41:05] ${sender}: hi`).sender).toBe(expected);
  });

  it('keeps empty lines inside a message and drops the trailing ones', () => {
    const m = only('31/12/2023, 21:41 - Dana: one\n\ntwo\n\n\n');
    expect(m.text).toBe('one\n\ntwo');
  });

  it('reads Windows line ends and a byte order mark', () => {
    const r = parsed(
      parseChatExport('\ufeff31/12/2023, 21:41 - Dana: one\r\nmore\r\n31/12/2023, 21:42 - Yossi: two\r\n', {
        timeZone: TZ,
      }),
    );
    expect(r.messages.map((m) => m.text)).toEqual(['one\nmore', 'two']);
  });
});

/** Text handed over in pieces of `size` characters, as a stream would. */
async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function streamed(text: string, size: number, dayFirst: boolean | null = null) {
  const survey = await surveyExport(pieces(text, size), { dayFirst });
  if (survey.kind !== 'surveyed') return { survey, messages: [] as ExportMessage[] };
  const messages: ExportMessage[] = [];
  for await (const group of exportMessages(pieces(text, size), { order: survey.dateOrder, timeZone: TZ })) {
    messages.push(...group);
  }
  return { survey, messages };
}

describe('the streaming passes (survey, then messages)', () => {
  it.each([
    ['android-en-12h.txt'],
    ['android-en-24h.txt'],
    ['ios-en-12h.txt'],
    ['ios-he-24h.txt'],
    ['android-he-24h.txt'],
    ['noisy.txt'],
  ])('read %s in pieces of any size exactly as a whole', async (file) => {
    const whole = parsed(parseChatExport(fixture(file), { timeZone: TZ }));
    // Windows line ends too, so a CR and its LF fall into different pieces.
    for (const text of [fixture(file), fixture(file).replace(/\r?\n/g, '\r\n')]) {
      for (const size of [1, 2, 7, 64, 100_000]) {
        const { survey, messages } = await streamed(text, size);
        expect(survey).toEqual({
          kind: 'surveyed',
          messages: whole.messages.length,
          system: whole.system,
          unparsed: whole.unparsed,
          unparsedExamples: whole.unparsedExamples,
          dateOrder: whole.dateOrder,
          dateOrderSource: whole.dateOrderSource,
        });
        expect(messages).toEqual(whole.messages);
      }
    }
  });

  it('asks for the date order, or uses the answer', async () => {
    expect((await streamed(fixture('ambiguous.txt'), 13)).survey).toEqual({ kind: 'needs_date_order', headers: 4 });
    const answered = await streamed(fixture('ambiguous.txt'), 13, false);
    expect(answered.survey).toMatchObject({ kind: 'surveyed', messages: 4, dateOrder: 'month_first' });
    expect(answered.messages[0]?.localTime).toBe('2024-03-04T10:00:00');
  });

  it('decides the order from a proof at the very end of a long export', async () => {
    const lines = Array.from(
      { length: 5000 },
      (_, i) => `0${1 + (i % 9)}/0${1 + (i % 9)}/2024, 10:00 - Dana: same day ${i}`,
    );
    // Only the last line proves day-first (13 is no month); the sequence does not tell either.
    const text = `${lines.join('\n')}\n13/01/2024, 10:00 - Dana: the proof\n`;
    const { survey } = await streamed(text, 4096);
    expect(survey).toMatchObject({
      kind: 'surveyed',
      dateOrder: 'day_first',
      dateOrderSource: 'dates',
      messages: 5001,
    });
  });

  it('hands out messages while the text is still arriving', async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `31/12/2023, 21:41 - Dana: message ${i}`).join('\n');
    let piecesRead = 0;
    async function* counted() {
      for await (const p of pieces(text, 1000)) {
        piecesRead += 1;
        yield p;
      }
    }
    const total = Math.ceil(text.length / 1000);
    const iterator = exportMessages(counted(), { order: 'day_first', timeZone: TZ })[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value?.[0]?.text).toBe('message 0');
    expect(piecesRead).toBeLessThan(total / 10);
    await iterator.return?.(undefined);
  });

  it('keeps only the start of a line that never ends, and of a message that never ends', async () => {
    const endless = 'x'.repeat(3 * IMPORT_MAX_ENTRY_CHARS);
    const { survey } = await streamed(`${endless}\n31/12/2023, 21:41 - Dana: hi\n`, 10_000);
    expect(survey).toMatchObject({ kind: 'surveyed', messages: 1, unparsed: 1 });
    if (survey.kind === 'surveyed') expect(survey.unparsedExamples[0]?.length).toBeLessThanOrEqual(200);

    const long = Array.from({ length: 40_000 }, (_, i) => `line ${i} of a very long message`).join('\n');
    const { messages } = await streamed(`31/12/2023, 21:41 - Dana: ${long}\n31/12/2023, 21:42 - Yossi: next\n`, 8192);
    expect(messages.map((m) => m.sender)).toEqual(['Dana', 'Yossi']);
    expect(messages[0]?.text.length).toBeLessThanOrEqual(IMPORT_MAX_ENTRY_CHARS);
    expect(messages[0]?.text.startsWith('line 0 of a very long message\nline 1')).toBe(true);
  });
});
