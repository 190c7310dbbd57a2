import * as z from 'zod';

/**
 * Small field builders shared by the area schemas. Form inputs send '' for an empty optional field
 * and JSON bodies may send null or leave it out; all three become null (S1 §5, S3 §5 "Empty optional
 * fields are sent as null").
 */

/** The WHATWG URL parser; present in browsers and Node, but shared/ compiles without DOM or Node types. */
type UrlParser = new (input: string) => { protocol: string; hostname: string };
const UrlCtor = (globalThis as unknown as { URL: UrlParser }).URL;

/** True for an http(s) URL the browser and Lambda URL parsers both accept. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new UrlCtor(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A #RGB or #RRGGBB colour. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Texts for limits the specs enforce in the UI (maxLength, pickers) but give no message for. */
export const GENERIC_FIELD_MESSAGES = {
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooMany: (max: number) => `At most ${max} items`,
  invalidUrl: 'Please enter a valid URL',
  invalidColor: 'Please enter a valid hex color',
  invalidNumber: 'Please enter a number of 0 or more',
  invalidDate: 'Please enter a valid date',
} as const;

/** Optional trimmed text of at most `max` characters: '', whitespace, null or absent become null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, GENERIC_FIELD_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Optional http(s) URL (trimmed); empty becomes null. */
export function optionalUrl(message: string = GENERIC_FIELD_MESSAGES.invalidUrl) {
  return z
    .string()
    .trim()
    .max(2048, message)
    .refine((v) => v === '' || isHttpUrl(v), message)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** The longest date/time text accepted (an ISO timestamp with an offset is 29). */
export const DATE_TEXT_MAX = 40;

/** Optional date/time text; empty becomes null, anything Date can parse becomes an ISO timestamp. */
export function optionalIsoDate() {
  return z
    .string()
    .trim()
    .max(DATE_TEXT_MAX, GENERIC_FIELD_MESSAGES.invalidDate)
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), GENERIC_FIELD_MESSAGES.invalidDate)
    .nullish()
    .transform((v) => (v ? new Date(v).toISOString() : null));
}
