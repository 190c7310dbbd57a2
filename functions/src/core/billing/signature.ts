import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The exact bytes of a body (a string is its UTF-8 encoding). */
const bytes = (body: Buffer | string) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

/** Lemon Squeezy's signature of a webhook body: hex HMAC-SHA256 of the raw body bytes with the signing secret. */
export function signBody(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(bytes(rawBody)).digest('hex');
}

/**
 * True when `signature` (the X-Signature header) is the body's signature with `secret`. Compared in
 * constant time; a missing, malformed or differently sized value is false.
 */
export function verifySignature(rawBody: Buffer | string, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret || !/^[0-9a-f]+$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** SHA-256 of a body (hex): the identity of a webhook delivery for replay detection. */
export function bodyHash(rawBody: Buffer | string): string {
  return createHash('sha256').update(bytes(rawBody)).digest('hex');
}
