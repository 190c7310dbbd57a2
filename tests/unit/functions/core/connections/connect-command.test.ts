import { describe, expect, it } from 'vitest';
import {
  connectedReply,
  parseConnectCommand,
  phoneDigitsOfSender,
} from '@kehila/functions/core/connections/connect-command';

describe('connect commands in an unclaimed group', () => {
  it.each([
    ['/connect 123456', '123456'],
    ['  /CONNECT   123456 ', '123456'],
    ['#kehila 123 456', '123456'],
    ['#Kehila 123-456', '123456'],
    ['/connect', null],
    ['/connect please', null],
    ['#kehila', null],
  ])('%j carries the code %j', (text, code) => {
    expect(parseConnectCommand(text)).toEqual({ code });
  });

  it.each(['/connected 123456', 'hello everyone', 'please /connect 123456', 'what is the group id', '', '123456'])(
    '%j is not a connect command',
    (text) => {
      expect(parseConnectCommand(text)).toBeNull();
    },
  );
});

describe('phone of a WhatsApp sender id', () => {
  it.each([
    ['972501234567@c.us', '972501234567'],
    ['972501234567@s.whatsapp.net', '972501234567'],
    ['972501234567:12@s.whatsapp.net', '972501234567'],
    [' 12125550100@C.US ', '12125550100'],
    ['123456789012345@lid', null],
    ['120363041234567890@g.us', null],
    ['not-a-number@c.us', null],
    ['', null],
  ])('%j → %s', (id, expected) => {
    expect(phoneDigitsOfSender(id)).toBe(expected);
  });
});

it('the confirmation names the group and shows its id', () => {
  expect(connectedReply('120363@g.us', ' Founders ')).toBe(
    '✅ Kehila is now connected to this group "Founders".\nGroup ID: 120363@g.us\nYou can continue in the Kehila app.',
  );
  expect(connectedReply('120363@g.us', null)).toContain('Group ID: 120363@g.us');
});

it('a new code is six random digits', async () => {
  const { newConnectCode } = await import('@kehila/functions/core/connections/verification');
  const codes = new Set(Array.from({ length: 200 }, () => newConnectCode()));
  for (const c of codes) expect(c).toMatch(/^\d{6}$/);
  expect(codes.size).toBeGreaterThan(190);
});
