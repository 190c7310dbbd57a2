import { describe, expect, it } from 'vitest';
import { createLemonSqueezyCheckout, LEMON_SQUEEZY_API } from '@kehila/functions/adapters/billing/lemon-squeezy';
import { PaymentProviderError, type CheckoutRequest } from '@kehila/functions/core/ports/payments';

const input: CheckoutRequest = {
  apiKey: 'key-1',
  storeId: '12345',
  variantId: '67890',
  email: 'dana@example.com',
  userId: 'user-1',
  redirectUrl: 'https://app.example.com/dashboard?payment=success',
  testMode: true,
  expiresAt: '2026-06-02T00:00:00.000Z',
};

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('Lemon Squeezy checkout', () => {
  it('POSTs a JSON:API checkout bound to the store, variant, e-mail and user id, and returns its URL', async () => {
    const f = fakeFetch(201, {
      data: { type: 'checkouts', id: 'c1', attributes: { url: 'https://store.lemonsqueezy.com/checkout/custom/c1' } },
    });
    await expect(createLemonSqueezyCheckout(input, f.fn)).resolves.toBe(
      'https://store.lemonsqueezy.com/checkout/custom/c1',
    );
    const call = f.calls[0];
    expect(call?.url).toBe(`${LEMON_SQUEEZY_API}/checkouts`);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.headers).toMatchObject({
      accept: 'application/vnd.api+json',
      'content-type': 'application/vnd.api+json',
      authorization: 'Bearer key-1',
    });
    expect(JSON.parse(String(call?.init.body))).toEqual({
      data: {
        type: 'checkouts',
        attributes: {
          checkout_data: { email: 'dana@example.com', custom: { user_id: 'user-1' } },
          product_options: {
            redirect_url: 'https://app.example.com/dashboard?payment=success',
            receipt_link_url: 'https://app.example.com/dashboard?payment=success',
            enabled_variants: [67890],
          },
          expires_at: '2026-06-02T00:00:00.000Z',
          test_mode: true,
        },
        relationships: {
          store: { data: { type: 'stores', id: '12345' } },
          variant: { data: { type: 'variants', id: '67890' } },
        },
      },
    });
  });

  it('reports a refusal with its status and detail', async () => {
    const f = fakeFetch(422, { errors: [{ detail: 'The variant does not belong to the store.' }] });
    const err = await createLemonSqueezyCheckout(input, f.fn).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).status).toBe(422);
    expect((err as Error).message).toContain('The variant does not belong to the store.');
  });

  it('reports an unreachable API', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(createLemonSqueezyCheckout(input, down)).rejects.toMatchObject({ status: 0 });
  });
});
