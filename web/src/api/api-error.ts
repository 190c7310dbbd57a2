import { ApiRequestError } from './client';

// Codes the client itself produces for responses without a server message (see client.ts).
const GENERIC_CODES = new Set(['invalid_response']);

/**
 * The server's own message of a failed call (the `ApiErrorSchema` body, or the S1 §8 network and
 * timeout texts the client puts in their place), or null when the failure carries none worth showing.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (GENERIC_CODES.has(error.code) || error.code.startsWith('http_')) return null;
  return error.message || null;
}

/** A failed call's server message, else the screen's fallback text. */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
