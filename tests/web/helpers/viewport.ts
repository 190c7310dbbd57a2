/** Sets the width the matchMedia polyfill of setup.ts answers from (jsdom starts at 1024). */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

/** Widths the shell is checked at: a phone (375) and a laptop (1280). */
export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;
