import {
  GOOGLE_CALLBACK_RETRY_DELAYS_MS,
  NON_RETRYABLE_ERROR_MESSAGES,
  PROFILE_FETCH_MAX_ATTEMPTS,
  RETRY_DELAY_PER_ATTEMPT_DESKTOP_MS,
  RETRY_DELAY_PER_ATTEMPT_MOBILE_MS,
} from '../constants';

/** Generic retry delay: 1000 ms times the attempt on mobile, 500 ms times the attempt on desktop (S1 §7). */
export function retryDelayMs(attempt: number, isMobile: boolean): number {
  return (isMobile ? RETRY_DELAY_PER_ATTEMPT_MOBILE_MS : RETRY_DELAY_PER_ATTEMPT_DESKTOP_MS) * attempt;
}

/** Wait before profile fetch attempt `attempt + 1` after a not-found: 2^attempt seconds (2, 4, 8, 16) (S1 §7). */
export function profileRetryDelayMs(attempt: number): number | null {
  if (attempt < 1 || attempt >= PROFILE_FETCH_MAX_ATTEMPTS) return null;
  return 2 ** attempt * 1000;
}

/** Wait before Google callback attempt `attempt + 1`: 2 s then 4 s; null when no attempt is left (S1 §4). */
export function googleCallbackDelayMs(attempt: number): number | null {
  return GOOGLE_CALLBACK_RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** Retries stop at once for 'Invalid invite code' or 'Authentication required' (S1 §7). */
export function isRetryableMessage(message: string | null | undefined): boolean {
  if (!message) return true;
  return !NON_RETRYABLE_ERROR_MESSAGES.some((m) => message.includes(m));
}
