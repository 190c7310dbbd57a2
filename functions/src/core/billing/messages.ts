/** Texts of the billing calls (S1 gives none for these; docs/accounts.md lists them). */
export const BILLING_MESSAGES = {
  checkoutOffLocal:
    'Checkout needs a deployment with Lemon Squeezy configured. Locally, billing is off: the trial, the allow-list (npm run admin -- allowlist add <email>) and signed test webhooks (npm run admin -- billing test-webhook <email>) stand in for it.',
  checkoutOffCloud:
    'Checkout is not available: Lemon Squeezy is not configured for this deployment. Please contact support.',
  enterpriseViaSales: 'The Enterprise plan is sold through our sales team. Please contact sales.',
  checkoutFailed: 'Could not open the checkout. Please try again.',
  noEmail: 'User email not found',
  noOrigin: 'Checkout is not available: the address of the web app is not configured (WEB_ORIGIN).',
  freeDuringTrial:
    'Your free trial includes every Pro feature until it ends. You can choose the Free plan when it does.',
  freeWithPlan: 'Your account already has access through a paid plan or the allow-list.',
  badSignature: 'Invalid signature',
  badPayload: 'Invalid webhook payload',
} as const;
