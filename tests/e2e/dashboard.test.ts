import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roundTo, sentimentLabel, type Dashboard, type Insights } from '@kehila/shared';
import { buildWebhook, simulatedMessageId } from '../../functions/src/adapters/whatsapp/payloads';
import { LOCAL_WHATSAPP_SECRETS } from '../../functions/src/adapters/whatsapp/secrets';
import { queryAll } from '../../functions/src/data/db';
import { keys } from '../../functions/src/data/keys';
import { DEMO_COMMUNITY, demoLogins } from '../../infra/local/seed';
import { saveScreenshot, signInAs, startE2E, type E2E } from './support';

const ADMIN_CHAT = '972521234567@c.us';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Waits for a toast with this text in the notifications region. */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();
}

describe('dashboard, analytics and Today in Chromium', () => {
  let e2e: E2E;
  let token: string;

  /** The API's own answer, as the web app asks for it. */
  async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(`${e2e.stack.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '60';
    e2e = await startE2E();
    // every demo message enriched and counted before any figure is compared
    expect(await e2e.stack.drain(240_000)).toBe(true);
    const { email, password } = demoLogins().admin;
    const res = await fetch(`${e2e.stack.url}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: e2e.stack.userPool.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    });
    token = ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([
    [1280, 900],
    [375, 812],
  ])('shows the demo community’s real figures at %i px', async (width, height) => {
    const { page, context } = await e2e.newPage({ width, height });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    const base = `/api/communities/${DEMO_COMMUNITY.id}/analytics`;

    // Dashboard: the default range (90 days to today), hours and today in the community's zone
    const d = await api<Dashboard>(`${base}/dashboard`);
    expect(d.total_messages).toBeGreaterThan(0);
    await page.goto('/dashboard');
    const stat = (id: string) => page.locator(`[data-stat="${id}"] >> nth=0`);
    await stat('total-members').waitFor();
    expect(await stat('total-members').innerText()).toContain(String(d.total_members));
    expect(await stat('messages-today').innerText()).toContain(String(d.messages_today));
    expect(await stat('high-urgency').innerText()).toContain(`${roundTo(d.high_urgency_pct, 0).toFixed(0)}%`);
    if (d.avg_sentiment !== null)
      expect(await stat('avg-sentiment').innerText()).toContain(roundTo(d.avg_sentiment, 2).toFixed(2));
    await page.getByText(`in the community's time zone (${d.time_zone})`).first().waitFor();
    await saveScreenshot(page, `dashboard-${width}`);

    // Analytics: the default 30 days; the sentiment chart's table alternative holds its counts
    const a = await api<Insights>(`${base}/insights?days=30`);
    await page.goto('/analytics');
    // the tables are rendered once their section is open: open every 'Show as table'
    const toggles = page.getByText('Show as table', { exact: true });
    await toggles.first().waitFor();
    for (const t of await toggles.all()) await t.click();
    const sentimentTable = page.getByRole('table', { name: 'Sentiment' });
    for (const label of ['Positive', 'Neutral', 'Negative'] as const) {
      const row = sentimentTable.getByRole('row').filter({ hasText: label });
      expect(await row.innerText()).toContain(String(a.sentiment.labels[label]));
    }
    await saveScreenshot(page, `analytics-${width}`);

    // Today: the 30 days to today
    const now = Date.now();
    const month = await api<Dashboard>(
      `${base}/dashboard?from=${utcDay(now - 29 * 86_400_000)}&to=${utcDay(now)}`,
    );
    await page.goto('/today');
    const tile = (id: string) => page.locator(`[data-tile="${id}"]`);
    await tile('active-members').waitFor();
    expect(await tile('messages-today').innerText()).toContain(String(month.messages_today));
    expect(await tile('active-members').innerText()).toContain(String(month.total_members));
    if (month.avg_sentiment !== null)
      expect(await tile('mood').innerText()).toContain(sentimentLabel(month.avg_sentiment));
    await saveScreenshot(page, `today-${width}`);
    await context.close();
  });

  it('saves an alert rule on Today, and a simulated urgent message puts one alert in the local outbox', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await page.goto('/today');
    await page.getByRole('button', { name: 'Customize Alerts' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Send me WhatsApp alerts' }).check();
    const phone = dialog.getByRole('textbox', { name: 'WhatsApp number' });
    await phone.fill('052-123-4567');
    await saveScreenshot(page, 'customize-alerts-1280', false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Alerts are on: at most 5 per hour');
    const rule = await api<{ enabled: boolean; whatsapp_id: string | null }>(
      `/api/communities/${DEMO_COMMUNITY.id}/alert-rule`,
    );
    expect(rule).toMatchObject({ enabled: true, whatsapp_id: ADMIN_CHAT });

    // a group message as `npm run simulate` posts it: a WAHA webhook signed with the local secrets
    const { body, headers } = buildWebhook(
      'waha',
      {
        groupId: DEMO_COMMUNITY.groupId,
        messageId: simulatedMessageId('waha'),
        senderId: '972544812230@c.us',
        senderName: 'Noa Bar',
        timestamp: new Date(),
        text: 'URGENT: there is a gas smell in the shared office kitchen right now, everyone please leave ASAP',
      },
      LOCAL_WHATSAPP_SECRETS,
    );
    const res = await fetch(`${e2e.stack.url}/webhooks/whatsapp/waha`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    const alerts = async () =>
      (
        await queryAll<{ group_id: string; text: string }>(e2e.stack.deps.db, {
          pk: keys.outbox(DEMO_COMMUNITY.id, '', '').pk,
        })
      ).filter((i) => i.group_id === ADMIN_CHAT);
    await expect.poll(async () => (await alerts()).length, { timeout: 60_000 }).toBe(1);
    const [alert] = await alerts();
    expect(alert!.text).toContain(`*Urgent message* in ${DEMO_COMMUNITY.name}`);
    expect(alert!.text).toContain('Noa Bar: URGENT: there is a gas smell');
    await context.close();
  });
});
