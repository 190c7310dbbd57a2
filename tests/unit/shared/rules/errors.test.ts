import { describe, expect, it } from 'vitest';
import { errorMessageOf, mobileFriendlyError, rateLimitMessage } from '@kehila/shared';

const NETWORK = 'Poor network connection. Please check your internet and try again.';
const JSON_OBJECT = 'Loading data... Please wait a moment and try again.';
const TIMEOUT = 'Request timed out. Please check your connection and try again.';
const AUTH = 'Authentication issue. Please sign in again.';
const DEFAULT = 'Something went wrong. Please try again.';

describe('mobile-friendly error mapping (S1 §8)', () => {
  it.each([
    [new TypeError('Failed to fetch'), NETWORK],
    [new Error('NetworkError when attempting to fetch resource.'), NETWORK],
    [new Error('Network request failed'), NETWORK],
    [new TypeError('Load failed'), NETWORK],
    [{ message: 'JSON object requested, multiple (or no) rows returned' }, JSON_OBJECT],
    [new Error('Request timeout'), TIMEOUT],
    [new Error('The operation timed out.'), TIMEOUT],
    [Object.assign(new Error('signal fired'), { name: 'TimeoutError' }), TIMEOUT],
    [new Error('Invalid JWT'), AUTH],
    [new Error('Authentication required'), AUTH],
    [new Error('Unauthorized'), AUTH],
    ['Refresh token expired', AUTH],
    [new Error('Division by zero'), DEFAULT],
    [null, DEFAULT],
    [42, DEFAULT],
  ])('%o → %s', (error, text) => {
    expect(mobileFriendlyError(error)).toBe(text);
  });

  it('checks in the spec order: network before timeout and auth', () => {
    expect(mobileFriendlyError(new Error('network timeout'))).toBe(NETWORK);
    expect(mobileFriendlyError(new Error('auth request timed out'))).toBe(TIMEOUT);
  });

  it('reads messages from strings, errors and plain objects', () => {
    expect(errorMessageOf('x')).toBe('x');
    expect(errorMessageOf(new Error('y'))).toBe('y');
    expect(errorMessageOf({ message: 'z' })).toBe('z');
    expect(errorMessageOf({})).toBe('');
  });
});

describe('rate-limit messages (S1 §8)', () => {
  it.each([
    [30, 'email', 'For security purposes, you can only request this after 30 seconds.'],
    [undefined, 'email', 'For security purposes, you can only request this after 60 seconds.'],
    [0, 'email', 'For security purposes, you can only request this after 60 seconds.'],
    [12.2, 'email', 'For security purposes, you can only request this after 13 seconds.'],
    [45, 'google', 'For security purposes, please wait 45 seconds before trying again.'],
    [null, 'google', 'For security purposes, please wait 60 seconds before trying again.'],
  ] as const)('retryAfter %j (%s) → %s', (retryAfter, flow, text) => {
    expect(rateLimitMessage(retryAfter, flow)).toBe(text);
  });
});
