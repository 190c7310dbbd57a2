import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { BILLING_MESSAGES } from '@kehila/functions/core/billing/messages';
import { getProfile, updateProfile } from '@kehila/functions/data/profiles';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';
import { api, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';

const choose = (token: string) => api('/api/billing/free', { token, method: 'POST', body: {} });

describe('choosing the Free plan (POST /api/billing/free)', () => {
  let deps: Deps;
  beforeAll(() => {
    deps = useStackEnv();
  });

  it('lets an account whose trial ended past the paywall on Free: its community keeps messages and loses the AI routes', async () => {
    const user = await signedInUser('free-chooser');
    const communityId = (await communityWithGroup(deps, freshGroupId(), [user.id])).id;
    await updateProfile(deps.db, user.id, { trial_ends_at: new Date(Date.now() - 60_000).toISOString() });
    const blocked = await api(`/api/communities/${communityId}/messages`, { token: user.token });
    expect(blocked.status).toBe(402);

    const chosen = await choose(user.token);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ plan: 'free' });
    expect((await getProfile(deps.db, user.id))?.subscription_plan).toBe('free');

    expect((await api(`/api/communities/${communityId}/messages`, { token: user.token })).status).toBe(200);
    const search = await api(`/api/communities/${communityId}/search?q=parking`, { token: user.token });
    expect(search.status).toBe(402);
    expect(search.body).toMatchObject({ reason: 'plan_required', plan: 'pro' });
    // Choosing it again changes nothing.
    expect((await choose(user.token)).status).toBe(200);
  });

  it('is refused during the trial, which already has every Pro feature, and nothing is written', async () => {
    const user = await signedInUser('free-in-trial');
    await updateProfile(deps.db, user.id, { trial_ends_at: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    const res = await choose(user.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: BILLING_MESSAGES.freeDuringTrial });
    expect((await getProfile(deps.db, user.id))?.subscription_plan ?? null).toBeNull();
  });

  it('is refused while a paid plan grants access, which it never replaces', async () => {
    const user = await signedInUser('free-paid');
    await updateProfile(deps.db, user.id, { subscription_status: 'active', subscription_plan: 'pro' });
    const res = await choose(user.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: BILLING_MESSAGES.freeWithPlan });
    expect((await getProfile(deps.db, user.id))?.subscription_plan).toBe('pro');
  });

  it('answers 400 to a body with anything in it', async () => {
    const user = await signedInUser('free-body');
    const res = await api('/api/billing/free', { token: user.token, method: 'POST', body: { plan: 'pro' } });
    expect(res.status).toBe(400);
  });
});
