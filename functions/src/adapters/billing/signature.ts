import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Lemon Squeezy's signature of a webhook body: hex HMAC-SHA256 of the raw body with the signing secret. */
export function signBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/**
 * True when `signature` (the X-Signature header) is the body's signature with `secret`. Compared in
 * constant time; a missing, malformed or differently sized value is false.
 */
export function verifySignature(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret || !/^[0-9a-f]+$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** SHA-256 of a body (hex): the identity of a webhook delivery for replay detection. */
export function bodyHash(rawBody: string): string {
  return createHash('sha256').update(rawBody, 'utf8').digest('hex');
}
