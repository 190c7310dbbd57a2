import * as z from 'zod';
import type { Deps } from '../deps';

/**
 * The signing secret of the local stack's billing webhook when nothing is configured. It is not a
 * secret: `npm run admin -- billing test-webhook` and the tests sign with it. Never used in the cloud.
 */
export const LOCAL_BILLING_WEBHOOK_SECRET = 'kehila-local-billing-webhook-secret';

/**
 * The Lemon Squeezy settings, one JSON document (the `kehila/<stage>/lemonsqueezy` secret, or
 * LEMON_SQUEEZY_CONFIG): API key, store id and variant id per plan for checkouts; the webhook
 * signing secret; test mode for a test store.
 */
export const LemonSqueezySettingsSchema = z.object({
  apiKey: z.string().min(1).optional(),
  storeId: z
    .union([z.string().min(1), z.number()])
    .transform(String)
    .optional(),
  variants: z
    .object({
      pro: z
        .union([z.string().min(1), z.number()])
        .transform(String)
        .optional(),
      enterprise: z
        .union([z.string().min(1), z.number()])
        .transform(String)
        .optional(),
    })
    .optional(),
  webhookSecret: z.string().min(1).optional(),
  testMode: z.boolean().optional(),
});
export type LemonSqueezySettings = z.output<typeof LemonSqueezySettingsSchema>;

/** What billing can do in this deployment. */
export interface BillingSettings {
  /** Checkout settings, or null when checkouts cannot be created here (no API key / store / variant). */
  readonly checkout: {
    readonly apiKey: string;
    readonly storeId: string;
    readonly variants: { readonly pro?: string; readonly enterprise?: string };
    readonly testMode: boolean;
  } | null;
  /** The webhook signing secret; null refuses every webhook (fail closed). */
  readonly webhookSecret: string | null;
  /** Where the settings came from, for messages and logs. */
  readonly source: 'secret' | 'env' | 'local-default' | 'none';
}

function parse(json: string, source: string): LemonSqueezySettings {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
  const r = LemonSqueezySettingsSchema.safeParse(value);
  if (!r.success) throw new Error(`${source} does not match the Lemon Squeezy settings: ${r.error.issues[0]?.message}`);
  return r.data;
}

function fromSettings(s: LemonSqueezySettings, source: BillingSettings['source']): BillingSettings {
  const checkout =
    s.apiKey && s.storeId && (s.variants?.pro || s.variants?.enterprise)
      ? { apiKey: s.apiKey, storeId: s.storeId, variants: s.variants ?? {}, testMode: s.testMode ?? false }
      : null;
  return { checkout, webhookSecret: s.webhookSecret ?? null, source };
}

/**
 * The billing settings of this deployment: the `lemonSqueezy` secret (LEMON_SQUEEZY_CONFIG, or the
 * Secrets Manager secret LEMON_SQUEEZY_SECRET_NAME names). Without it billing is off: the local
 * stage keeps a documented webhook secret for signed test webhooks, the cloud refuses every webhook.
 */
export async function loadBillingSettings(deps: Pick<Deps, 'config' | 'secrets'>): Promise<BillingSettings> {
  const json = await deps.secrets.get('lemonSqueezy');
  if (json) {
    const b = deps.config.billing ?? {};
    return b.configJson
      ? fromSettings(parse(json, 'LEMON_SQUEEZY_CONFIG'), 'env')
      : fromSettings(parse(json, `secret ${b.secretName ?? 'lemonSqueezy'}`), 'secret');
  }
  if (deps.config.stage === 'local')
    return { checkout: null, webhookSecret: LOCAL_BILLING_WEBHOOK_SECRET, source: 'local-default' };
  return { checkout: null, webhookSecret: null, source: 'none' };
}
