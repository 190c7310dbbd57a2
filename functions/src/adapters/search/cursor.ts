import { fail } from '../../core/errors';

/** A page position: the sort values of the last hit returned (search_after), as an opaque string. */
export type CursorValues = readonly (string | number)[];

/** Encodes sort values as an opaque URL-safe cursor. */
export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** Decodes a cursor made by `encodeCursor` with `length` values; anything else is a 400. */
export function decodeCursor(cursor: string, length: number): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fail.badRequest('Invalid cursor');
  }
  if (
    !Array.isArray(values) ||
    values.length !== length ||
    !values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
  ) {
    throw fail.badRequest('Invalid cursor');
  }
  return values as (string | number)[];
}
