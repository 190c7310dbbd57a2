import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from '../../../../web/src/app/shell/sidebar-state';

describe('readSidebarOpen', () => {
  it.each([
    ['', true],
    ['sidebar:state=true', true],
    ['sidebar:state=false', false],
    ['theme=dark; sidebar:state=false; other=1', false],
    ['xsidebar:state=false', true],
  ])('%j → %s', (cookies, open) => {
    expect(readSidebarOpen(cookies)).toBe(open);
  });
});

describe('sidebarCookie', () => {
  it('keeps the state in sidebar:state for 7 days on the whole site', () => {
    expect(sidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800; SameSite=Lax');
  });
});

describe('isSidebarShortcut', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>>) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it.each([
    [key('b', { ctrlKey: true }), true],
    [key('b', { metaKey: true }), true],
    [key('B', { ctrlKey: true }), true],
    [key('b', {}), false],
    [key('b', { ctrlKey: true, altKey: true }), false],
    [key('k', { ctrlKey: true }), false],
  ])('%j → %s', (event, expected) => {
    expect(isSidebarShortcut(event)).toBe(expected);
  });
});
