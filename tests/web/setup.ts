import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * jsdom lacks what Cloudscape and the shell read from the browser: matchMedia (answered here from
 * `window.innerWidth`, which tests set through helpers/viewport.ts), ResizeObserver,
 * IntersectionObserver and scrollIntoView.
 */
function matches(query: string): boolean {
  const width = window.innerWidth;
  return query.split(/\s+and\s+/).every((part) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(part);
    if (min) return width >= Number(min[1]);
    const max = /\(max-width:\s*(\d+)px\)/.exec(part);
    if (max) return width <= Number(max[1]);
    return false;
  });
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList => ({
    media: query,
    matches: matches(query),
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
if (!('ResizeObserver' in window))
  Object.defineProperty(window, 'ResizeObserver', { value: NoopObserver, writable: true });
if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { value: NoopObserver, writable: true });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// Screens are lazily imported chunks; the first import of one in a test run transforms Cloudscape and
// can take longer than the default second, and far longer on a loaded machine (two cores shared by
// parallel workers). A generous wait only slows a test that fails; one that passes returns at once.
configure({ asyncUtilTimeout: 12_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
