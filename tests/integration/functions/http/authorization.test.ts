import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { routeKey, routes, type AnyRoute, type Area, type Member } from '@kehila/shared';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';
import { createCommunity } from '@kehila/functions/data/communities';
import { putMember } from '@kehila/functions/data/memberships';
import { useStackEnv } from '../../support';

type Role = 'anonymous' | 'outsider' | 'member' | 'admin' | 'owner';
const RANK: Record<Role, number> = { anonymous: 0, outsider: 1, member: 2, admin: 3, owner: 4 };
const REQUIRED: Record<AnyRoute['auth'], Role> = {
  public: 'anonymous',
  webhook: 'anonymous', // see the test body
  user: 'outsider',
  member: 'member',
  admin: 'admin',
  owner: 'owner',
};

const communityId = `authz-${Date.now()}`;
const users: Record<Exclude<Role, 'anonymous'>, string> = {
  outsider: `outsider-${communityId}`,
  member: `member-${communityId}`,
  admin: `admin-${communityId}`,
  owner: `owner-${communityId}`,
};

async function invoke(route: AnyRoute, role: Role): Promise<HttpResult> {
  const mod = (await import(`@kehila/functions/http/${route.area as Area}/index`)) as {
    handler: (e: HttpEvent, c: Context) => Promise<HttpResult>;
  };
  const params: Record<string, string> = {};
  for (const m of route.path.matchAll(/\{(\w+)\+?\}/g)) params[m[1] ?? ''] = m[1] === 'communityId' ? communityId : 'x';
  const event: HttpEvent = {
    routeKey: routeKey(route),
    rawPath: route.path,
    headers: { 'content-type': 'application/json' },
    pathParameters: params,
    body: '{}',
    isBase64Encoded: false,
    requestContext: {
      requestId: 'authz',
      http: { method: route.method, path: route.path, sourceIp: '127.0.0.1' },
      ...(role === 'anonymous'
        ? {}
        : { authorizer: { jwt: { claims: { sub: users[role], email: `${role}@example.com` } } } }),
    },
  };
  return mod.handler(event, {
    functionName: 'authz',
    awsRequestId: 'a',
    getRemainingTimeInMillis: () => 5000,
  } as unknown as Context);
}

/**
 * Walks every route of the contract as every kind of caller. It asserts the refusals (401 without a
 * user, 404 for a community the caller is not in, 403 for a weaker role) and that allowed callers
 * are never refused for their role. New routes are covered as soon as they are declared.
 */
describe('authorization of every route', () => {
  // Some routes change what the walk relies on (leaving a community removes the membership), so the
  // memberships are written again before every case.
  let restoreMemberships: () => Promise<void> = async () => undefined;
  beforeEach(async () => {
    await restoreMemberships();
  });

  beforeAll(async () => {
    const deps = useStackEnv();
    const now = new Date();
    const community = blankCommunity({ id: communityId, name: 'Authz test', groupId: null, ownerId: users.owner, now });
    await createCommunity(deps.db, community);
    const base = (id: string, role: Member['role']): Member => blankMember({ userId: id, communityId, role, now });
    restoreMemberships = async () => {
      await putMember(deps.db, base(users.member, 'Member'));
      await putMember(deps.db, base(users.admin, 'Admin'));
      await putMember(deps.db, base(users.owner, 'Admin'));
    };
  });

  const cases = Object.entries(routes).flatMap(([name, route]) =>
    (['anonymous', 'outsider', 'member', 'admin', 'owner'] as Role[]).map(
      (role) => [name, role, route as AnyRoute] as const,
    ),
  );

  it.each(cases)('%s as %s', async (_name, role, route) => {
    // Webhooks authenticate the sender by signature, not by user; their own tests cover that.
    if (route.auth === 'webhook') return;
    const required = REQUIRED[route.auth];
    const res = await invoke(route, role);
    const parsed = JSON.parse(res.body || 'null') as { message?: string } | null;
    const message = parsed && typeof parsed === 'object' ? parsed.message : undefined;
    if (RANK[role] >= RANK[required]) {
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).not.toBe(403);
      expect(message).not.toBe('Community not found');
      expect(res.statusCode).toBeLessThan(500);
    } else if (role === 'anonymous') {
      expect(res.statusCode).toBe(401);
    } else if (role === 'outsider') {
      expect(res.statusCode).toBe(404);
    } else {
      expect(res.statusCode).toBe(403);
    }
  });
});
