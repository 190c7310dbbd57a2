import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { allowlistAdd, allowlistRemove, setTrialEnd } from '@kehila/functions/core/access/operator';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';
import { api, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';

describe('the paywall on the server', () => {
  let deps: Deps;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let communityId = '';

  beforeAll(async () => {
    deps = useStackEnv();
    user = await signedInUser('paywall');
    communityId = (await communityWithGroup(deps, freshGroupId(), [user.id])).id;
  });

  it('a user whose trial ended gets 402 with the reason from a paid route, whatever the web shows', async () => {
    expect((await api(`/api/communities/${communityId}/messages`, { token: user.token })).status).toBe(200);
    await setTrialEnd(deps.db, user.email, new Date(Date.now() - 60_000).toISOString());
    for (const path of [
      `/api/communities/${communityId}/messages`,
      `/api/communities/${communityId}/search?q=parking`,
      `/api/communities/${communityId}/summaries/latest`,
    ]) {
      const res = await api(path, { token: user.token });
      expect(res.status, path).toBe(402);
      expect(res.body).toEqual({ message: 'Your Free Trial Has Ended', code: 'payment_required', reason: 'trial_ended' });
    }
  });

  it('account, billing and leave routes stay open to them', async () => {
    expect((await api('/api/me', { token: user.token })).status).toBe(200);
    expect((await api('/api/communities', { token: user.token })).status).toBe(200);
    // Billing is off locally: the checkout answers its own 503, not the paywall's 402.
    expect((await api('/api/billing/checkout', { token: user.token, method: 'POST', body: { plan: 'pro' } })).status).toBe(
      503,
    );
  });

  it('an allow-list entry opens the paid routes again at once, and its removal closes them', async () => {
    await allowlistAdd(deps.db, user.email, null);
    expect((await api(`/api/communities/${communityId}/messages`, { token: user.token })).status).toBe(200);
    await allowlistRemove(deps.db, user.email);
    expect((await api(`/api/communities/${communityId}/messages`, { token: user.token })).status).toBe(402);
  });
});
