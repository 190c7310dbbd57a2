import type { IconProps } from '@cloudscape-design/components/icon';

/**
 * The sidebar items: Today (S3's Home dashboard) first, then the nine of S1 §2, dashboard to
 * settings. The spec names neither the items nor their order, so they follow the S1 §2 protected
 * route table in order, leaving out /old-dashboard (the superseded dashboard's address, which opens
 * the dashboard). Today stays out of the mobile tab bar, which S1 §2 fixes at eight tabs.
 */
export const NAV_ITEMS = [
  { id: 'today', label: 'Today', shortLabel: 'Today', icon: 'calendar', mobile: false },
  { id: 'dashboard', label: 'Dashboard', shortLabel: 'Dashboard', icon: 'grid-view', mobile: true },
  { id: 'community-helper', label: 'Community Helper', shortLabel: 'Helper', icon: 'suggestions', mobile: true },
  { id: 'messages', label: 'Messages', shortLabel: 'Messages', icon: 'envelope', mobile: true },
  { id: 'actions', label: 'Actions', shortLabel: 'Actions', icon: 'status-positive', mobile: true },
  { id: 'analytics', label: 'Analytics', shortLabel: 'Analytics', icon: 'view-vertical', mobile: true },
  { id: 'business-intelligence', label: 'Business Intelligence', shortLabel: 'BI', icon: 'gen-ai', mobile: true },
  // S1 §2: the mobile tab bar has every item except suppliers.
  { id: 'suppliers', label: 'Suppliers', shortLabel: 'Suppliers', icon: 'contact', mobile: false },
  { id: 'members', label: 'Members', shortLabel: 'Members', icon: 'group', mobile: true },
  { id: 'settings', label: 'Settings', shortLabel: 'Settings', icon: 'settings', mobile: true },
] as const satisfies ReadonlyArray<{
  id: string;
  label: string;
  shortLabel: string;
  icon: IconProps.Name;
  mobile: boolean;
}>;

/** One navigation item. */
export type NavItem = (typeof NAV_ITEMS)[number];
/** The id of a navigation item, which is also its first path segment. */
export type NavId = NavItem['id'];

/** The items of the mobile bottom tab bar (eight). */
export const MOBILE_TABS: readonly NavItem[] = NAV_ITEMS.filter((item) => item.mobile);

/** The path a navigation item leads to. */
export function navHref(id: NavId): string {
  return `/${id}`;
}

/** S1 §2: the active item comes from the first path segment; an empty segment means dashboard. */
export function activeNavId(pathname: string): NavId | null {
  const first = pathname.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
  if (first === '') return 'dashboard';
  return NAV_ITEMS.find((item) => item.id === first)?.id ?? null;
}
