import {
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
} from '@kehila/shared/constants';

/** Reads the sidebar state from a `document.cookie` string; open unless the cookie says `false`. */
export function readSidebarOpen(cookies: string): boolean {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SIDEBAR_COOKIE_NAME) return part.slice(eq + 1).trim() !== 'false';
  }
  return true;
}

/** The cookie that keeps the sidebar state for 7 days (S1 §2, §9). */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** True for the sidebar shortcut: Ctrl or Cmd plus b (S1 §2). */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT;
}
