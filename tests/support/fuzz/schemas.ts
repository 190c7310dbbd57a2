import type * as z from 'zod';
import type { Rng } from './rng';

/** The parts of a zod 4 schema definition the fuzzer reads. */
interface Def {
  type: string;
  checks?: {
    _zod: {
      def: { check: string; minimum?: number; maximum?: number; length?: number; value?: number; format?: string };
    };
  }[];
  coerce?: boolean;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

/** The definition of a schema. */
export function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under its wrappers (optional, nullable, default...) and transforms: the type a value must have. */
export function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (WRAPPERS.has(d.type) && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else break;
  }
  return s;
}

/** Length or size bounds of a string or array schema, and numeric bounds of a number. */
export function bounds(schema: z.ZodType): { min?: number; max?: number; int: boolean } {
  const out: { min?: number; max?: number; int: boolean } = { int: false };
  for (const c of defOf(schema).checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'max_length' && d.maximum !== undefined) out.max = d.maximum;
    if (d.check === 'min_length' && d.minimum !== undefined) out.min = d.minimum;
    if (d.check === 'length_equals' && d.length !== undefined) out.min = out.max = d.length;
    if (d.check === 'less_than' && d.value !== undefined) out.max = d.value;
    if (d.check === 'greater_than' && d.value !== undefined) out.min = d.value;
    if (d.check === 'number_format' && /int/.test(d.format ?? '')) out.int = true;
  }
  return out;
}

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** Strings that satisfy most fields of the contract (ids, group ids, phones, dates, names...). */
const STRING_CANDIDATES = [
  'Hello there',
  'abc',
  'fuzz-1',
  '120363012345678901@g.us',
  '+972501234567',
  '2026-01-15T10:00:00.000Z',
  '2026-01-15',
  'Asia/Jerusalem',
  'export.txt',
  'a',
  'hello world from the fuzz test',
];
const NUMBER_CANDIDATES = [5, 1, 30, 0, 100, 1024];

/**
 * A value the schema accepts, built from its shape and a few candidates per type (checked with the
 * schema itself), or undefined when none is found. Query schemas get strings for numbers (`asText`).
 */
export function sample(schema: z.ZodType, rng: Rng, asText = false): { value: unknown } | undefined {
  const d = defOf(schema);
  const accept = (value: unknown) => (ok(schema, value) ? { value } : undefined);
  const first = (values: readonly unknown[]) => {
    for (const v of values) if (ok(schema, v)) return { value: v };
    return undefined;
  };
  switch (d.type) {
    case 'string':
      return first(STRING_CANDIDATES);
    case 'number':
      return first(asText || d.coerce ? NUMBER_CANDIDATES.map(String) : NUMBER_CANDIDATES);
    case 'boolean':
      return first([true, false]);
    case 'enum':
      return first(Object.values(d.entries ?? {}));
    case 'literal':
      return first(d.values ?? []);
    case 'null':
      return { value: null };
    case 'unknown':
    case 'any':
      return { value: 'x' };
    case 'record':
      return accept({});
    case 'array': {
      const b = bounds(schema);
      const element = d.element ? sample(d.element, rng, asText) : undefined;
      if (!element) return accept([]);
      return accept(Array.from({ length: Math.max(b.min ?? 0, rng.chance(0.5) ? 1 : 0) }, () => element.value));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(d.shape ?? {})) {
        // Optional fields are sometimes left out, as clients do.
        if (ok(field, undefined) && rng.chance(0.3)) continue;
        const s = sample(field, rng, asText);
        if (s && s.value !== undefined) out[key] = s.value;
      }
      return accept(out);
    }
    case 'union':
      for (const option of d.options ?? []) {
        const s = sample(option, rng, asText);
        if (s && ok(schema, s.value)) return s;
      }
      return undefined;
    case 'pipe': {
      const s = d.in ? sample(d.in, rng, asText) : undefined;
      return s && ok(schema, s.value) ? s : undefined;
    }
    default:
      if (WRAPPERS.has(d.type) && d.innerType) {
        const s = sample(d.innerType, rng, asText);
        if (s && ok(schema, s.value)) return s;
        return first([undefined, null]);
      }
      return undefined;
  }
}

/** A place in a JSON value a schema describes: its path and the schema of what belongs there. */
export interface Slot {
  readonly path: readonly (string | number)[];
  readonly schema: z.ZodType;
}

/** Every field of an object schema, recursively (array elements as index 0), with the schema of each. */
export function slots(schema: z.ZodType, path: readonly (string | number)[] = [], depth = 0): Slot[] {
  const out: Slot[] = [{ path, schema }];
  if (depth > 6) return out;
  const c = core(schema);
  const d = defOf(c);
  if (d.type === 'object') {
    for (const [key, field] of Object.entries(d.shape ?? {})) out.push(...slots(field, [...path, key], depth + 1));
  } else if (d.type === 'array' && d.element) {
    out.push(...slots(d.element, [...path, 0], depth + 1));
  }
  return out;
}

/** `value` with the thing at `path` replaced (`undefined` removes it), containers made as needed. */
export function setAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...(value as unknown[])] : [];
    arr[head] = setAt(arr[head], rest, replacement);
    return arr;
  }
  const obj: Record<string, unknown> =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  const next = setAt(obj[head], rest, replacement);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}
