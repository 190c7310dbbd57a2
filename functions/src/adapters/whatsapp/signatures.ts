import { createHmac, timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time (for equal lengths; a length mismatch answers false at once). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Hex HMAC of the exact body bytes. */
export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, body: string): string {
  return createHmac(algorithm, key).update(body, 'utf8').digest('hex');
}

/**
 * Checks a hex or base64 HMAC signature of `body` in constant time. Hex is compared
 * case-insensitively (providers differ); base64 is accepted because some WAHA versions send it.
 */
export function verifyHmac(algorithm: 'sha256' | 'sha512', key: string, body: string, signature: string): boolean {
  const mac = createHmac(algorithm, key).update(body, 'utf8').digest();
  const given = signature.trim();
  if (/^[0-9a-fA-F]+$/.test(given) && given.length === mac.length * 2) {
    return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), mac);
  }
  const decoded = Buffer.from(given, 'base64');
  return decoded.length === mac.length && timingSafeEqual(decoded, mac);
}
