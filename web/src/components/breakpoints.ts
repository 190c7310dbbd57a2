/**
 * Layout values of the web app that the specs leave open. Every constant the specs do give comes from
 * `@kehila/shared` (shared/src/constants.ts).
 */

/**
 * S1 §2 hides the desktop sidebar "below the large breakpoint" without a figure; 1024 px is the usual
 * "large" step. Below it the mobile header and bottom tab bar take over.
 */
export const LARGE_BREAKPOINT_PX = 1024;
