import { describe, expect, it } from 'vitest';
import { activeNavId, MOBILE_TABS, NAV_ITEMS } from '../../../../web/src/app/shell/nav-items';

describe('navigation items', () => {
  it('lists Today, then nine sidebar items from dashboard to settings, in route-table order', () => {
    expect(NAV_ITEMS.map((i) => i.id)).toEqual([
      'today',
      'dashboard',
      'community-helper',
      'messages',
      'actions',
      'analytics',
      'business-intelligence',
      'suppliers',
      'members',
      'settings',
    ]);
  });

  it('gives the mobile tab bar eight tabs: all but Today and suppliers', () => {
    expect(MOBILE_TABS).toHaveLength(8);
    expect(MOBILE_TABS.map((i) => i.id)).toEqual(
      NAV_ITEMS.map((i) => i.id).filter((id) => id !== 'suppliers' && id !== 'today'),
    );
  });
});

describe('activeNavId (first path segment; empty means dashboard)', () => {
  it.each([
    ['/', 'dashboard'],
    ['', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/today', 'today'],
    ['/community-helper', 'community-helper'],
    ['/messages', 'messages'],
    ['/messages/thread/42', 'messages'],
    ['/actions?status=open', 'actions'],
    ['/analytics#range', 'analytics'],
    ['/business-intelligence', 'business-intelligence'],
    ['/suppliers', 'suppliers'],
    ['/members', 'members'],
    ['/settings', 'settings'],
    ['/old-dashboard', null],
    ['/pricing', null],
    ['/dashboards', null],
  ])('%s → %s', (pathname, expected) => {
    expect(activeNavId(pathname)).toBe(expected);
  });
});
