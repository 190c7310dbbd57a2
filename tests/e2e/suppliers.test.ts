import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

/** Waits for a toast with this text in the notifications region. */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();
}

/**
 * The Suppliers screen as a member uses it: add a supplier on the Add Supplier tab, find it again
 * with AI Search by a paraphrase that shares no word with it, and check its WhatsApp link.
 */
async function suppliersFlow(page: Page, tag: string): Promise<void> {
  const name = `Ronit ${tag}`;
  await page.goto('/suppliers');
  await page.getByRole('heading', { name: 'Community Suppliers' }).waitFor();
  await page.getByRole('tab', { name: 'Add Supplier' }).click();

  // S3 §5: no name is refused with its text, in the form and as a toast.
  await page.getByRole('button', { name: 'Add Supplier' }).click();
  await toast(page, 'Supplier name is required');

  await page.getByRole('textbox', { name: 'Supplier name' }).fill(name);
  await page.getByRole('textbox', { name: 'Service type' }).fill('Accountant');
  // Letters typed into the phone are dropped as typed (S3 §5).
  await page.getByRole('textbox', { name: 'Phone number' }).fill('054-111-22x33');
  expect(await page.getByRole('textbox', { name: 'Phone number' }).inputValue()).toBe('054-111-2233');
  await page.getByRole('textbox', { name: 'Description' }).fill('Annual reports, VAT and payroll for freelancers');
  await page.getByRole('button', { name: 'Add Supplier' }).click();
  await toast(page, 'Supplier added successfully');
  await page.getByRole('heading', { name }).waitFor();

  await page.getByRole('checkbox', { name: 'AI Search' }).check();
  await page.getByRole('searchbox', { name: 'Search suppliers...' }).fill('someone to file my tax return');
  await page.getByText('Results powered by AI semantic search', { exact: true }).waitFor();
  await page.getByRole('heading', { name }).waitFor();
  // Found by meaning, not by the word fallback.
  expect(await page.getByText(/No close match by meaning/).count()).toBe(0);

  const whatsapp = page.getByRole('link', { name: `WhatsApp ${name}` });
  expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/972541112233');
  expect(await page.getByRole('link', { name: `Call ${name}` }).getAttribute('href')).toBe('tel:0541112233');
}

describe('the Suppliers screen in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '20';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds a supplier, finds it by a paraphrase with AI Search and links WhatsApp to its number, at 1280 px', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, demoLogins().member.email, demoLogins().member.password);
    await suppliersFlow(page, 'desktop');
    await context.close();
  });

  it('does the same at 375 px', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    await signInAs(page, demoLogins().member.email, demoLogins().member.password);
    await suppliersFlow(page, 'phone');
    await context.close();
  });
});
