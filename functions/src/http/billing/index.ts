import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { createCheckout } from '../../core/billing/checkout';
import { chooseFreePlan } from '../../core/billing/free-plan';
import { handleBillingWebhook } from '../../core/billing/webhook';
import { lemonSqueezy } from '../../wiring/cloud/payments';
import { secretsManager } from '../../wiring/cloud/secrets';
import type { Wiring } from '../../wiring/deps';

/** Checkouts call Lemon Squeezy with the settings of its secret, which also verifies webhooks. */
export const wiring: Wiring = { secrets: secretsManager, payments: lemonSqueezy };

const checkout = implement(routes.createCheckout, async ({ user, body, headers, deps }) =>
  createCheckout(deps, user, body.plan, headers.origin),
);

const freePlan = implement(routes.chooseFreePlan, async ({ user, deps }) => chooseFreePlan(deps, user));

const webhook = implement(routes.billingWebhook, async ({ body, headers, deps }) => {
  // 200 for every authentic delivery, so Lemon Squeezy does not retry; ok is false only when the
  // user it names is unknown here (logged).
  const outcome = await handleBillingWebhook(deps, body, headers['x-signature']);
  return { ok: outcome !== 'unknown_user' };
});

/** Lambda handler of the billing area. */
export const handler = createAreaHandler([checkout, freePlan, webhook], wiring);
