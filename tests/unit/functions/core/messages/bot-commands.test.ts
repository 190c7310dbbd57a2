import { describe, expect, it } from 'vitest';
import { BOT_SUMMARY_MAX, parseBotCommand } from '@kehila/functions/core/messages/bot-commands';

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
