import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { LOCAL_BILLING_WEBHOOK_SECRET } from '@kehila/functions/core/billing/settings';
import { signBody } from '@kehila/functions/core/billing/signature';
import { updateProfile } from '@kehila/functions/data/profiles';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';
import { api, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';
import { group, verifyGroup } from '../communities/verify';
import { findCommunityIdByGroup } from '@kehila/functions/data/communities';

/** A signed Lemon Squeezy event: the owner's Pro subscription started (as the hosted checkout reports it). */
async function proSubscriptionStarted(user: { id: string; email: string }): Promise<number> {
  const body = JSON.stringify({
    meta: { event_name: 'subscription_created', test_mode: true, custom_data: { user_id: user.id } },
    data: {
      type: 'subscriptions',
      id: `sub-entitlements-${user.id}`,
      attributes: {
        store_id: 1,
        customer_id: 778,
        variant_id: 1,
        product_name: 'Kehila',
        variant_name: 'Pro',
        user_email: user.email,
        status: 'active',
        renews_at: '2027-01-01T00:00:00.000000Z',
        ends_at: null,
        updated_at: new Date().toISOString(),
      },
    },
  });
  const res = await fetch(`${stack().url}/webhooks/billing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signBody(body, LOCAL_BILLING_WEBHOOK_SECRET) },
    body,
  });
  return res.status;
}

describe('plan entitlements on the server', () => {
  let deps: Deps;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let coAdmin: Awaited<ReturnType<typeof signedInUser>>;
  let communityId = '';
  const aiRoutes = () => [
    { path: `/api/communities/${communityId}/search?q=parking`, method: 'GET' },
    { path: `/api/communities/${communityId}/summaries/latest`, method: 'GET' },
    { path: `/api/communities/${communityId}/actions/suggest`, method: 'POST' },
  ];

  beforeAll(async () => {
    deps = useStackEnv();
    owner = await signedInUser('free-owner');
    coAdmin = await signedInUser('free-co-admin');
    communityId = (await communityWithGroup(deps, freshGroupId(), [owner.id, coAdmin.id])).id;
    // The owner pays for the community and is on Free.
    await updateProfile(deps.db, owner.id, {
      subscription_plan: 'free',
      trial_ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
  });

  it("a Free community's AI routes answer 402 naming Pro, for its owner and for an admin still in their own trial", async () => {
    for (const user of [owner, coAdmin]) {
      for (const r of aiRoutes()) {
        const res = await api(r.path, { token: user.token, method: r.method });
        expect(res.status, r.path).toBe(402);
        expect(res.body).toEqual({
          message: 'This feature is available on the Pro plan',
          code: 'payment_required',
          reason: 'plan_required',
          plan: 'pro',
        });
      }
    }
  });

  it('the features Free includes stay open on a Free community', async () => {
    expect((await api(`/api/communities/${communityId}/messages`, { token: owner.token })).status).toBe(200);
    expect((await api(`/api/communities/${communityId}/actions`, { token: owner.token })).status).toBe(200);
  });

  it('a Free owner of one community is offered Pro instead of a second, and nothing is written', async () => {
    const secondGroup = group();
    await verifyGroup(owner, secondGroup);
    const res = await api('/api/communities', { token: owner.token, method: 'POST', body: { group_id: secondGroup } });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      message: 'The Free plan includes 1 WhatsApp group. More communities are available on the Pro plan',
      code: 'payment_required',
      reason: 'plan_required',
      plan: 'pro',
    });
    expect(await findCommunityIdByGroup(deps.db, secondGroup)).toBeNull();
  });

  it("after the owner upgrades to Pro, the community's AI routes answer 200", async () => {
    expect(await proSubscriptionStarted(owner)).toBe(200);
    for (const user of [owner, coAdmin]) {
      const search = await api(`/api/communities/${communityId}/search?q=parking`, { token: user.token });
      expect(search.status).toBe(200);
      const summary = await api(`/api/communities/${communityId}/summaries/latest`, { token: user.token });
      expect(summary.status).toBe(200);
    }
    // Pro has no one-group limit: the second community is added.
    const secondGroup = group();
    await verifyGroup(owner, secondGroup);
    const added = await api('/api/communities', {
      token: owner.token,
      method: 'POST',
      body: { group_id: secondGroup },
    });
    expect(added.status).toBe(200);
  });
});
