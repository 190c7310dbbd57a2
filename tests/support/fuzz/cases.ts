import { bodyLimitOf, routes, type AnyRoute, type RouteName } from '@kehila/shared';
import { BEFORE_ROLE, judge, STAGE_STATUS, type FuzzRequest, type Stage, type Verdict } from './oracle';
import type { Rng } from './rng';
import { defOf, sample, setAt, slots } from './schemas';
import { badValue, deep, deepJson, ODD_STRINGS, toJson } from './values';

/** What kind of damage a case carries (the first one, when it carries two). */
export type Kind =
  'path' | 'params' | 'unknown-query' | 'query' | 'cursor' | 'size' | 'no-body' | 'media' | 'json' | 'body' | 'webhook';

/** One malformed request of the fuzz run, with what the contract says of it. */
export interface FuzzCase extends FuzzRequest {
  readonly name: RouteName;
  readonly index: number;
  readonly kind: Kind;
  /** A short description for failure reports. */
  readonly label: string;
  readonly verdict: Verdict;
  /** Statuses a caller allowed on the route may get. */
  readonly allowed: readonly number[];
}

/** How a webhook body is authenticated in a case. */
export type Signature = 'none' | 'wrong' | 'valid';

/** What the fuzzer knows of the world it sends to. */
export interface FuzzContext {
  /** The seeded community (every member/admin route is aimed at it). */
  readonly communityId: string;
  /** Path parameters other than the community (existing objects where there are any). */
  readonly ids: Readonly<Record<string, string>>;
  /** Genuine bodies of a webhook route for a provider (recorded fixtures), to damage. */
  readonly webhookSamples: (name: RouteName, provider: string | undefined) => readonly string[];
  /** Headers authenticating a webhook body (or carrying a wrong signature or token). */
  readonly webhookHeaders: (
    name: RouteName,
    provider: string | undefined,
    body: Buffer,
    signature: Exclude<Signature, 'none'>,
    rng: Rng,
  ) => Record<string, string>;
  /** Removes what would authenticate a body by itself (Evolution's `apikey` field) from an unsigned one. */
  readonly unsign: (body: Buffer) => Buffer;
  /** Cursors no page ever returned: refused (`bad`) or of a valid shape that the server may take (`shaped`). */
  readonly cursors: (rng: Rng) => { readonly bad: readonly string[]; readonly shaped: readonly string[] };
}

/** Bodies over a route's limit without allocating one per case: views of one buffer of JSON padded with spaces, and of one starting with junk. */
const PADDED = (() => {
  const b = Buffer.alloc(3 * 1024 * 1024, 0x20);
  b.write('{}');
  return b;
})();
const PADDED_JUNK = (() => {
  const b = Buffer.alloc(3 * 1024 * 1024, 0x20);
  for (let i = 0; i < 64; i++) b[i] = (i * 97 + 13) % 256;
  return b;
})();

/** Content types a JSON route refuses (or that are not one). */
const BAD_TYPES = [
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/jsonx',
  'application/json-seq',
  'application/octet-stream',
  'application/javascript',
  'image/png',
  'json',
  '*/*',
  '',
  'application/ json',
  'APPLICATION/X-JSON',
];

const INVALID_JSON = [
  '{',
  '}',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'Infinity',
  '-',
  '01',
  '{"a":01}',
  '"\\x"',
  '"\\u12"',
  '\ufeff{}',
  '{}garbage',
  '{} {}',
  '/*c*/{}',
  'nul',
  'tru',
  'undefined',
  '{"a":"\u0000"}',
  '{"a":"\t"}',
  '{"__proto__":',
  '[' + '['.repeat(5000),
  '{"a":' + '{"a":'.repeat(3000),
  ' ',
  '\n\n',
];

const PARAM_ODDITIES = [
  '',
  ' ',
  '%20',
  'x'.repeat(65),
  'x'.repeat(1000),
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fme',
  '%2F',
  'a%2Fb',
  'a/b',
  '%00',
  'a%00',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C3%28',
  '%F0%9F%98%80',
  '%D7%9E%D7%96%D7%94%D7%94',
  'a%20b',
  'a+b',
  'a;b',
  "a'b",
  '%3Cx%3E',
  '{communityId}',
  '%7BcommunityId%7D',
  'a.b',
  'a@b',
  'a:b',
  '~',
  '%u0041',
  '%5C',
  '*',
  'a?b=c',
  'a#b',
  '%25',
  '%2525',
];

const UNKNOWN_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'admin',
  'role',
  'x',
  '',
  'a'.repeat(500),
  'LIMIT',
  'Q',
  'q ',
  'cursor[]',
  'limit[0]',
  'hub.mode2',
  '%ZZ',
  '%00',
];

/** Percent-encoding as clients do it: a lone surrogate has no UTF-8 form and goes as U+FFFD. */
function encode(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** ASCII printable as a client sends it on the wire: everything else percent-encoded ('%' kept, for malformed escapes). */
function onWire(s: string): string {
  return s.replace(/[^\x21-\x7e]/gu, (ch) => encode(ch));
}

/** Percent-encodes a query part the way clients do, or keeps it raw for damaged escapes. */
function encodePart(s: string, raw: boolean): string {
  return raw ? onWire(s) : encode(s);
}

interface Draft {
  params: Record<string, string>;
  /** Path segments given as sent (damaged), by parameter name. */
  rawSegments: Record<string, string>;
  pathEdit?: (path: string) => string;
  query: { key: string; value: string; raw?: boolean }[];
  rawQuery: string[];
  body: Buffer;
  contentType: string | null;
  headers: Record<string, string>;
  signature: Signature;
  /** Why a request the contract accepts is still refused (cursor, signature, verify token). */
  semantic?: { readonly label: string; readonly statuses: readonly number[] };
  labels: string[];
}

const json = (v: unknown) => Buffer.from(toJson(v), 'utf8');

function paramNames(route: AnyRoute): string[] {
  return [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1] ?? '');
}

/** The route's valid request: the seeded community, valid ids, a sample query and body. */
function baseDraft(name: RouteName, route: AnyRoute, ctx: FuzzContext, rng: Rng): Draft {
  const params: Record<string, string> = {};
  for (const p of paramNames(route)) {
    if (p === 'communityId') params[p] = ctx.communityId;
    else if (p === 'provider') params[p] = rng.pick(['waha', 'green', 'evolution', 'meta']);
    else params[p] = ctx.ids[p] ?? `fuzz-${p}`;
  }
  const query: Draft['query'] = [];
  if (route.query) {
    const q = sample(route.query, rng, true)?.value as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(q ?? {})) query.push({ key, value: String(value) });
  }
  let body = Buffer.alloc(0);
  if (route.body === 'raw') body = Buffer.from(rng.pick(ctx.webhookSamples(name, params.provider)), 'utf8');
  else if (route.body) body = json(sample(route.body, rng)?.value ?? {});
  return {
    params,
    rawSegments: {},
    query,
    rawQuery: [],
    body,
    contentType: route.body ? 'application/json' : null,
    headers: {},
    signature: route.auth === 'webhook' ? 'valid' : 'none',
    labels: [],
  };
}

function buildRequest(route: AnyRoute, d: Draft, sign: (body: Buffer) => Record<string, string>): FuzzRequest {
  let path = route.path.replace(/\{(\w+)\+?\}/g, (_m, p: string) =>
    p in d.rawSegments ? onWire(d.rawSegments[p] ?? '') : encode(d.params[p] ?? ''),
  );
  if (d.pathEdit) path = d.pathEdit(path);
  const parts = [
    ...d.query.map((q) => `${encodePart(q.key, !!q.raw)}=${encodePart(q.value, !!q.raw)}`),
    ...d.rawQuery.map(onWire),
  ];
  const target = parts.length ? `${path}?${parts.join('&')}` : path;
  const headers: Record<string, string> = { ...d.headers };
  if (d.contentType !== null) headers['content-type'] = d.contentType;
  Object.assign(headers, sign(d.body));
  return { method: route.method, target, headers, body: d.body };
}

/** Damage to the body of a JSON route: fields of the wrong type, missing, past their maximum, odd. */
function damageBody(route: AnyRoute, d: Draft, rng: Rng): void {
  const schema = route.body as Exclude<AnyRoute['body'], 'raw' | undefined>;
  const roll = rng.next();
  if (roll < 0.15) {
    const top = [
      'null',
      '0',
      '"text"',
      '[]',
      '[{}]',
      'true',
      '1e999',
      '-0',
      '"' + 'x'.repeat(rng.between(1, 5000)) + '"',
      deepJson(20_000, 'array'),
      deepJson(5_000, 'object'),
    ];
    const text = rng.pick(top);
    d.body = Buffer.from(text, 'utf8');
    d.labels.push(`body ${text.slice(0, 20)}`);
    return;
  }
  let value: unknown = {};
  // Already damaged past JSON or into deep nesting by another kind: damage an empty object instead.
  if (d.body.length < 10_000) {
    try {
      value = JSON.parse(d.body.toString('utf8') || '{}');
    } catch {
      value = {};
    }
  }
  const places = slots(schema);
  for (let i = rng.between(1, 3); i > 0; i--) {
    const slot = rng.pick(places);
    if (slot.path.length > 0 && rng.chance(0.2)) {
      value = setAt(value, slot.path, undefined);
      d.labels.push(`without ${slot.path.join('.')}`);
    } else {
      const bad = badValue(slot.schema, rng);
      value = setAt(value, slot.path, bad);
      d.labels.push(`${slot.path.join('.') || '(body)'}=${describe(bad)}`);
    }
  }
  let text = toJson(value);
  if (rng.chance(0.25) && text.startsWith('{')) {
    // Keys the schema does not name (strip them, never use them), prototype keys, duplicated keys.
    const extra = rng.pick([
      '"__proto__":{"admin":true},',
      '"constructor":{"prototype":{"admin":true}},',
      '"role":"Admin","owner_id":"someone",',
      Array.from({ length: 2000 }, (_, i) => `"k${i}":${i},`).join(''),
      `${text.slice(1, -1)},`,
    ]);
    text = `{${extra}${text.slice(1)}`.replace(/,}$/, '}');
    d.labels.push(`extra ${extra.slice(0, 20)}`);
  }
  d.body = Buffer.from(text, 'utf8');
}

function describe(v: unknown): string {
  if (typeof v === 'string') return v.length > 12 ? `"${v.slice(0, 6)}…"(${v.length})` : JSON.stringify(v);
  if (Array.isArray(v)) return `[…](${v.length})`;
  if (v && typeof v === 'object') return '{…}';
  return String(v);
}

/** Damage to a webhook body: junk, wrong shapes, or a genuine body with fields broken. */
function damageWebhookBody(d: Draft, samples: readonly string[], rng: Rng): void {
  const roll = rng.next();
  if (roll < 0.15) {
    d.body = rng.bytes(rng.between(0, 2000));
    d.labels.push('random bytes');
  } else if (roll < 0.3) {
    const text = rng.pick(INVALID_JSON);
    d.body = Buffer.from(text, 'utf8');
    d.labels.push(`invalid JSON ${text.slice(0, 12)}`);
  } else if (roll < 0.45) {
    const text = rng.pick([
      'null',
      '[]',
      '"x"',
      '5',
      '{}',
      '[{}]',
      '{"event":5}',
      '{"meta":null,"data":null}',
      '{"typeWebhook":[]}',
      '{"object":"whatsapp_business_account","entry":"x"}',
      deepJson(20_000, 'array'),
      deepJson(2000, 'object'),
    ]);
    d.body = Buffer.from(text, 'utf8');
    d.labels.push(`shape ${text.slice(0, 16)}`);
  } else if (roll < 0.7) {
    // A genuine body with a few of its strings (ids, names, texts) many times their length wherever they
    // occur, their start and end kept: a group id stays `…@g.us`, so it still reaches what reads it.
    let value: unknown = {};
    try {
      value = JSON.parse(rng.pick(samples));
    } catch {
      // A sample that is not JSON: nothing to lengthen.
    }
    const strings = [...new Set(jsonPaths(value).map((p) => getAt(value, p)))].filter(
      (v): v is string => typeof v === 'string' && v.length > 1,
    );
    // Ids (they become table keys) more often than other strings.
    const ids = strings.filter((v) => /^[\w.@:+-]+$/.test(v) && /\d/.test(v));
    const long = new Map<string, string>();
    for (let i = Math.min(strings.length, rng.between(1, 3)); i > 0; i--) {
      const target = rng.pick(ids.length > 0 && rng.chance(0.7) ? ids : strings);
      long.set(target, longer(target, rng, 5000));
      d.labels.push(`long ${describe(target)}`);
    }
    const swap = (v: unknown): unknown =>
      typeof v === 'string'
        ? (long.get(v) ?? v)
        : Array.isArray(v)
          ? v.map(swap)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]))
            : v;
    value = swap(value);
    d.body = json(value);
  } else {
    let value: unknown = {};
    try {
      value = JSON.parse(rng.pick(samples));
    } catch {
      // A sample that is not JSON: damage an empty object.
    }
    const places = jsonPaths(value);
    for (let i = rng.between(1, 4); i > 0; i--) {
      const path = rng.pick(places);
      const was = getAt(value, path);
      const bad = rng.chance(0.15)
        ? undefined
        : typeof was === 'string' && rng.chance(0.3)
          ? longer(was, rng, 20_000)
          : rng.pick<unknown>([
              null,
              5,
              -1,
              1e308,
              '',
              true,
              [],
              {},
              'x'.repeat(rng.between(100, 20_000)),
              rng.pick(ODD_STRINGS),
              deep(rng.between(10, 1500), rng.chance(0.5) ? 'array' : 'object'),
              { $gt: '' },
              '1e999',
              [null, null],
            ]);
      value = setAt(value, path, bad);
      d.labels.push(`${path.join('.')}=${bad === undefined ? '(removed)' : describe(bad)}`);
    }
    d.body = json(value);
  }
}

/** The thing at `path` in a JSON value (undefined where there is none). */
function getAt(value: unknown, path: readonly (string | number)[]): unknown {
  let cur = value;
  for (const p of path) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

/** A string made far longer but keeping its shape: padded inside, its first and last character kept (a group id stays `…@g.us`). */
function longer(s: string, rng: Rng, most: number): string {
  // Sizes around the table's key limits (1,024 bytes for a sort key, 2,048 for a partition key) and past them.
  const size = rng.pick([rng.between(300, 1000), rng.between(1025, 2047), rng.between(2049, most)]);
  const pad = (rng.chance(0.5) ? '9' : rng.pick(['x', 'é', '-'])).repeat(size);
  const at = s.length > 1 ? rng.between(1, s.length - 1) : s.length;
  return `${s.slice(0, at)}${pad}${s.slice(at)}`;
}

/** Every path into a JSON value (containers and leaves), a few levels deep. */
function jsonPaths(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(path);
  if (path.length > 5) return out;
  if (Array.isArray(value)) value.slice(0, 3).forEach((v, i) => jsonPaths(v, [...path, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) jsonPaths(v, [...path, k], out);
  }
  return out;
}

/** Applies one kind of damage to a draft. */
function damage(kind: Kind, name: RouteName, route: AnyRoute, d: Draft, ctx: FuzzContext, rng: Rng): void {
  switch (kind) {
    case 'path': {
      const edit = rng.pick<[string, (p: string) => string]>([
        ['trailing /', (p) => `${p}/`],
        ['trailing //', (p) => `${p}//`],
        ['extra segment', (p) => `${p}/x`],
        ['/..', (p) => `${p}/..`],
        ['/.', (p) => `${p}/.`],
        ['leading //', (p) => `/${p}`],
        ['upper case', (p) => p.toUpperCase()],
        ['/API/', (p) => p.replace('/api/', '/API/')],
        ['/api//', (p) => p.replace(/^\/(api|webhooks)\//, '/$1//')],
        ['encoded letter', (p) => p.replace(/\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`)],
        ['%00', (p) => `${p}%00`],
        [';matrix', (p) => `${p};x=1`],
        ['%2F', (p) => `${p}%2F`],
        ['/./', (p) => p.replace(/^\/(api|webhooks)\//, '/$1/./')],
        ['..%2F', (p) => `${p}/${'..%2F'.repeat(5)}`],
        ['root', () => '/'],
        ['asterisk', () => '*'],
        ['absolute form', (p) => `http://evil.example${p}`],
        ['//[', (p) => `//[${p}`],
        ['fragment', (p) => `${p}#x`],
        ['/%2e%2e', (p) => `/%2e%2e${p}`],
        ['/api/../', (p) => `/api/..${p}`],
        ['backslash', (p) => p.replace(/\//g, '\\')],
      ]);
      d.pathEdit = edit[1];
      d.labels.push(`path ${edit[0]}`);
      return;
    }
    case 'params': {
      const names = paramNames(route);
      const p = rng.pick(names);
      const odd = rng.chance(0.85)
        ? rng.pick(PARAM_ODDITIES)
        : rng.pick([
            encode(rng.pick(ODD_STRINGS)),
            `${d.params[p] ?? ''}${rng.pick(['%0A', '%20', '.', '/'])}`,
            (d.params[p] ?? '').toUpperCase(),
          ]);
      d.rawSegments[p] = odd;
      d.labels.push(`${p}=${JSON.stringify(odd.slice(0, 24))}`);
      return;
    }
    case 'unknown-query': {
      if (rng.chance(0.2)) {
        const raw = rng.pick(['&&&', '=x', 'flag', '=', '&=&', '%ZZ=1', 'a=%E0%A4%A']);
        d.rawQuery.push(raw);
        d.labels.push(`query raw ${raw}`);
      } else {
        const key = rng.pick(UNKNOWN_KEYS);
        d.query.push({
          key,
          value: rng.pick(['1', '', 'true', 'x'.repeat(3000), rng.pick(ODD_STRINGS)]),
          raw: key.startsWith('%'),
        });
        d.labels.push(`query key ${JSON.stringify(key.slice(0, 16))}`);
      }
      return;
    }
    case 'query': {
      const shape = defOf(route.query as NonNullable<AnyRoute['query']>).shape ?? {};
      const key = rng.pick(Object.keys(shape));
      const field = shape[key] as NonNullable<AnyRoute['query']>;
      const roll = rng.next();
      d.query = d.query.filter((q) => q.key !== key || roll < 0.2);
      if (roll < 0.2) {
        d.query.push({ key, value: rng.pick(['x', '1', '', 'desc']) });
        d.labels.push(`repeated ${key}`);
      } else if (roll < 0.3) {
        d.labels.push(`without ${key}`);
      } else if (roll < 0.4) {
        const raw = rng.pick(['%ZZ', '%E0%A4%A', '%', '%00', '%C3%28']);
        d.query.push({ key, value: raw, raw: true });
        d.labels.push(`${key}=${raw}`);
      } else {
        const value = badValue(field, rng);
        const bad = rng.pick([
          typeof value === 'string' && !value.startsWith('@@deep:') ? value : toJson(value),
          '1e3',
          '-5',
          '0x1F',
          '1.5',
          'Infinity',
          '  7  ',
          '٣',
          '2026-13-45',
          'yesterday',
          'x'.repeat(5000),
        ]);
        d.query.push({ key, value: bad });
        d.labels.push(`${key}=${describe(bad)}`);
      }
      return;
    }
    case 'cursor': {
      const { bad, shaped } = ctx.cursors(rng);
      const isShaped = rng.chance(0.3);
      const cursor = rng.pick(isShaped ? shaped : bad);
      d.query = [{ key: 'cursor', value: cursor }];
      if (rng.chance(0.4)) d.query.push({ key: 'q', value: 'hello' });
      if (rng.chance(0.3)) d.query.push({ key: 'order', value: rng.pick(['asc', 'desc']) });
      if (rng.chance(0.3)) {
        d.query.push({ key: 'from', value: '2026-02-01' }, { key: 'to', value: '2026-01-01' });
        d.labels.push('reversed range');
      }
      d.semantic = { label: 'cursor', statuses: isShaped ? [200, 400] : [400] };
      d.labels.push(`cursor ${isShaped ? 'shaped' : 'bad'} ${cursor.slice(0, 16)}`);
      return;
    }
    case 'size': {
      const limit = bodyLimitOf(route);
      const size = rng.chance(0.3) ? limit + 1 : limit + rng.between(2, limit);
      d.body = (rng.chance(0.8) ? PADDED : PADDED_JUNK).subarray(0, size);
      d.labels.push(`${size} bytes (limit ${limit})`);
      return;
    }
    case 'no-body': {
      const text = rng.pick(['{}', '[]', ' ', 'null', '{"a":1}', 'x'.repeat(1000), '\u0000']);
      d.body = rng.chance(0.2) ? rng.bytes(rng.between(1, 500)) : Buffer.from(text, 'utf8');
      d.contentType = rng.pick(['application/json', 'text/plain', null]);
      d.labels.push(`unwanted body (${d.body.length} bytes)`);
      return;
    }
    case 'media': {
      const type = rng.pick<string | null>([...BAD_TYPES, null]);
      d.contentType = type;
      d.labels.push(`content-type ${JSON.stringify(type)}`);
      return;
    }
    case 'json': {
      const roll = rng.next();
      let text: string;
      if (roll < 0.6) text = rng.pick(INVALID_JSON);
      else if (roll < 0.8) {
        const full = d.body.toString('utf8');
        text = full.slice(0, rng.int(Math.max(1, full.length)));
      } else {
        d.body = Buffer.concat([rng.bytes(rng.between(1, 200)), Buffer.from([0xc3, 0x28, 0xff, 0xfe])]);
        d.labels.push('invalid UTF-8');
        return;
      }
      d.body = Buffer.from(text, 'utf8');
      d.labels.push(`invalid JSON ${JSON.stringify(text.slice(0, 16))}`);
      return;
    }
    case 'body':
      damageBody(route, d, rng);
      return;
    case 'webhook':
      damageWebhookBody(d, ctx.webhookSamples(name, d.params.provider), rng);
      return;
  }
}

/** The kinds of damage that apply to a route, with weights. */
function kindsOf(name: RouteName, route: AnyRoute): [Kind, number][] {
  const kinds: [Kind, number][] = [
    ['path', 6],
    ['unknown-query', 8],
    ['size', 5],
  ];
  if (paramNames(route).length) kinds.push(['params', 20]);
  if (route.query) kinds.push(['query', 15]);
  if (route.query && 'cursor' in (defOf(route.query).shape ?? {})) kinds.push(['cursor', 15]);
  if (route.body === 'raw') kinds.push(['webhook', 45]);
  else if (route.body) kinds.push(['body', 35], ['json', 10], ['media', 8]);
  else kinds.push(['no-body', 12]);
  if (name === 'whatsappWebhookVerify') kinds.push(['query', 10]);
  return kinds;
}

function weighted(kinds: readonly [Kind, number][], rng: Rng): Kind {
  let roll = rng.next() * kinds.reduce((n, [, w]) => n + w, 0);
  for (const [kind, w] of kinds) {
    roll -= w;
    if (roll < 0) return kind;
  }
  return kinds[kinds.length - 1]?.[0] ?? 'path';
}

/**
 * `count` requests to a route that the contract refuses (or that the server must refuse for what
 * they carry: unsigned webhooks, cursors it never made, wrong verify tokens), each with the route it
 * reaches, the check it fails and the statuses an allowed caller may get. Deterministic for a seed.
 */
export function casesFor(name: RouteName, ctx: FuzzContext, rng: Rng, count: number): FuzzCase[] {
  const route = routes[name] as AnyRoute;
  const kinds = kindsOf(name, route);
  const out: FuzzCase[] = [];
  for (let attempt = 0; out.length < count; attempt++) {
    if (attempt > count * 50) throw new Error(`could not make ${count} malformed requests for ${name}`);
    const d = baseDraft(name, route, ctx, rng);
    const kind = weighted(kinds, rng);
    const signedRoute = route.auth === 'webhook' && route.method === 'POST';
    if (signedRoute) {
      // Half signed: only a signed body reaches the parser and the table.
      d.signature = rng.pick<Signature>(['none', 'wrong', 'valid', 'valid']);
      d.labels.push(`signature ${d.signature}`);
      // A signed body is always damaged: a genuine signed delivery is not a malformed request.
      if (d.signature === 'valid' && kind !== 'webhook') damage('webhook', name, route, d, ctx, rng);
      if (rng.chance(0.3)) d.contentType = rng.pick<string | null>([...BAD_TYPES, null]);
    }
    damage(kind, name, route, d, ctx, rng);
    // Now and then a second kind of damage: the first check that fails must still be the one answered.
    if (rng.chance(0.15)) damage(weighted(kinds, rng), name, route, d, ctx, rng);
    if (signedRoute) {
      if (d.signature === 'none') d.body = ctx.unsign(d.body);
      d.semantic =
        d.signature === 'valid'
          ? { label: 'signed junk', statuses: [200, 400] }
          : { label: 'unsigned', statuses: [401] };
    }
    const signature = d.signature;
    const request = buildRequest(route, d, (body) =>
      signature === 'none' || route.auth !== 'webhook'
        ? {}
        : ctx.webhookHeaders(name, d.params.provider, body, signature, rng),
    );
    let verdict = judge(request);
    // A well-formed community id that is not the seeded community's: no caller is in it (404).
    const community = verdict.params?.communityId;
    if (
      community !== undefined &&
      community !== ctx.communityId &&
      !(verdict.stage && BEFORE_ROLE.has(verdict.stage))
    ) {
      verdict = { ...verdict, stage: 'community' };
    }
    // A valid signature for one provider, sent to another's path, authenticates nothing there.
    if (signedRoute && d.signature === 'valid' && verdict.params?.provider !== d.params.provider) {
      d.semantic = { label: 'signed for another provider', statuses: [401] };
    }
    if (route.auth === 'webhook' && !signedRoute) {
      // The handshake's verify token is never the configured one; only Meta has a handshake.
      d.semantic = { label: 'verify token', statuses: verdict.params?.provider === 'meta' ? [403] : [404] };
    }
    // A cursor the target no longer carries (cut off by a fragment, say) is refused by no one.
    if (d.semantic?.label === 'cursor' && verdict.query?.cursor === undefined) d.semantic = undefined;
    let allowed: readonly number[];
    if (verdict.stage) allowed = STAGE_STATUS[verdict.stage];
    else if (verdict.route === name && d.semantic) allowed = d.semantic.statuses;
    // The contract takes it: not a malformed request (e.g. an extra field on an otherwise valid body).
    else continue;
    out.push({ ...request, name, index: out.length, kind, label: d.labels.join('; '), verdict, allowed });
  }
  return out;
}

/** The stages a list of cases fail at, counted (for the run's report). */
export function stageCounts(cases: readonly FuzzCase[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of cases) {
    const key: Stage | 'semantic' = c.verdict.stage ?? 'semantic';
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}
