import { PaymentProviderError, type CheckoutRequest, type PaymentsPort } from '../../core/ports/payments';

/** Lemon Squeezy's REST API (JSON:API). */
export const LEMON_SQUEEZY_API = 'https://api.lemonsqueezy.com/v1';

/** The JSON:API document of `POST /v1/checkouts`. */
export function checkoutRequestBody(input: CheckoutRequest): unknown {
  return {
    data: {
      type: 'checkouts',
      attributes: {
        checkout_data: { email: input.email, custom: { user_id: input.userId } },
        product_options: {
          redirect_url: input.redirectUrl,
          receipt_link_url: input.redirectUrl,
          // Only the chosen plan can be bought from this link.
          enabled_variants: [Number(input.variantId)].filter((n) => Number.isInteger(n)),
        },
        ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
        ...(input.testMode ? { test_mode: true } : {}),
      },
      relationships: {
        store: { data: { type: 'stores', id: String(input.storeId) } },
        variant: { data: { type: 'variants', id: String(input.variantId) } },
      },
    },
  };
}

/** Creates a hosted checkout and returns its URL (`data.attributes.url`). */
export async function createLemonSqueezyCheckout(
  input: CheckoutRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  let res: Response;
  try {
    res = await fetchImpl(`${LEMON_SQUEEZY_API}/checkouts`, {
      method: 'POST',
      headers: {
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
        authorization: `Bearer ${input.apiKey}`,
      },
      body: JSON.stringify(checkoutRequestBody(input)),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new PaymentProviderError(`Lemon Squeezy could not be reached: ${(err as Error).message}`, 0);
  }
  const text = await res.text();
  let body: { data?: { attributes?: { url?: unknown } }; errors?: { detail?: string }[] } = {};
  try {
    body = text ? (JSON.parse(text) as typeof body) : {};
  } catch {
    // not JSON: reported below with the status
  }
  const url = body.data?.attributes?.url;
  if (!res.ok || typeof url !== 'string') {
    throw new PaymentProviderError(
      `Lemon Squeezy refused the checkout: ${res.status} ${body.errors?.[0]?.detail ?? ''}`.trim(),
      res.status,
    );
  }
  return url;
}

/** The payment port on Lemon Squeezy. */
export function lemonSqueezyPayments(fetchImpl: typeof fetch = fetch): PaymentsPort {
  return { createCheckout: (input) => createLemonSqueezyCheckout(input, fetchImpl) };
}
