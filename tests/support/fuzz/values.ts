import type * as z from 'zod';
import type { Rng } from './rng';
import { bounds, core, defOf, sample } from './schemas';

/** Strings that break naive code: lone surrogates, NUL, direction overrides, joiners, injections, traversal. */
export const ODD_STRINGS: readonly string[] = [
  '\ud800',
  'a\udfffb',
  '\u0000',
  'x\u0000y',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'e\u0301\u0301\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  '\u{10ffff}',
  'שלום עולם',
  '\r\n\t',
  '\\',
  '"',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%s%n%x',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e999',
];

const DEEP = /"@@deep:(array|object):(\d+)@@"/g;

/**
 * A value nested `depth` levels deep, as an array or an object chain. It stands as a token until
 * `toJson` writes it out: serialising (or walking) such a value recursively would overflow the stack.
 */
export function deep(depth: number, kind: 'array' | 'object'): string {
  return `@@deep:${kind}:${depth}@@`;
}

/** The JSON text of nesting `depth` levels deep. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** JSON text of a value, deep tokens written out. */
export function toJson(value: unknown): string {
  return (JSON.stringify(value) ?? '').replace(DEEP, (_m, kind: 'array' | 'object', n: string) =>
    deepJson(Number(n), kind),
  );
}

/** A string of `length` UTF-16 units made of `unit` (cut to length). */
function fill(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * Values that a field of this schema should refuse (or, for unconstrained strings, odd ones that
 * it may take): wrong types, numbers as strings, nulls, values past every declared maximum, deep
 * nesting. Several are wrong for any field; the rest follow the field's own type and bounds. One
 * is picked and only that one is built (some are large).
 */
export function badValue(schema: z.ZodType, rng: Rng): unknown {
  const c = core(schema);
  const d = defOf(c);
  const b = bounds(c);
  const out: (() => unknown)[] = [
    () => null,
    () => 0,
    () => -1,
    () => true,
    () => [],
    () => ({}),
    () => '',
    () => rng.pick(ODD_STRINGS),
    () => deep(rng.between(50, 3000), 'array'),
  ];
  switch (d.type) {
    case 'string': {
      const max = b.max ?? 1000;
      out.push(
        () => 12345,
        () => 1.5,
        () => false,
        () => ['a'],
        () => ({ $ne: null }),
        () => fill('x', max + 1),
        () => fill('é', max + 1),
        () => fill('😀', max + 2),
        () => fill(rng.pick(ODD_STRINGS) || 'z', max + 1 + rng.int(max + 1)),
        () => fill('y', Math.min(max * 3 + 17, 200_000)),
        () => fill('\u0000', max + 1),
      );
      if ((b.min ?? 0) > 1) out.push(() => fill('a', (b.min ?? 1) - 1));
      break;
    }
    case 'number': {
      const max = b.max ?? 1e6;
      const min = b.min ?? -1e6;
      for (const v of [
        '5',
        '1e3',
        '0x10',
        'abc',
        max + 1,
        min - 1,
        2 ** 53 + 1,
        1e308,
        -1e308,
        Number.MIN_VALUE,
        false,
      ]) {
        out.push(() => v);
      }
      if (b.int)
        out.push(
          () => 0.5,
          () => max - 0.5,
        );
      if (d.coerce) for (const v of [`${max + 1}`, `${min - 1}`, '1.5', 'Infinity', ' ', '1,2']) out.push(() => v);
      break;
    }
    case 'boolean':
      for (const v of ['true', 'false', 1, 0, 'yes', 'on', ['true']]) out.push(() => v);
      break;
    case 'enum':
    case 'literal': {
      const values = d.type === 'enum' ? Object.values(d.entries ?? {}) : (d.values ?? []);
      const v = String(rng.pick(values.length ? values : ['x']));
      for (const bad of [
        'INVALID',
        v.toUpperCase() === v ? v.toLowerCase() : v.toUpperCase(),
        `${v} `,
        ` ${v}`,
        `${v}\u0000`,
        // Look-alike letters (Cyrillic а, е, о).
        v.replace(/[aeo]/, (ch) => ({ a: '\u0430', e: '\u0435', o: '\u043e' })[ch] ?? ch),
        [v],
        { value: v },
        42,
      ]) {
        out.push(() => bad);
      }
      break;
    }
    case 'array': {
      const max = b.max ?? 100;
      const element = () => (d.element ? sample(d.element, rng)?.value : 'x') ?? 'x';
      out.push(
        () => {
          const e = element();
          return Array.from({ length: max + 1 }, () => e);
        },
        () => Array.from({ length: Math.min(max * 20 + 1, 20_000) }, (_, i) => i),
        () => [null],
        () => [[[]]],
        () => 'not-an-array',
        () => ({ 0: 'a', length: 1 }),
        () => [deep(200, 'object')],
      );
      break;
    }
    case 'object':
      out.push(
        () => 'object',
        () => 5,
        () => [{}],
        () => deep(rng.between(100, 2000), 'object'),
      );
      break;
    default:
      out.push(
        () => 'x',
        () => 5,
      );
  }
  return rng.pick(out)();
}
