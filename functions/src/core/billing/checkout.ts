import { PAYMENT_QUERY_PARAM, type CheckoutPlan } from '@kehila/shared';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import { PaymentProviderError } from '../ports/payments';
import { loadBillingSettings } from './settings';
import { BILLING_MESSAGES } from './messages';

/** How long a created checkout link stays valid. */
export const CHECKOUT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Where a paid checkout returns (S1 §2): /dashboard?payment=success on the web app. */
export function checkoutSuccessUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/dashboard?${PAYMENT_QUERY_PARAM}=success`;
}

/**
 * Creates a Lemon Squeezy hosted checkout for the signed-in user (S1 §2 paywall, §7 checkout link):
 * the variant of the plan, the user's e-mail pre-filled and their id bound as custom data (the
 * webhook finds the user by it), success back to /dashboard?payment=success. Lemon Squeezy has no
 * cancel or failure redirect: a buyer who gives up closes the checkout or goes back (docs/accounts.md).
 */
export async function createCheckout(
  deps: Pick<Deps, 'config' | 'now' | 'secrets' | 'payments'>,
  user: AuthUser,
  plan: CheckoutPlan,
  requestOrigin: string | undefined,
): Promise<{ url: string }> {
  const settings = await loadBillingSettings(deps);
  if (!settings.checkout) {
    throw fail.unavailable(
      deps.config.stage === 'local' ? BILLING_MESSAGES.checkoutOffLocal : BILLING_MESSAGES.checkoutOffCloud,
    );
  }
  const variantId = settings.checkout.variants[plan];
  if (!variantId) throw fail.badRequest(BILLING_MESSAGES.enterpriseViaSales);
  if (!user.email) throw fail.badRequest(BILLING_MESSAGES.noEmail);
  // The configured origin; the caller's own origin only where none is configured (local runs).
  const origin = deps.config.webOrigin ?? (deps.config.stage === 'local' ? requestOrigin : undefined);
  if (!origin) throw fail.unavailable(BILLING_MESSAGES.noOrigin);
  try {
    const url = await deps.payments.createCheckout({
      apiKey: settings.checkout.apiKey,
      storeId: settings.checkout.storeId,
      variantId,
      email: user.email,
      userId: user.id,
      redirectUrl: checkoutSuccessUrl(origin),
      testMode: settings.checkout.testMode,
      expiresAt: new Date(deps.now().getTime() + CHECKOUT_LINK_TTL_MS).toISOString(),
    });
    return { url };
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      logger.error('checkout failed', { status: err.status, error: err });
      throw fail.unavailable(BILLING_MESSAGES.checkoutFailed);
    }
    throw err;
  }
}
