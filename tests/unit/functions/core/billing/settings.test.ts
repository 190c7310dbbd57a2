import { describe, expect, it } from 'vitest';
import { loadConfig } from '@kehila/functions/core/config';
import type { SecretsPort } from '@kehila/functions/core/ports/secrets';
import { LOCAL_BILLING_WEBHOOK_SECRET, loadBillingSettings } from '@kehila/functions/core/billing/settings';

const full = JSON.stringify({
  apiKey: 'k',
  storeId: 12345,
  variants: { pro: 67890, enterprise: '67891' },
  webhookSecret: 'whsec',
  testMode: true,
});

/** The secrets port holding `value` for the Lemon Squeezy secret (null: none configured). */
const secrets = (value: string | null): SecretsPort => ({
  get: async (name) => (name === 'lemonSqueezy' ? value : null),
});
const config = (env: Record<string, string>) => loadConfig({ TABLE_NAME: 't', ...env });

describe('billing settings', () => {
  it('reads LEMON_SQUEEZY_CONFIG given directly', async () => {
    const s = await loadBillingSettings({
      config: config({ STAGE: 'cloud', LEMON_SQUEEZY_CONFIG: full }),
      secrets: secrets(full),
    });
    expect(s).toEqual({
      checkout: { apiKey: 'k', storeId: '12345', variants: { pro: '67890', enterprise: '67891' }, testMode: true },
      webhookSecret: 'whsec',
      source: 'env',
    });
  });

  it('reads the secret named by LEMON_SQUEEZY_SECRET_NAME', async () => {
    const s = await loadBillingSettings({
      config: config({ STAGE: 'cloud', LEMON_SQUEEZY_SECRET_NAME: 'kehila/prod/lemonsqueezy' }),
      secrets: secrets(full),
    });
    expect(s.source).toBe('secret');
    expect(s.checkout?.variants.pro).toBe('67890');
  });

  it('without an API key, store or variant there is no checkout, but the webhook secret still works', async () => {
    const json = '{"webhookSecret":"w"}';
    const s = await loadBillingSettings({
      config: config({ STAGE: 'cloud', LEMON_SQUEEZY_CONFIG: json }),
      secrets: secrets(json),
    });
    expect(s.checkout).toBeNull();
    expect(s.webhookSecret).toBe('w');
  });

  it('locally, with nothing configured, billing is off and test webhooks use the documented secret', async () => {
    await expect(loadBillingSettings({ config: config({ STAGE: 'local' }), secrets: secrets(null) })).resolves.toEqual({
      checkout: null,
      webhookSecret: LOCAL_BILLING_WEBHOOK_SECRET,
      source: 'local-default',
    });
  });

  it('in the cloud, with nothing configured, every webhook is refused (no secret)', async () => {
    const s = await loadBillingSettings({ config: config({ STAGE: 'cloud' }), secrets: secrets(null) });
    expect(s).toEqual({ checkout: null, webhookSecret: null, source: 'none' });
  });

  it('says what is wrong with a malformed document', async () => {
    await expect(
      loadBillingSettings({ config: config({ STAGE: 'cloud', LEMON_SQUEEZY_CONFIG: '{' }), secrets: secrets('{') }),
    ).rejects.toThrow('LEMON_SQUEEZY_CONFIG is not valid JSON');
  });
});
