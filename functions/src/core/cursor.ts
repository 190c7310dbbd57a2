import * as z from 'zod';
import { fail } from './errors';

/** The longest cursor accepted: anything longer was not made by `encodeCursor`. */
export const MAX_CURSOR_LENGTH = 2048;

/** The one page-position codec: any JSON value as an opaque URL-safe string. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by `encodeCursor` and checks it against the shape its page reader expects;
 * anything else (too long, not base64url JSON, the wrong shape) is a 400 'Invalid cursor'.
 */
export function decodeCursor<T>(raw: string, shape: z.ZodType<T>): T {
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]*$/.test(raw)) throw fail.badRequest('Invalid cursor');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw fail.badRequest('Invalid cursor');
  }
  const parsed = shape.safeParse(value);
  if (!parsed.success) throw fail.badRequest('Invalid cursor');
  return parsed.data;
}

/** A search engine's page position: the sort values of the last hit returned (search_after). */
export type SortValues = (string | number)[];

/** The shape of a search cursor of `length` sort values. */
export function sortValues(length: number): z.ZodType<SortValues> {
  return z.array(z.union([z.string(), z.number().refine(Number.isFinite)])).length(length);
}
