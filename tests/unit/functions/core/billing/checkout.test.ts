import { describe, expect, it } from 'vitest';
import { loadConfig } from '@kehila/functions/core/config';
import { AppError } from '@kehila/functions/core/errors';
import { checkoutSuccessUrl, createCheckout } from '@kehila/functions/core/billing/checkout';
import { BILLING_MESSAGES } from '@kehila/functions/core/billing/messages';
import { PaymentProviderError, type CheckoutRequest, type PaymentsPort } from '@kehila/functions/core/ports/payments';

const now = new Date('2026-06-01T00:00:00.000Z');
const user = { id: 'user-1', email: 'dana@example.com' };
/** Lemon Squeezy settings with a Pro variant (checkouts on). */
const on = JSON.stringify({ apiKey: 'k', storeId: '1', variants: { pro: '10' }, webhookSecret: 'w' });

const noPayments: PaymentsPort = {
  createCheckout: async () => {
    throw new Error('the payment provider must not be called');
  },
};

/** Checkout dependencies for an environment, the Lemon Squeezy settings (null: none) and a payment port. */
const deps = (env: Record<string, string>, settings: string | null, payments: PaymentsPort = noPayments) => ({
  config: loadConfig({ TABLE_NAME: 't', ...env }),
  now: () => now,
  secrets: { get: async () => settings },
  payments,
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('checkout', () => {
  it('builds the checkout for the signed-in user with the plan variant, success back to /dashboard?payment=success', async () => {
    const seen: CheckoutRequest[] = [];
    const payments: PaymentsPort = {
      createCheckout: async (input) => {
        seen.push(input);
        return 'https://store.lemonsqueezy.com/checkout/custom/x';
      },
    };
    const res = await createCheckout(
      deps({ STAGE: 'cloud', WEB_ORIGIN: 'https://app.example.com' }, on, payments),
      user,
      'pro',
      'https://evil.example',
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
    const err = await refusal(createCheckout(deps({ STAGE: 'local' }, null), user, 'pro', undefined));
    expect(err.status).toBe(503);
    expect(err.message).toBe(BILLING_MESSAGES.checkoutOffLocal);
  });

  it('a deployment without Lemon Squeezy says so', async () => {
    const err = await refusal(createCheckout(deps({ STAGE: 'cloud' }, null), user, 'pro', undefined));
    expect(err.message).toBe(BILLING_MESSAGES.checkoutOffCloud);
  });

  it('Enterprise without its own variant goes to sales', async () => {
    const err = await refusal(
      createCheckout(deps({ STAGE: 'cloud', WEB_ORIGIN: 'https://a.example' }, on), user, 'enterprise', undefined),
    );
    expect(err.status).toBe(400);
    expect(err.message).toBe(BILLING_MESSAGES.enterpriseViaSales);
  });

  it("in the cloud the return address is never taken from the request's Origin", async () => {
    const err = await refusal(createCheckout(deps({ STAGE: 'cloud' }, on), user, 'pro', 'https://evil.example'));
    expect(err.message).toBe(BILLING_MESSAGES.noOrigin);
  });

  it('a Lemon Squeezy failure becomes a 503 with a retry message', async () => {
    const failing: PaymentsPort = {
      createCheckout: async () => {
        throw new PaymentProviderError('refused', 422);
      },
    };
    const err = await refusal(
      createCheckout(deps({ STAGE: 'cloud', WEB_ORIGIN: 'https://a.example' }, on, failing), user, 'pro', undefined),
    );
    expect(err.status).toBe(503);
    expect(err.message).toBe(BILLING_MESSAGES.checkoutFailed);
  });

  it('success URL', () => {
    expect(checkoutSuccessUrl('https://a.example/')).toBe('https://a.example/dashboard?payment=success');
  });
});
