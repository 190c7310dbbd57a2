import * as z from 'zod';
import { route } from './contract';

export const billingRoutes = {
  createCheckout: route({
    method: 'POST',
    path: '/api/billing/checkout',
    auth: 'user',
    area: 'billing',
    uses: { secrets: ['lemonSqueezy'], payments: true, webOrigin: true },
    summary:
      'Creates a hosted checkout bound to the user (e-mail and id); success returns to /dashboard?payment=success, cancel to /pricing?payment=failed.',
    body: z.object({ plan: z.enum(['pro', 'enterprise']) }),
    response: z.object({ url: z.string() }),
  }),
  chooseFreePlan: route({
    method: 'POST',
    path: '/api/billing/free',
    auth: 'user',
    area: 'billing',
    summary:
      "Puts the caller's account on the Free plan (S1 §1 'a free tier at $0/month'; /dashboard?plan=free): only once the trial has ended without a plan or allow-list entry; idempotent.",
    body: z.object({}).strict(),
    response: z.object({ plan: z.literal('free') }),
  }),
  billingWebhook: route({
    method: 'POST',
    path: '/webhooks/billing',
    auth: 'webhook',
    area: 'billing',
    uses: { secrets: ['lemonSqueezy'] },
    summary: 'Lemon Squeezy subscription events, verified by X-Signature (HMAC-SHA256 of the raw body).',
    body: 'raw',
    response: z.object({ ok: z.boolean() }),
  }),
};
