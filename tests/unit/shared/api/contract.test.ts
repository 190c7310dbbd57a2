import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildPath, pathMatcher, routeKey, routes } from '@kehila/shared';

describe('route paths', () => {
  it.each([
    ['/api/communities/{communityId}', '/api/communities/c-1', { communityId: 'c-1' }],
    ['/api/communities/{communityId}/members/{memberId}', '/api/communities/c1/members/m%402', { communityId: 'c1', memberId: 'm@2' }],
    ['/webhooks/whatsapp/{provider}', '/webhooks/whatsapp/waha/', { provider: 'waha' }],
    ['/api/files/{key+}', '/api/files/a/b/c.png', { key: 'a/b/c.png' }],
    ['/api/health', '/api/health', {}],
  ])('%s matches %s', (path, actual, params) => {
    expect(pathMatcher(path)(actual)).toEqual(params);
  });

  it.each([
    ['/api/communities/{communityId}', '/api/communities'],
    ['/api/communities/{communityId}', '/api/communities/a/b'],
    ['/api/health', '/api/healthz'],
    ['/api/a.b', '/api/aXb'],
  ])('%s does not match %s', (path, actual) => {
    expect(pathMatcher(path)(actual)).toBeNull();
  });

  it('keeps a parameter that is not valid percent-encoding as sent, for its schema to refuse', () => {
    expect(pathMatcher('/api/communities/{communityId}')('/api/communities/%E0%A4%A')).toEqual({ communityId: '%E0%A4%A' });
    expect(pathMatcher('/webhooks/whatsapp/{provider}')('/webhooks/whatsapp/%ZZ')).toEqual({ provider: '%ZZ' });
  });

  it('fills path parameters and encodes them', () => {
    expect(buildPath('/api/communities/{communityId}/x', { communityId: 'a b/c' })).toBe('/api/communities/a%20b%2Fc/x');
    expect(() => buildPath('/api/communities/{communityId}', {})).toThrow(/communityId/);
  });

  it('declares every route once, with a unique method and path', () => {
    const keys = Object.values(routes).map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts a communityId in the path of every member, admin and owner route', () => {
    for (const r of Object.values(routes)) {
      if (['member', 'admin', 'owner'].includes(r.auth)) expect(r.path).toContain('{communityId}');
    }
  });
});

interface SchemaDef {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  element: z.ZodType;
  shape: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType: z.ZodType;
  in: z.ZodType;
  options: z.ZodType[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Walks a schema and names every string or array without an upper bound, and every record (unbounded keys). */
function unbounded(schema: z.ZodType, path: string, out: string[] = [], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const bounded = () => (def.checks ?? []).some((c) => ['max_length', 'length_equals'].includes(c._zod.def.check));
  switch (def.type) {
    case 'string':
      if (!bounded()) out.push(`${path}: string without a maximum length`);
      break;
    case 'array':
      if (!bounded()) out.push(`${path}: array without a maximum size`);
      unbounded(def.element, `${path}[]`, out, seen);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape)) unbounded(v, `${path}.${k}`, out, seen);
      if (def.catchall && defOf(def.catchall).type !== 'never') unbounded(def.catchall, `${path}.*`, out, seen);
      break;
    case 'record':
      out.push(`${path}: record with unbounded keys`);
      break;
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      unbounded(def.innerType, path, out, seen);
      break;
    case 'pipe':
      unbounded(def.in, path, out, seen);
      break;
    case 'union':
      def.options.forEach((o, i) => unbounded(o, `${path}|${i}`, out, seen));
      break;
  }
  return out;
}

describe('route input limits', () => {
  it('bounds every string and array in every route\'s params, query and body', () => {
    const problems = Object.entries(routes).flatMap(([name, r]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema: unknown = r[part];
        return schema && schema !== 'raw' ? unbounded(schema as z.ZodType, `${name}.${part}`) : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('the walker finds an unbounded string, array and record', () => {
    const loose = z.object({ a: z.string(), b: z.array(z.string().max(3)).max(2), c: z.record(z.string(), z.string()), d: z.array(z.number()) });
    expect(unbounded(loose, 'x')).toEqual(['x.a: string without a maximum length', 'x.c: record with unbounded keys', 'x.d: array without a maximum size']);
  });
});

describe('per-account budgets', () => {
  it("every route counted per e-mail takes a body with a string `email`, and is public", () => {
    const perEmail = Object.entries(routes).filter(([, r]) => r.rateLimit?.per === 'email');
    expect(perEmail.map(([name]) => name).sort()).toEqual(['resetPassword', 'signUp']);
    for (const [name, r] of perEmail) {
      expect(r.auth, name).toBe('public');
      const body = r.body as z.ZodType;
      const email = (body as unknown as { shape?: Record<string, z.ZodType> }).shape?.email;
      expect(email, name).toBeDefined();
      expect(email?.safeParse('dana@example.com').success, name).toBe(true);
    }
  });
});
