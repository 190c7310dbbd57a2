import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

/** Waits for a toast with this text in the notifications region. */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();
}

/**
 * Generates a summary on the Messages screen, then follows the first citation of its Key Topics to
 * the message it names: the Messages screen opens All Messages searched by that id and shows only it.
 * Then suggests actions from the summary and follows the toast's View Actions to the Actions screen,
 * which lists them.
 */
async function citationFlow(page: Page): Promise<void> {
  await page.goto('/messages');
  const generate = page.getByRole('button', { name: 'Generate Summary' });
  await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
  await generate.click();
  await toast(page, 'Summary generated successfully');
  const topics = page.getByTestId('summary-body').getByRole('region', { name: 'Key Topics' });
  const first = topics.getByRole('link', { name: /^Source message 1 of \d+$/ }).first();
  await first.waitFor();
  const msgId = await first.getAttribute('data-msg-id');
  expect(msgId).toBeTruthy();
  await first.click();
  await page.waitForURL((u) => u.searchParams.get('id') === msgId);
  await toast(page, `Searching for message ID: ${msgId}`);
  // the table's rows on a desktop, the list's cards on a phone: one message either way
  const shown = page.locator('[data-testid=message-text]:visible');
  await shown.first().waitFor();
  expect(await shown.count()).toBe(1);

  await page.getByRole('button', { name: 'Suggest Actions' }).click();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const suggested = notifications.getByText(/^\d+ actions suggested successfully!$/).first();
  await suggested.waitFor();
  const count = Number((await suggested.textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  await notifications.getByRole('button', { name: 'View Actions' }).first().click();
  await page.waitForURL((u) => u.pathname === '/actions');
  await page.getByRole('heading', { name: 'My Personal Actions' }).waitFor();
  // the suggested actions are the caller's, pending: the Pending tab counts at least them
  const pending = page.getByRole('tab', { name: /^Pending/ });
  await expect
    .poll(async () => Number(((await pending.textContent()) ?? '').replace('Pending', '').trim()), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
}

describe('summaries, citations and suggested actions in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '40';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('generates a summary, opens a cited message, suggests actions and follows View Actions to them, at 1280 px', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await citationFlow(page);
    await context.close();
  });

  it('does the same at 375 px', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await citationFlow(page);
    await context.close();
  });
});
