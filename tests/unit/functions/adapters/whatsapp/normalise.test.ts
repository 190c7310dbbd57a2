import { describe, expect, it } from 'vitest';
import { epochToIso, normaliseUserId } from '@kehila/functions/adapters/whatsapp/webhook-types';
import { verifyHmac, hmacHex } from '@kehila/functions/adapters/whatsapp/signatures';
import { createHmac } from 'node:crypto';

describe('WhatsApp id normalisation', () => {
  it.each([
    ['972501234567@c.us', '972501234567@c.us'],
    ['972501234567@s.whatsapp.net', '972501234567@c.us'],
    ['972501234567:12@s.whatsapp.net', '972501234567@c.us'],
    ['184467440737095@lid', '184467440737095@lid'],
    ['972501234567', '972501234567@c.us'],
    ['+972501234567', '972501234567@c.us'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseUserId(input)).toBe(expected);
  });
});

describe('provider timestamps', () => {
  it.each([
    [1767250800, '2026-01-01T07:00:00.000Z'],
    ['1767250800', '2026-01-01T07:00:00.000Z'],
    [1767250800412, '2026-01-01T07:00:00.412Z'],
    [{ low: 1767250800, high: 0, unsigned: true }, '2026-01-01T07:00:00.000Z'],
  ])('%j → %s', (input, expected) => {
    expect(epochToIso(input)).toBe(expected);
  });

  it.each([[undefined], ['soon'], [0], [-5]])('refuses %j', (input) => {
    expect(() => epochToIso(input)).toThrow('timestamp is missing or not a number');
  });
});

describe('HMAC verification', () => {
  it('accepts hex in either case and base64, refuses a wrong length or key', () => {
    const body = '{"a":1}';
    const hex = hmacHex('sha512', 'k', body);
    expect(verifyHmac('sha512', 'k', body, hex)).toBe(true);
    expect(verifyHmac('sha512', 'k', body, hex.toUpperCase())).toBe(true);
    expect(verifyHmac('sha512', 'k', body, createHmac('sha512', 'k').update(body).digest('base64'))).toBe(true);
    expect(verifyHmac('sha512', 'k', body, hex.slice(2))).toBe(false);
    expect(verifyHmac('sha512', 'other', body, hex)).toBe(false);
  });
});
