import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@kehila/functions/data/table-client';
import type { Deps } from '@kehila/functions/core/deps';
import { setTrialEnd } from '@kehila/functions/core/access/operator';
import { LOCAL_BILLING_WEBHOOK_SECRET } from '@kehila/functions/core/billing/settings';
import { BILLING_MESSAGES } from '@kehila/functions/core/billing/messages';
import { signBody } from '@kehila/functions/core/billing/signature';
import { bodyHash } from '@kehila/functions/core/billing/signature';
import { hasBillingReceipt } from '@kehila/functions/data/billing';
import { keys } from '@kehila/functions/data/keys';
import { getProfile, updateProfile } from '@kehila/functions/data/profiles';
import { api, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';

function subscriptionBody(
  event: string,
  user: { id?: string; email: string; subscription?: string },
  status: string,
  updatedAt: string,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    meta: { event_name: event, test_mode: true, ...(user.id ? { custom_data: { user_id: user.id } } : {}) },
    data: {
      type: 'subscriptions',
      id: user.subscription ?? `sub-${user.email}`,
      attributes: {
        store_id: 1,
        customer_id: 777,
        variant_id: 1,
        product_name: 'Kehila',
        variant_name: 'Pro',
        user_email: user.email,
        status,
        renews_at: '2027-01-01T00:00:00.000000Z',
        ends_at: null,
        updated_at: updatedAt,
        ...extra,
      },
    },
  });
}

function post(body: string, signature: string | undefined) {
  return fetch(`${stack().url}/webhooks/billing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature': signature }) },
    body,
  });
}
const signed = (body: string) => post(body, signBody(body, LOCAL_BILLING_WEBHOOK_SECRET));

describe('billing webhook (POST /webhooks/billing)', () => {
  let deps: Deps;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  const blocked = async () =>
    ((await api('/api/me', { token: user.token })).body.access as { isBlocked: boolean }).isBlocked;

  beforeAll(async () => {
    deps = useStackEnv();
    user = await signedInUser('bill');
    await setTrialEnd(deps.db, user.email, '2020-01-01T00:00:00.000Z');
  });

  it('an expired trial starts blocked', async () => {
    expect(await blocked()).toBe(true);
  });

  it('refuses a body without X-Signature (401) and changes nothing', async () => {
    const res = await post(subscriptionBody('subscription_created', user, 'active', '2026-06-01T10:00:00Z'), undefined);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(BILLING_MESSAGES.badSignature);
    expect((await getProfile(deps.db, user.id))?.subscription_status).toBeNull();
  });

  it('refuses a tampered body (401) and changes nothing', async () => {
    const body = subscriptionBody('subscription_created', user, 'active', '2026-06-01T10:00:00Z');
    const tampered = body.replace('"customer_id":777', '"customer_id":778');
    expect((await post(tampered, signBody(body, LOCAL_BILLING_WEBHOOK_SECRET))).status).toBe(401);
    expect((await post(body, signBody(body, 'not-the-secret'))).status).toBe(401);
    expect((await getProfile(deps.db, user.id))?.lemon_squeezy_customer_id).toBeNull();
    expect(await hasBillingReceipt(deps.db, bodyHash(body))).toBe(false);
  });

  it('a signed subscription_created sets the subscription fields and unblocks the user', async () => {
    const res = await signed(subscriptionBody('subscription_created', user, 'active', '2026-06-01T10:00:00Z'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await getProfile(deps.db, user.id)).toMatchObject({
      subscription_status: 'active',
      subscription_plan: 'pro',
      lemon_squeezy_customer_id: '777',
      subscription_ends_at: '2027-01-01T00:00:00.000Z',
    });
    expect(await blocked()).toBe(false);
  });

  it('a replayed body changes nothing, even when nothing else would stop it', async () => {
    const body = subscriptionBody('subscription_updated', user, 'active', '2026-06-02T10:00:00Z');
    expect((await signed(body)).status).toBe(200);
    // Take the ordering watermark and the field away, so only the receipt can stop the replay.
    await deps.db.doc.send(
      new DeleteCommand({ TableName: deps.db.table, Key: keys.subscription(`sub-${user.email}`) }),
    );
    await updateProfile(deps.db, user.id, { lemon_squeezy_customer_id: 'changed-since' });
    const replay = await signed(body);
    expect(replay.status).toBe(200);
    expect((await getProfile(deps.db, user.id))?.lemon_squeezy_customer_id).toBe('changed-since');
  });

  it('an event older than the one applied (out of order) is ignored', async () => {
    expect(
      (await signed(subscriptionBody('subscription_updated', user, 'active', '2026-06-10T10:00:00Z'))).status,
    ).toBe(200);
    const late = await signed(subscriptionBody('subscription_paused', user, 'paused', '2026-06-05T10:00:00Z'));
    expect(late.status).toBe(200);
    expect((await getProfile(deps.db, user.id))?.subscription_status).toBe('active');
  });

  it('cancelled keeps access until the end; expired clears the plan, so the paywall returns', async () => {
    await signed(
      subscriptionBody('subscription_cancelled', user, 'cancelled', '2026-06-11T10:00:00Z', {
        ends_at: '2026-07-01T00:00:00Z',
      }),
    );
    expect(await getProfile(deps.db, user.id)).toMatchObject({
      subscription_status: 'cancelled',
      subscription_plan: 'pro',
      subscription_ends_at: '2026-07-01T00:00:00.000Z',
    });
    expect(await blocked()).toBe(false);
    await signed(
      subscriptionBody('subscription_expired', user, 'expired', '2026-07-01T00:00:01Z', {
        ends_at: '2026-07-01T00:00:00Z',
      }),
    );
    expect(await getProfile(deps.db, user.id)).toMatchObject({
      subscription_status: 'expired',
      subscription_plan: null,
    });
    expect(await blocked()).toBe(true);
  });

  it('finds the user by the buyer’s e-mail when the checkout carried no user id', async () => {
    const res = await signed(
      subscriptionBody(
        'subscription_created',
        { email: user.email, subscription: `bought-outside-${user.email}` },
        'active',
        '2026-07-02T00:00:00Z',
      ),
    );
    expect(await res.json()).toEqual({ ok: true });
    expect((await getProfile(deps.db, user.id))?.subscription_status).toBe('active');
  });

  it('a webhook for one subscription changes only its own account, and only what that subscription grants', async () => {
    const victim = await signedInUser('victim-bill');
    const attacker = await signedInUser('attacker-bill');
    const own = { id: victim.id, email: victim.email, subscription: `own-${victim.id}` };
    await signed(subscriptionBody('subscription_created', own, 'active', '2026-08-01T00:00:00Z'));
    // A second subscription bound to the victim by someone else (a product link carrying their id)…
    const planted = { id: victim.id, email: attacker.email, subscription: `planted-${victim.id}` };
    await signed(subscriptionBody('subscription_created', planted, 'active', '2026-08-02T00:00:00Z'));
    // …then made to expire: before the fix this wrote "expired" over the victim's paid plan.
    await signed(subscriptionBody('subscription_expired', planted, 'expired', '2026-08-03T00:00:00Z'));
    expect(await getProfile(deps.db, victim.id)).toMatchObject({
      subscription_status: 'active',
      subscription_plan: 'pro',
    });
    // An event of the victim's own subscription naming another account still belongs to the victim.
    await signed(
      subscriptionBody('subscription_paused', { ...own, id: attacker.id }, 'paused', '2026-08-04T00:00:00Z'),
    );
    expect((await getProfile(deps.db, attacker.id))?.subscription_status).toBeNull();
    expect((await getProfile(deps.db, victim.id))?.subscription_status).toBe('paused');
  });

  it('answers ok:false for a user it does not know, and 200 for events it does not handle', async () => {
    const unknown = await signed(
      subscriptionBody(
        'subscription_created',
        { id: 'nobody', email: 'nobody@example.com' },
        'active',
        '2026-07-03T00:00:00Z',
      ),
    );
    expect(await unknown.json()).toEqual({ ok: false });
    const order = JSON.stringify({
      meta: { event_name: 'order_created' },
      data: { type: 'orders', id: '1', attributes: {} },
    });
    expect((await signed(order)).status).toBe(200);
  });

  it('refuses a signed event whose subscription id is empty or longer than any provider id (400), and looks nobody up by an over-long user id or e-mail (found by the fuzz test)', async () => {
    const long = 'x'.repeat(5000);
    const created = (subscription: string) =>
      subscriptionBody(
        'subscription_created',
        { id: 'nobody', email: 'nobody@example.com', subscription },
        'active',
        '2026-07-04T00:00:00Z',
      );
    for (const subscription of [long, '']) {
      const res = await signed(created(subscription));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(BILLING_MESSAGES.badPayload);
      expect(await hasBillingReceipt(deps.db, bodyHash(created(subscription)))).toBe(false);
    }
    const invoice = JSON.stringify({
      meta: { event_name: 'subscription_payment_failed' },
      data: {
        type: 'subscription-invoices',
        id: '9',
        attributes: { subscription_id: long, updated_at: '2026-07-04T00:00:00Z' },
      },
    });
    expect((await signed(invoice)).status).toBe(400);
    const stranger = await signed(
      subscriptionBody(
        'subscription_created',
        { id: long, email: `${long}@example.com`, subscription: 'sub-stranger' },
        'active',
        '2026-07-04T00:00:00Z',
      ),
    );
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toEqual({ ok: false });
  });

  it('refuses a signed body that is not a webhook (400)', async () => {
    expect((await signed('not json')).status).toBe(400);
  });
});

describe('checkout on the local stack', () => {
  it('answers plainly that checkout needs a deployment with Lemon Squeezy', async () => {
    useStackEnv();
    const user = await signedInUser('checkout');
    const res = await api('/api/billing/checkout', { token: user.token, method: 'POST', body: { plan: 'pro' } });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(BILLING_MESSAGES.checkoutOffLocal);
  });
});
