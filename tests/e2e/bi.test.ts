import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildWebhook, simulatedMessageId } from '../../functions/src/adapters/whatsapp/payloads';
import { LOCAL_WHATSAPP_SECRETS } from '../../functions/src/adapters/whatsapp/secrets';
import { latestMessages } from '../../functions/src/data/messages';
import { DEMO_COMMUNITY, demoLogins } from '../../infra/local/seed';
import { saveScreenshot, signInAs, startE2E, type E2E } from './support';

// Adding a supplier, finding it by a paraphrase with AI Search and its WhatsApp link are
// tests/e2e/suppliers.test.ts's, at both widths; this file covers the Business Intelligence screen.

/** A request for a service Yossi's LinkedIn headline names ("Backend"), from a number that is no member's. */
const REQUEST = 'Looking for a backend developer to build our billing service, budget 20,000 NIS, within 2 weeks';

/** Waits for a toast with this text in the notifications region. */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor({ timeout: 60_000 });
}

/** Posts the request to the demo group the way `npm run simulate` does, and waits until it is stored. */
async function postRequest(e2e: E2E): Promise<void> {
  const { body, headers } = buildWebhook(
    'waha',
    {
      groupId: DEMO_COMMUNITY.groupId,
      messageId: simulatedMessageId('waha'),
      senderId: '972549990001@c.us',
      senderName: 'Gil Avrahami',
      timestamp: new Date(),
      text: REQUEST,
    },
    LOCAL_WHATSAPP_SECRETS,
  );
  const res = await fetch(`${e2e.stack.url}/webhooks/whatsapp/waha`, { method: 'POST', headers, body });
  expect(res.status).toBe(200);
  for (let i = 0; i < 120; i++) {
    const latest = await latestMessages(e2e.stack.deps.db, DEMO_COMMUNITY.id, 20);
    if (latest.some((m) => m.content === REQUEST)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the request was never stored');
}

/** LinkedIn tab: (re-)enrich Yossi, a demo member whose public profile ships with the project. */
async function enrichYossi(page: Page, shot: string): Promise<void> {
  await page.getByRole('tab', { name: 'LinkedIn' }).click();
  await page.getByRole('heading', { name: 'LinkedIn Enrichment' }).waitFor();
  const card = page
    .locator('[data-enrichment-member]')
    .filter({ hasText: 'Yossi Cohen' })
    .locator('xpath=ancestor::li[1]');
  const button = card.getByRole('button', { name: /^(Enrich|Re-enrich) Yossi Cohen$/ });
  await button.click();
  await toast(page, /^Enrichment complete: 1 enriched, 0 not found$/);
  await card.getByText('Enriched', { exact: true }).waitFor();
  await card.getByText('Decision Maker', { exact: true }).waitFor();
  await card.getByText('Head Of Engineering · Director').waitFor();
  // budget in K dollars, score out of 100, three skills and the rest as +n (S3 §2)
  await card.getByText('$75K').waitFor();
  await card.getByText(/^\d{1,3}\/100$/).waitFor();
  await card.getByText('+2', { exact: true }).waitFor();
  expect(await card.getByRole('link', { name: 'LinkedIn Yossi Cohen' }).getAttribute('href')).toBe(
    'https://www.linkedin.com/in/yossi-cohen-kehila-demo',
  );
  expect(await button.isEnabled()).toBe(true);

  // Bulk: select all takes only members with a URL; $0.04 each
  await page.getByRole('tab', { name: 'Bulk' }).click();
  await page.getByRole('checkbox', { name: 'Select all members with a LinkedIn URL' }).check();
  await page.getByText('2 members selected').waitFor();
  await page.getByText('$0.08').waitFor();
  await page.getByRole('tab', { name: 'Revenue' }).last().click();
  await page.getByRole('heading', { name: 'Top Revenue Opportunities' }).waitFor();
  await page.locator('[data-revenue-member]').filter({ hasText: 'Yossi Cohen' }).waitFor();
  await saveScreenshot(page, `bi-linkedin-${shot}`);
}

/** Revenue tab: Run Analysis, then open the member matched to the request from its card. */
async function openMatchedMember(page: Page, shot: string): Promise<void> {
  await page.getByRole('tab', { name: 'Revenue' }).first().click();
  await page.getByRole('button', { name: 'Run Analysis' }).click();
  const card = page.locator('[data-opportunity]').filter({ hasText: REQUEST.slice(0, 40) });
  await card.first().waitFor({ timeout: 120_000 });
  // the member is a link without an address: a button to assistive technology, as in the web test
  await card.first().getByRole('button', { name: 'Member Yossi Cohen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yossi Cohen' });
  await dialog.getByText('Head Of Engineering', { exact: true }).waitFor();
  await dialog.getByText(/^Head Of Engineering offers developer/).waitFor();
  await saveScreenshot(page, `bi-matched-member-${shot}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

describe('the Business Intelligence screen in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '40';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('enriches a demo member on the LinkedIn tab, then Run Analysis matches them to a request and their card opens, at 1280 px', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await page.goto('/business-intelligence');
    await page.getByRole('heading', { name: 'Business Intelligence' }).waitFor();
    await enrichYossi(page, 'desktop');
    await postRequest(e2e);
    await openMatchedMember(page, 'desktop');
    await context.close();
  });

  it('does the same at 375 px', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await page.goto('/business-intelligence');
    await page.getByRole('heading', { name: 'Business Intelligence' }).waitFor();
    await enrichYossi(page, 'phone');
    await openMatchedMember(page, 'phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
