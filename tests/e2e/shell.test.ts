import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

describe('the app in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('sends a signed-out visitor of a protected screen to the login screen', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/messages');
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: /sign in with email/i }).waitFor();
    await context.close();
  });

  it('signs the demo admin in, shows the shell, and signs out', async () => {
    const { page, context } = await e2e.newPage();
    const admin = demoLogins().admin;
    await signInAs(page, admin.email, admin.password);
    await page.getByText('Logged in successfully').waitFor();
    const nav = page.getByRole('navigation').first();
    for (const item of ['Dashboard', 'Messages', 'Settings']) {
      await nav.getByRole('link', { name: item }).first().waitFor();
    }
    await page.getByRole('button', { name: /admin/i }).first().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    // The name is wrapped in Unicode isolation marks so Hebrew names read correctly inside the sentence.
    await page.getByText(/^Goodbye, \u2068?admin\u2069?! Signed out successfully$/).waitFor();
    await page.waitForURL(/\/login/);
    await context.close();
  });

  it('shows the 404 page for an unknown path, with a link home', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 800 });
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home.getAttribute('href')).resolves.toBe('/');
    await context.close();
  });
});
