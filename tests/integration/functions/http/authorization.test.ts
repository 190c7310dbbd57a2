import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { FEATURE_PLAN, routeKey, routes, type AnyRoute, type Area, type Member, type Profile } from '@kehila/shared';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';
import { areaUses, areasWithRoutes, portsOf } from '@kehila/functions/http/areas';
import type { Wiring } from '@kehila/functions/wiring/deps';
import { putAction } from '@kehila/functions/data/actions';
import { putSupplierDraftIfNew, putSupplierIfNew } from '@kehila/functions/data/suppliers';
import { createRunIfNew, putOpportunityIfNew } from '@kehila/functions/data/bi';
import { putEnrichmentJob } from '@kehila/functions/data/enrichment';
import { createCommunity } from '@kehila/functions/data/communities';
import { deleteMember, putMember } from '@kehila/functions/data/memberships';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import { createProfile, updateProfile } from '@kehila/functions/data/profiles';
import { useStackEnv } from '../../support';
import { actionOf } from '../../../fixtures/actions';
import { draftOf, supplierOf } from '../../../fixtures/suppliers';
import { opportunityOf, runOf } from '../../../fixtures/bi';

/**
 * Who calls. `outsider` is signed in and belongs to no community; `adminOfB` administers another
 * community; `leaver` was a member of A and left; `blocked` is an Admin of A whose free trial ended
 * (no plan, no allow-list entry): every paid route answers them 402. `freeOwner` owns community F, on
 * the Free plan, and calls F's routes: every route that sells a plan feature answers them 402
 * `plan_required` with the plan that unlocks it.
 */
type Role = 'anonymous' | 'outsider' | 'adminOfB' | 'leaver' | 'member' | 'admin' | 'owner' | 'blocked' | 'freeOwner';
const ROLES: Role[] = [
  'anonymous',
  'outsider',
  'adminOfB',
  'leaver',
  'member',
  'admin',
  'owner',
  'blocked',
  'freeOwner',
];
const RANK: Record<Role, number> = {
  anonymous: 0,
  outsider: 1,
  adminOfB: 1,
  leaver: 1,
  member: 2,
  admin: 3,
  blocked: 3,
  owner: 4,
  freeOwner: 4,
};
const REQUIRED: Record<AnyRoute['auth'], number> = { public: 0, webhook: 0, user: 1, member: 2, admin: 3, owner: 4 };

const stamp = Date.now();
const communityA = `authz-a-${stamp}`;
const communityB = `authz-b-${stamp}`;
const communityFree = `authz-free-${stamp}`;
const users: Record<Exclude<Role, 'anonymous'>, string> = {
  outsider: `outsider-${stamp}`,
  adminOfB: `admin-of-b-${stamp}`,
  leaver: `leaver-${stamp}`,
  member: `member-${stamp}`,
  admin: `admin-${stamp}`,
  owner: `owner-${stamp}`,
  blocked: `blocked-${stamp}`,
  freeOwner: `free-owner-${stamp}`,
};

/** Path parameters: community A, and for an object id one that exists only in community B. */
let objectIds: Record<string, string> = {};

/** Valid bodies of the object routes that take one, so the walk reaches the object itself. */
const VALID_BODIES: Record<string, unknown> = {
  setImportDateOrder: { day_first: true },
  updateAction: { kind: 'status', status: 'done' },
  updateSupplier: { supplier_name: 'A supplier of community B' },
};

async function invoke(route: AnyRoute, role: Role, body: unknown = {}): Promise<HttpResult> {
  const mod = (await import(`@kehila/functions/http/${route.area as Area}/index`)) as {
    handler: (e: HttpEvent, c: Context) => Promise<HttpResult>;
  };
  const params: Record<string, string> = {};
  for (const m of route.path.matchAll(/\{(\w+)\+?\}/g)) {
    const name = m[1] ?? '';
    const community = role === 'freeOwner' ? communityFree : communityA;
    params[name] = name === 'communityId' ? community : (objectIds[name] ?? 'waha');
  }
  const takesBody = route.body !== undefined;
  const event: HttpEvent = {
    routeKey: routeKey(route),
    rawPath: route.path,
    headers: takesBody ? { 'content-type': 'application/json' } : {},
    pathParameters: params,
    ...(takesBody ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
    requestContext: {
      requestId: 'authz',
      http: { method: route.method, path: route.path, sourceIp: '127.0.0.1' },
      ...(role === 'anonymous'
        ? {}
        : { authorizer: { jwt: { claims: { sub: users[role], email: `${role}@example.com`, token_use: 'id' } } } }),
    },
  };
  return mod.handler(event, {
    functionName: 'authz',
    awsRequestId: 'a',
    getRemainingTimeInMillis: () => 5000,
  } as unknown as Context);
}

const bodyOf = (res: HttpResult) => {
  const parsed = JSON.parse(res.body || 'null') as {
    message?: string;
    code?: string;
    reason?: string;
    plan?: string;
  } | null;
  return parsed && typeof parsed === 'object' ? parsed : {};
};

/**
 * Walks every route of the contract as every kind of caller (new routes are covered as soon as
 * they are declared): 401 without a user, 404 for a community the caller is not in (also after
 * leaving it, and for another community's admin), 403 for a weaker role, 402 with a reason on
 * every paid route for a user whose trial ended and on every plan feature for a Free community, and never a refusal or a 5xx for a caller who may
 * use the route. Objects of another community are never reached through this one's path.
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
    const inTrial = new Date(now.getTime() + 7 * 86_400_000).toISOString();
    const ended = new Date(now.getTime() - 86_400_000).toISOString();
    for (const [role, id] of Object.entries(users)) {
      const profile: Profile = {
        id,
        username: role,
        group_id: null,
        subscription_status: null,
        subscription_plan: null,
        lemon_squeezy_customer_id: null,
        subscription_ends_at: null,
        trial_ends_at: role === 'blocked' || role === 'freeOwner' ? ended : inTrial,
        // The Free plan, chosen when the trial ended.
        ...(role === 'freeOwner' ? { subscription_plan: 'free' } : {}),
        phone_number: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      } as Profile;
      const { created } = await createProfile(deps.db, profile);
      if (!created) {
        await updateProfile(deps.db, id, {
          trial_ends_at: profile.trial_ends_at,
          subscription_plan: profile.subscription_plan,
        });
      }
    }
    await createCommunity(
      deps.db,
      blankCommunity({ id: communityA, name: 'Authz A', groupId: null, ownerId: users.owner, now }),
    );
    await createCommunity(
      deps.db,
      blankCommunity({ id: communityFree, name: 'Authz Free', groupId: null, ownerId: users.freeOwner, now }),
    );
    await createCommunity(
      deps.db,
      blankCommunity({ id: communityB, name: 'Authz B', groupId: null, ownerId: users.adminOfB, now }),
    );
    // Objects that belong to community B: reaching them through A's path must find nothing.
    objectIds = {
      msgId: `b-message-${stamp}`,
      importId: `b-import-${stamp}`,
      actionId: `b-action-${stamp}`,
      supplierId: `b-supplier-${stamp}`,
      draftId: `b-draft-${stamp}`,
      opportunityId: `b-opportunity-${stamp}`,
      runId: `b-run-${stamp}`,
      jobId: `b-enrichment-${stamp}`,
    };
    const at = now.toISOString();
    await putMessageIfNew(deps.db, {
      communityId: communityB,
      message: {
        msg_id: objectIds.msgId ?? '',
        group_id: 'b@g.us',
        content: 'A message of community B',
        timestamp: at,
        Sender_name: 'Dana',
        sender_hash: '972501234567@c.us',
        topic: null,
        keywords: [],
        urgency: 'low',
        sentiment: 0,
        action_items: [],
        emotion: 'neutral',
        intent: 'social',
        cluster_id: null,
        toxicity: 0,
      },
      senderKey: 'b',
      provider: 'waha',
      providerMessageId: objectIds.msgId ?? '',
      receivedAt: at,
    });
    // An action of community B's admin: no path of community A reaches it, not even for A's owner.
    await putAction(
      deps.db,
      communityB,
      actionOf({
        action_id: objectIds.actionId ?? '',
        group_id: 'b@g.us',
        user_id: users.owner,
        title: 'An action filed under community B',
        created_at: at,
      }),
    );
    // A supplier and a proposed recommendation of community B.
    await putSupplierIfNew(deps.db, communityB, {
      ...supplierOf({ supplier_id: objectIds.supplierId ?? '', supplier_name: 'Supplier of B', date_added: at }),
      added_by: users.owner,
    });
    await putSupplierDraftIfNew(deps.db, communityB, draftOf({ draft_id: objectIds.draftId ?? '', detected_at: at }));
    // An opportunity and an analysis run of community B.
    await putOpportunityIfNew(deps.db, opportunityOf({ id: objectIds.opportunityId ?? '', community_id: communityB, created_at: at }));
    await createRunIfNew(deps.db, runOf({ id: objectIds.runId ?? '', community_id: communityB, created_at: at }));
    // A LinkedIn enrichment job of community B.
    await putEnrichmentJob(deps.db, {
      id: objectIds.jobId ?? '',
      community_id: communityB,
      status: 'done',
      member_ids: [],
      processed: 0,
      total: 0,
      enriched: 0,
      not_found: 0,
      failed: 0,
      results: {},
      force_refresh: true,
      provider: 'fixtures',
      error: null,
      created_at: at,
      updated_at: at,
      worker_token: null,
    });
    const base = (id: string, communityId: string, role: Member['role']): Member =>
      blankMember({ userId: id, communityId, role, now });
    restoreMemberships = async () => {
      await putMember(deps.db, base(users.member, communityA, 'Member'));
      await putMember(deps.db, base(users.admin, communityA, 'Admin'));
      await putMember(deps.db, base(users.owner, communityA, 'Admin'));
      await putMember(deps.db, base(users.blocked, communityA, 'Admin'));
      await putMember(deps.db, base(users.adminOfB, communityB, 'Admin'));
      await putMember(deps.db, base(users.freeOwner, communityFree, 'Admin'));
      // The leaver was a member and left: their membership item is gone.
      await putMember(deps.db, base(users.leaver, communityA, 'Member'));
      await deleteMember(deps.db, communityA, users.leaver);
      // Choosing the Free plan (which the blocked Admin may do) would end their paywall.
      await updateProfile(deps.db, users.blocked, { subscription_plan: null });
    };
  });

  const cases = Object.entries(routes).flatMap(([name, route]) =>
    ROLES.map((role) => [name, role, route as AnyRoute] as const),
  );

  it.each(cases)('%s as %s', async (_name, role, route) => {
    // Webhooks authenticate the sender by signature, not by user; their own tests cover that.
    if (route.auth === 'webhook') return;
    const res = await invoke(route, role);
    const body = bodyOf(res);
    expect(res.statusCode).toBeLessThan(500);
    const communityRoute = REQUIRED[route.auth] >= REQUIRED.member;
    if (RANK[role] >= REQUIRED[route.auth]) {
      if (role === 'blocked' && route.requires === 'active-plan') {
        expect(res.statusCode).toBe(402);
        expect(body).toMatchObject({ code: 'payment_required', reason: 'trial_ended' });
        return;
      }
      if (role === 'freeOwner' && route.feature) {
        expect(res.statusCode).toBe(402);
        expect(body).toMatchObject({
          code: 'payment_required',
          reason: 'plan_required',
          plan: FEATURE_PLAN[route.feature],
        });
        return;
      }
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).not.toBe(402);
      expect(res.statusCode).not.toBe(403);
      expect(body.message).not.toBe('Community not found');
    } else if (role === 'anonymous') {
      expect(res.statusCode).toBe(401);
    } else if (RANK[role] === 1 && communityRoute) {
      // Not in this community (never were, left it, or administer another): it does not exist for them.
      expect(res.statusCode).toBe(404);
      expect(body.message).toBe('Community not found');
    } else {
      expect(res.statusCode).toBe(403);
    }
  });

  it.each(Object.entries(routes).filter(([, r]) => /\{(msgId|importId|actionId|supplierId|draftId|opportunityId|runId|jobId)\}/.test(r.path)))(
    "%s never reaches another community's object through this one's path",
    async (name, route) => {
      if ((route as AnyRoute).body) expect(VALID_BODIES, `add a valid body of ${name}`).toHaveProperty(name);
      const res = await invoke(route as AnyRoute, 'owner', VALID_BODIES[name]);
      expect(res.statusCode).toBe(404);
    },
  );
});

/**
 * Each area's Lambda wires exactly the ports its routes declare in `uses` (the CDK grants come from
 * the same declarations), so a handler never reaches a port its function does not carry, nor
 * carries one it does not use.
 */
describe('wiring of every area', () => {
  it.each(areasWithRoutes())('%s wires the ports its routes declare', async (area) => {
    const mod = (await import(`@kehila/functions/http/${area}/index`)) as { wiring: Wiring };
    expect(Object.keys(mod.wiring).sort()).toEqual(portsOf(areaUses(area)));
  });
});
