import { describe, expect, it } from 'vitest';
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
