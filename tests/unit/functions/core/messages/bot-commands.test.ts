import { describe, expect, it } from 'vitest';
import {
  BOT_SUMMARY_DEFAULT,
  BOT_SUMMARY_MAX,
  helpReply,
  idReply,
  parseBotCommand,
} from '@kehila/functions/core/messages/bot-commands';

describe('bot commands', () => {
  it.each([
    ['/summary', { command: 'summary', count: null, today: false }],
    ['  /Summary  ', { command: 'summary', count: null, today: false }],
    ['/summary 200', { command: 'summary', count: 200, today: false }],
    ['/summary today', { command: 'summary', count: null, today: true }],
    ['/summary 99999', { command: 'summary', count: BOT_SUMMARY_MAX, today: false }],
    ['/summary 0', { command: 'summary', count: 1, today: false }],
    ['/help', { command: 'help', count: null, today: false }],
    ['/ID', { command: 'id', count: null, today: false }],
  ])('reads %j as a command', (text, expected) => {
    expect(parseBotCommand(text)).toEqual(expected);
  });

  it.each(['summary', '/summary please', '/summary -5', 'what does /help do?', '/connect 123456', '/idea'])(
    'leaves %j as an ordinary message',
    (text) => {
      expect(parseBotCommand(text)).toBeNull();
    },
  );
});

describe("the bot answers in the group's language", () => {
  it('lists every command in English and in Hebrew, with the same limits', () => {
    for (const lang of ['en', 'he'] as const) {
      const help = helpReply(lang);
      for (const command of ['/summary —', '/summary N', '/summary today', '/id', '/help'])
        expect(help).toContain(command);
      expect(help).toContain(String(BOT_SUMMARY_DEFAULT));
      expect(help).toContain(String(BOT_SUMMARY_MAX));
    }
    expect(helpReply('en')).toContain('*Kehila bot commands*');
    expect(helpReply('he')).toContain('*פקודות הבוט של Kehila*');
  });

  it("gives the group id with the app's own label in both languages", () => {
    expect(idReply('120363@g.us', 'en')).toBe('Group ID: 120363@g.us');
    expect(idReply('120363@g.us', 'he')).toBe('מזהה הקבוצה (Group ID): 120363@g.us');
  });
});
