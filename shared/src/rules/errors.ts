import { DEFAULT_RETRY_AFTER_SECONDS } from '../constants';

/** Texts of the mobile-friendly error mapping (S1 §8). */
export const MOBILE_ERROR_MESSAGES = {
  network: 'Poor network connection. Please check your internet and try again.',
  jsonObject: 'Loading data... Please wait a moment and try again.',
  timeout: 'Request timed out. Please check your connection and try again.',
  auth: 'Authentication issue. Please sign in again.',
  default: 'Something went wrong. Please try again.',
} as const;

/** The message of any thrown value. */
export function errorMessageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
}

const NETWORK = /failed to fetch|network ?error|network request failed|load failed|\bnetwork\b|ERR_NETWORK|ERR_INTERNET_DISCONNECTED|offline/i;
// The old backend's single-row error read "JSON object requested, multiple (or no) rows returned".
const JSON_OBJECT = /JSON object/i;
const TIMEOUT = /time(?:d)? ?out|ETIMEDOUT|AbortError|aborted/i;
const AUTH = /auth|jwt|token|unauthori[sz]ed|forbidden|sign(?:ed)? ?in|session/i;

/**
 * Mobile-friendly error text (S1 §8), checked in the spec's order: network failure, JSON-object
 * message, timeout, authentication, otherwise the default.
 */
export function mobileFriendlyError(error: unknown): string {
  const message = errorMessageOf(error);
  const name = error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
  if (NETWORK.test(message)) return MOBILE_ERROR_MESSAGES.network;
  if (JSON_OBJECT.test(message)) return MOBILE_ERROR_MESSAGES.jsonObject;
  if (TIMEOUT.test(message) || name === 'TimeoutError' || name === 'AbortError') return MOBILE_ERROR_MESSAGES.timeout;
  if (AUTH.test(message)) return MOBILE_ERROR_MESSAGES.auth;
  return MOBILE_ERROR_MESSAGES.default;
}

/**
 * Rate-limit text of profile creation (S1 §8): N is retryAfter in seconds (60 when absent); the
 * Google flow has its own wording.
 */
export function rateLimitMessage(retryAfter: number | null | undefined, flow: 'email' | 'google' = 'email'): string {
  const n = retryAfter && retryAfter > 0 ? Math.ceil(retryAfter) : DEFAULT_RETRY_AFTER_SECONDS;
  return flow === 'google'
    ? `For security purposes, please wait ${n} seconds before trying again.`
    : `For security purposes, you can only request this after ${n} seconds.`;
}
