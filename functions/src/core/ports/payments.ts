/** What a hosted checkout is created with. */
export interface CheckoutRequest {
  readonly apiKey: string;
  readonly storeId: string;
  readonly variantId: string;
  /** Pre-filled and bound to the buyer. */
  readonly email: string;
  /** Returned as custom data by every webhook of the order and subscription. */
  readonly userId: string;
  /** Where the buyer lands after paying. */
  readonly redirectUrl: string;
  readonly testMode: boolean;
  /** When the checkout link stops working. */
  readonly expiresAt: string;
}

/** The payment provider refused or could not be reached; `status` is its HTTP status (0 when unreachable). */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The payment provider (Lemon Squeezy): hosted checkouts. Its webhooks are verified in core/billing. */
export interface PaymentsPort {
  /** The URL of a new hosted checkout; throws PaymentProviderError. */
  createCheckout(input: CheckoutRequest): Promise<string>;
}
