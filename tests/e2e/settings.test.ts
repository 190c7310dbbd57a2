import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getMember, putMember } from '@kehila/functions/data/memberships';
import { getProfileByEmail } from '@kehila/functions/data/profiles';
import { DEMO_COMMUNITY, demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

/** Waits for a toast with this text in the notifications region. */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();
}

/** The smallest valid PNG: one transparent pixel. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The font of the screen's h1, a design-system Header: it follows the base font token. */
const headingFont = (page: Page) => page.locator('h1').first().evaluate((h) => getComputedStyle(h).fontFamily);

/**
 * The colour of a design-system link (the footer's Privacy Policy): it follows the primary palette.
 * Links fade between colours, so a read mid-fade gives a colour in between: this waits until the
 * colour holds across 300 ms before returning it.
 */
async function linkColour(page: Page): Promise<string> {
  const read = () => page.getByRole('link', { name: /Privacy Policy/ }).evaluate((a) => getComputedStyle(a).color);
  let last = await read();
  for (;;) {
    await page.waitForTimeout(300);
    const now = await read();
    if (now === last) return now;
    last = now;
  }
}

/**
 * Settings in Chromium against the local stack: inline rename with Enter and Escape, a theme saved
 * and still applied after a reload, a logo uploaded through the presigned form and served from
 * /logos, and an ownership transfer after which the old owner's theme save is refused by the server.
 * The transfer runs last: it changes who owns the demo community.
 */
describe('settings in Chromium', () => {
  let e2e: E2E;
  const admin = demoLogins().admin;
  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '20';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('renames the community inline: Escape cancels, Enter saves', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, admin.email, admin.password);
    await page.goto('/settings?tab=community');
    const rename = page.getByRole('button', { name: /^Rename / });
    await rename.click();
    const input = page.getByRole('textbox', { name: /^Rename / });
    await input.fill('Not this name');
    await input.press('Escape');
    await expect.poll(() => input.count()).toBe(0);

    await rename.click();
    await page.getByRole('textbox', { name: /^Rename / }).fill('  Tel Aviv Founders Guild  ');
    await page.getByRole('textbox', { name: /^Rename / }).press('Enter');
    await toast(page, 'Community name updated');
    await rename.click();
    expect(await page.getByRole('textbox', { name: /^Rename / }).inputValue()).toBe('Tel Aviv Founders Guild');
    await context.close();
  });

  it('saves a theme that the whole app takes at once and keeps after a reload', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, admin.email, admin.password);
    await page.goto('/settings?tab=appearance');
    await page.getByRole('button', { name: 'All Saved' }).waitFor();
    const before = await linkColour(page);
    await page.getByRole('radio', { name: 'Navy Blue' }).click();
    await page.getByRole('button', { name: /^Font/ }).click();
    await page.getByRole('option', { name: /^Georgia/ }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Theme settings saved successfully! 🎨');
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await expect.poll(() => headingFont(page)).toContain('Georgia');
    await expect.poll(() => linkColour(page)).not.toBe(before);
    const themed = await linkColour(page);

    await page.reload();
    await page.getByRole('button', { name: 'All Saved' }).waitFor();
    await expect.poll(() => headingFont(page)).toContain('Georgia');
    await expect.poll(() => linkColour(page)).toBe(themed);
    // Another screen of the app wears it too.
    await page.goto('/dashboard');
    await expect.poll(() => headingFont(page)).toContain('Georgia');
    await context.close();
  });

  it('uploads a logo through the presigned form, saves it, and shows it in the header after a reload', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, admin.email, admin.password);
    await page.goto('/settings?tab=appearance');
    await page.getByRole('button', { name: 'All Saved' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    const preview = page.locator('img[alt$=" logo"]').first();
    await preview.waitFor();
    const src = (await preview.getAttribute('src')) ?? '';
    expect(src).toMatch(new RegExp(`^/logos/${DEMO_COMMUNITY.id}/120363041234567890-g-us-logo-\\d+\\.png$`));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Theme settings saved successfully! 🎨');

    await page.reload();
    const header = page.locator('header img[alt$=" logo"]');
    await header.waitFor();
    expect(await header.getAttribute('src')).toBe(src);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body()).equals(PIXEL_PNG)).toBe(true);
    await context.close();
  });

  it("transfers ownership to another admin; the old owner's theme save is then refused by the server", async () => {
    // The demo member becomes a second admin, the only transfer candidate.
    const db = e2e.stack.deps.db;
    const memberProfile = await getProfileByEmail(db, demoLogins().member.email);
    const membership = await getMember(db, DEMO_COMMUNITY.id, memberProfile?.id ?? '');
    expect(membership).toBeTruthy();
    await putMember(db, { ...membership!, role: 'Admin' });

    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, admin.email, admin.password);
    // A second tab still holds the owner's theme form, loaded before the transfer.
    const stale = await context.newPage();
    await stale.goto('/settings?tab=appearance');
    await stale.getByRole('button', { name: 'All Saved' }).waitFor();

    await page.goto('/settings?tab=community');
    await page.getByRole('button', { name: /^New owner/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Transfer Ownership' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Are you sure you want to transfer workspace ownership? You will lose the ability to edit community settings.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await toast(page, 'Workspace ownership transferred');
    await page.getByText('Only the workspace owner can transfer ownership.').waitFor();

    await stale.getByRole('radio', { name: 'Sky Blue' }).click();
    const [answer] = await Promise.all([
      stale.waitForResponse((r) => r.url().endsWith(`/api/communities/${DEMO_COMMUNITY.id}/theme`) && r.request().method() === 'PUT'),
      stale.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await toast(stale, 'Theme changes are managed by the workspace owner');

    // Reloaded, the appearance tab shows the read-only view with the spec's words.
    await page.goto('/settings?tab=appearance');
    await page.getByText('Theme changes are managed by the workspace owner').first().waitFor();
    expect(await page.getByRole('button', { name: /^(All Saved|Save Changes)$/ }).count()).toBe(0);
    await context.close();
  });
});
