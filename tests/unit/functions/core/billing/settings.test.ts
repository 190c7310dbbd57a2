import { describe, expect, it } from 'vitest';
import { LOCAL_BILLING_WEBHOOK_SECRET, loadBillingSettings } from '@kehila/functions/core/billing/settings';

const full = JSON.stringify({
  apiKey: 'k',
  storeId: 12345,
  variants: { pro: 67890, enterprise: '67891' },
  webhookSecret: 'whsec',
  testMode: true,
});
const noSecret = async () => {
  throw new Error('Secrets Manager must not be called');
};

describe('billing settings', () => {
  it('reads LEMON_SQUEEZY_CONFIG first', async () => {
    const s = await loadBillingSettings(
      { stage: 'cloud', region: 'eu-west-1', billing: { configJson: full, secretName: 'x' } },
      noSecret,
    );
    expect(s).toEqual({
      checkout: { apiKey: 'k', storeId: '12345', variants: { pro: '67890', enterprise: '67891' }, testMode: true },
      webhookSecret: 'whsec',
      source: 'env',
    });
  });

  it('reads the Secrets Manager secret named by LEMON_SQUEEZY_SECRET_NAME', async () => {
    const asked: string[] = [];
    const s = await loadBillingSettings(
      { stage: 'cloud', region: 'eu-west-1', billing: { secretName: 'kehila/prod/lemonsqueezy' } },
      async (r, n) => {
        asked.push(`${r}/${n}`);
        return full;
      },
    );
    expect(asked).toEqual(['eu-west-1/kehila/prod/lemonsqueezy']);
    expect(s.source).toBe('secret');
    expect(s.checkout?.variants.pro).toBe('67890');
  });

  it('without an API key, store or variant there is no checkout, but the webhook secret still works', async () => {
    const s = await loadBillingSettings(
      { stage: 'cloud', region: 'r', billing: { configJson: '{"webhookSecret":"w"}' } },
      noSecret,
    );
    expect(s.checkout).toBeNull();
    expect(s.webhookSecret).toBe('w');
  });

  it('locally, with nothing configured, billing is off and test webhooks use the documented secret', async () => {
    await expect(loadBillingSettings({ stage: 'local', region: 'r', billing: {} }, noSecret)).resolves.toEqual({
      checkout: null,
      webhookSecret: LOCAL_BILLING_WEBHOOK_SECRET,
      source: 'local-default',
    });
  });

  it('in the cloud, with nothing configured, every webhook is refused (no secret)', async () => {
    const s = await loadBillingSettings({ stage: 'cloud', region: 'r' }, noSecret);
    expect(s).toEqual({ checkout: null, webhookSecret: null, source: 'none' });
  });

  it('says what is wrong with a malformed document', async () => {
    await expect(
      loadBillingSettings({ stage: 'cloud', region: 'r', billing: { configJson: '{' } }, noSecret),
    ).rejects.toThrow('LEMON_SQUEEZY_CONFIG is not valid JSON');
  });
});
