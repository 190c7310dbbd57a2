import { describe, expect, it } from 'vitest';
import {
  connectedReply,
  isConnectRequest,
  phoneDigitsOfSender,
} from '@kehila/functions/core/connections/connect-command';

describe('connect requests in an unclaimed group', () => {
  it.each([
    ['/connect', true],
    ['  /CONNECT  ', true],
    ['/connect please', true],
    ['#kehila', true],
    ['#Kehila connect', true],
    ['what is the group id', true],
    ['What is the group id?', true],
    ["what's the group ID?", true],
    ['what is this group id', true],
    ['group id', true],
    ['Group ID?', true],
    ['/connected', false],
    ['hello everyone', false],
    ['please /connect', false],
    ['what is the group id of the other group', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isConnectRequest(text)).toBe(expected);
  });
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
