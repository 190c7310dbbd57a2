import { describe, expect, it } from 'vitest';
import { googleCallbackDelayMs, isRetryableMessage, profileRetryDelayMs, retryDelayMs } from '@kehila/shared';

describe('retry timings (S1 §4, §7)', () => {
  it.each([
    [1, true, 1000],
    [2, true, 2000],
    [3, true, 3000],
    [1, false, 500],
    [2, false, 1000],
    [3, false, 1500],
  ])('attempt %i, mobile %s → %i ms', (attempt, mobile, ms) => {
    expect(retryDelayMs(attempt, mobile)).toBe(ms);
  });

  it('profile fetch waits 2, 4, 8, 16 s between its 5 attempts', () => {
    expect([1, 2, 3, 4, 5].map(profileRetryDelayMs)).toEqual([2000, 4000, 8000, 16000, null]);
    expect(profileRetryDelayMs(0)).toBeNull();
  });

  it('Google callback waits 2 s then 4 s across 3 attempts', () => {
    expect([1, 2, 3].map(googleCallbackDelayMs)).toEqual([2000, 4000, null]);
  });

  it.each([
    ['Invalid invite code', false],
    ['Error: Authentication required', false],
    ['Failed to fetch', true],
    [null, true],
  ])('%j retryable → %s', (message, expected) => {
    expect(isRetryableMessage(message)).toBe(expected);
  });
});
