import { describe, expect, it } from 'vitest';
import { isIanaTimeZone } from '@kehila/shared/rules/time-zone';
import { wallClockToUtc } from '@kehila/functions/core/imports/wall-clock';

const at = (iso: string, tz: string) => {
  const [d, t] = iso.split('T') as [string, string];
  const [year, month, day] = d.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = t.split(':').map(Number) as [number, number, number];
  return new Date(wallClockToUtc({ year, month, day, hour, minute, second }, tz)).toISOString();
};

describe('wallClockToUtc', () => {
  it.each([
    ['winter in Jerusalem (UTC+2)', '2024-01-14T20:02:00', 'Asia/Jerusalem', '2024-01-14T18:02:00.000Z'],
    ['summer in Jerusalem (UTC+3)', '2024-07-01T12:00:00', 'Asia/Jerusalem', '2024-07-01T09:00:00.000Z'],
    ['the last minute before the spring switch', '2024-03-29T01:59:00', 'Asia/Jerusalem', '2024-03-28T23:59:00.000Z'],
    [
      'a time the spring switch skips moves forward by the gap',
      '2024-03-29T02:30:00',
      'Asia/Jerusalem',
      '2024-03-29T00:30:00.000Z',
    ],
    ['the first minute after the spring switch', '2024-03-29T03:00:00', 'Asia/Jerusalem', '2024-03-29T00:00:00.000Z'],
    [
      'a time the autumn switch repeats is its first occurrence',
      '2024-10-27T01:30:00',
      'Asia/Jerusalem',
      '2024-10-26T22:30:00.000Z',
    ],
    ['after the autumn switch', '2024-10-27T02:30:00', 'Asia/Jerusalem', '2024-10-27T00:30:00.000Z'],
    ['UTC', '2024-01-14T20:02:00', 'UTC', '2024-01-14T20:02:00.000Z'],
    ['a zone behind UTC', '2024-01-14T20:02:00', 'America/New_York', '2024-01-15T01:02:00.000Z'],
    ['a half-hour zone', '2024-01-14T20:02:00', 'Asia/Kolkata', '2024-01-14T14:32:00.000Z'],
  ])('%s', (_name, local, tz, utc) => {
    expect(at(local, tz)).toBe(utc);
  });
});

describe('isIanaTimeZone (the import\'s time-zone check)', () => {
  it.each([
    ['Asia/Jerusalem', true],
    ['UTC', true],
    ['Europe/London', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('%j → %s', (tz, ok) => {
    expect(isIanaTimeZone(tz)).toBe(ok);
  });
});
