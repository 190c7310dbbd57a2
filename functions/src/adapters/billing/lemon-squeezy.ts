/** Lemon Squeezy's REST API (JSON:API). */
export const LEMON_SQUEEZY_API = 'https://api.lemonsqueezy.com/v1';

/** What a checkout is created with. */
export interface CheckoutInput {
  readonly apiKey: string;
  readonly storeId: string;
  readonly variantId: string;
  /** Pre-filled and bound to the buyer. */
  readonly email: string;
  /** Returned as `meta.custom_data.user_id` by every webhook of the order and subscription. */
  readonly userId: string;
  /** Where the buyer lands after paying (the receipt's button too). */
  readonly redirectUrl: string;
  readonly testMode?: boolean;
  /** When the checkout link stops working. */
  readonly expiresAt?: string;
}

/** Lemon Squeezy refused or could not be reached; `status` is its HTTP status (0 when unreachable). */
export class LemonSqueezyError extends Error {
  override readonly name = 'LemonSqueezyError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The JSON:API document of `POST /v1/checkouts`. */
export function checkoutRequestBody(input: CheckoutInput): unknown {
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
  input: CheckoutInput,
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
    throw new LemonSqueezyError(`Lemon Squeezy could not be reached: ${(err as Error).message}`, 0);
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
    throw new LemonSqueezyError(
      `Lemon Squeezy refused the checkout: ${res.status} ${body.errors?.[0]?.detail ?? ''}`.trim(),
      res.status,
    );
  }
  return url;
}
