import { describe, expect, it } from 'vitest';
import {
  initialLocation,
  isOAuthCallback,
  isSafeRedirect,
  rememberRedirect,
  takeRedirect,
} from '../../../web/src/navigation/redirect';

describe('isSafeRedirect', () => {
  it.each([
    ['/messages', true],
    ['/analytics?range=7#top', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['messages', false],
    ['/login', false],
    ['/login?x=1', false],
    ['/loginhelp', true],
    [42, false],
    [null, false],
  ])('%s → %s', (path, safe) => {
    expect(isSafeRedirect(path)).toBe(safe);
  });
});

describe('takeRedirect', () => {
  it('returns the stored path once and removes it', () => {
    window.sessionStorage.setItem('redirect', '/members');
    expect(takeRedirect()).toBe('/members');
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
    expect(takeRedirect()).toBeNull();
  });

  it('removes an unsafe stored value without returning it', () => {
    window.sessionStorage.setItem('redirect', 'https://evil.example/');
    expect(takeRedirect()).toBeNull();
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
  });

  it('is filled by rememberRedirect for safe paths only', () => {
    rememberRedirect('//evil.example');
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
    rememberRedirect('/settings');
    expect(window.sessionStorage.getItem('redirect')).toBe('/settings');
  });
});

describe('initialLocation', () => {
  it('follows and consumes a stored redirect', () => {
    window.sessionStorage.setItem('redirect', '/actions');
    expect(initialLocation('/')).toBe('/actions');
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
  });

  it('keeps the current location when nothing is stored', () => {
    expect(initialLocation('/pricing?payment=failed')).toBe('/pricing?payment=failed');
  });

  it('leaves the stored redirect alone on the OAuth callback, for after sign-in completes', () => {
    window.sessionStorage.setItem('redirect', '/actions');
    expect(initialLocation('/dashboard?code=abc&state=xyz')).toBe('/dashboard?code=abc&state=xyz');
    expect(window.sessionStorage.getItem('redirect')).toBe('/actions');
  });

  it.each([
    ['/#/analytics', '/analytics'],
    ['#/actions?x=1', '/actions?x=1'],
    ['/#features', '/#features'],
    ['/pricing#/analytics', '/pricing#/analytics'],
  ])('resolves the hash form %s to %s', (current, expected) => {
    expect(initialLocation(current)).toBe(expected);
  });
});

describe('isOAuthCallback', () => {
  it.each([
    ['/dashboard?code=a&state=b', true],
    ['/dashboard?error=access_denied&state=b', true],
    ['/dashboard?code=a', false],
    ['/dashboard', false],
  ])('%s → %s', (location, expected) => {
    expect(isOAuthCallback(location)).toBe(expected);
  });
});
