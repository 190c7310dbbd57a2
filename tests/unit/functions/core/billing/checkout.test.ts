import { describe, expect, it } from 'vitest';
import { loadConfig } from '@kehila/functions/core/config';
import { AppError } from '@kehila/functions/core/errors';
import { checkoutSuccessUrl, createCheckout } from '@kehila/functions/core/billing/checkout';
import { BILLING_MESSAGES } from '@kehila/functions/core/billing/messages';
import { LemonSqueezyError, type CheckoutInput } from '@kehila/functions/adapters/billing/lemon-squeezy';
import type { BillingSettings } from '@kehila/functions/core/billing/settings';

const now = new Date('2026-06-01T00:00:00.000Z');
const user = { id: 'user-1', email: 'dana@example.com' };
const on: BillingSettings = {
  checkout: { apiKey: 'k', storeId: '1', variants: { pro: '10' }, testMode: false },
  webhookSecret: 'w',
  source: 'secret',
};
const off: BillingSettings = { checkout: null, webhookSecret: 'w', source: 'local-default' };
const deps = (env: Record<string, string>) => ({ config: loadConfig({ TABLE_NAME: 't', ...env }), now: () => now });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('checkout', () => {
  it('builds the checkout for the signed-in user with the plan variant, success back to /dashboard?payment=success', async () => {
    const seen: CheckoutInput[] = [];
    const res = await createCheckout(
      deps({ STAGE: 'cloud', WEB_ORIGIN: 'https://app.example.com' }),
      user,
      'pro',
      'https://evil.example',
      {
        settings: on,
        create: async (input) => {
          seen.push(input);
          return 'https://store.lemonsqueezy.com/checkout/custom/x';
        },
      },
    );
    expect(res).toEqual({ url: 'https://store.lemonsqueezy.com/checkout/custom/x' });
    expect(seen[0]).toMatchObject({
      variantId: '10',
      email: 'dana@example.com',
      userId: 'user-1',
      redirectUrl: 'https://app.example.com/dashboard?payment=success',
      expiresAt: '2026-06-02T00:00:00.000Z',
    });
  });

  it('locally, billing is off: an honest 503 that names the local stand-ins', async () => {
    const err = await refusal(createCheckout(deps({ STAGE: 'local' }), user, 'pro', undefined, { settings: off }));
    expect(err.status).toBe(503);
    expect(err.message).toBe(BILLING_MESSAGES.checkoutOffLocal);
  });

  it('a deployment without Lemon Squeezy says so', async () => {
    const err = await refusal(
      createCheckout(deps({ STAGE: 'cloud' }), user, 'pro', undefined, { settings: { ...off, source: 'none' } }),
    );
    expect(err.message).toBe(BILLING_MESSAGES.checkoutOffCloud);
  });

  it('Enterprise without its own variant goes to sales', async () => {
    const err = await refusal(
      createCheckout(deps({ STAGE: 'cloud', WEB_ORIGIN: 'https://a.example' }), user, 'enterprise', undefined, {
        settings: on,
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toBe(BILLING_MESSAGES.enterpriseViaSales);
  });

  it("in the cloud the return address is never taken from the request's Origin", async () => {
    const err = await refusal(
      createCheckout(deps({ STAGE: 'cloud' }), user, 'pro', 'https://evil.example', { settings: on }),
    );
    expect(err.message).toBe(BILLING_MESSAGES.noOrigin);
  });

  it('a Lemon Squeezy failure becomes a 503 with a retry message', async () => {
    const err = await refusal(
      createCheckout(deps({ STAGE: 'cloud', WEB_ORIGIN: 'https://a.example' }), user, 'pro', undefined, {
        settings: on,
        create: async () => {
          throw new LemonSqueezyError('refused', 422);
        },
      }),
    );
    expect(err.status).toBe(503);
    expect(err.message).toBe(BILLING_MESSAGES.checkoutFailed);
  });

  it('success URL', () => {
    expect(checkoutSuccessUrl('https://a.example/')).toBe('https://a.example/dashboard?payment=success');
  });
});
