import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in constant time, whatever their lengths: their SHA-256 digests are compared,
 * so neither the content nor the length of the expected token leaks through timing.
 */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a, 'utf8').digest();
  const y = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(x, y);
}

/** The exact bytes of a body (a string is its UTF-8 encoding). */
const bytes = (body: Buffer | string) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

/** Hex HMAC of the exact body bytes. */
export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, body: Buffer | string): string {
  return createHmac(algorithm, key).update(bytes(body)).digest('hex');
}

/**
 * Checks a hex or base64 HMAC signature of `body` in constant time. Hex is compared
 * case-insensitively (providers differ); base64 is accepted because some WAHA versions send it.
 */
export function verifyHmac(
  algorithm: 'sha256' | 'sha512',
  key: string,
  body: Buffer | string,
  signature: string,
): boolean {
  const mac = createHmac(algorithm, key).update(bytes(body)).digest();
  const given = signature.trim();
  if (/^[0-9a-fA-F]+$/.test(given) && given.length === mac.length * 2) {
    return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), mac);
  }
  const decoded = Buffer.from(given, 'base64');
  return decoded.length === mac.length && timingSafeEqual(decoded, mac);
}
