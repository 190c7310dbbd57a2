import { describe, expect, it } from 'vitest';
import { localHref, prerenderedFileFor, publicLangOf } from '@kehila/shared/public-pages';

describe('prerendered public pages', () => {
  it('maps each public path to its file in the language ?lang= asks for, and app routes to none', () => {
    expect(prerenderedFileFor('/', 'en')).toBe('landing.html');
    expect(prerenderedFileFor('/', 'he')).toBe('landing.he.html');
    expect(prerenderedFileFor('/pricing/', 'en')).toBe('pricing.html');
    expect(prerenderedFileFor('/privacy', 'he')).toBe('privacy.he.html');
    expect(prerenderedFileFor('/terms', 'en')).toBe('terms.html');
    expect(prerenderedFileFor('/login', 'en')).toBe('login.html');
    expect(prerenderedFileFor('/login/', 'he')).toBe('login.he.html');
    expect(prerenderedFileFor('/dashboard', 'en')).toBeNull();
    expect(prerenderedFileFor('/no/such/page', 'he')).toBeNull();
  });

  it('reads Hebrew only from lang=he', () => {
    expect(publicLangOf('?lang=he')).toBe('he');
    expect(publicLangOf('?payment=failed&lang=he')).toBe('he');
    expect(publicLangOf('?lang=hebrew')).toBe('en');
    expect(publicLangOf('')).toBe('en');
  });
});

describe('localHref', () => {
  it.each([
    ['/', 'en', '/'],
    ['/', 'he', '/?lang=he'],
    ['/#faq', 'he', '/?lang=he#faq'],
    ['/login?register=1', 'he', '/login?register=1&lang=he'],
    ['/login?register=1', 'en', '/login?register=1'],
  ] as const)('%s in %s → %s', (path, lang, href) => {
    expect(localHref(path, lang)).toBe(href);
  });
});
