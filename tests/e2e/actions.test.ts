import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

/** Waits for a toast with this text in the notifications region. */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();
}

/** Creates an action through the screen's Create Action dialog (due in 24 hours by default). */
async function createAction(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Action' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Action created successfully');
  await dialog.waitFor({ state: 'detached' });
}

/** Ticks an action's selection box with the keyboard. */
async function select(page: Page, title: string): Promise<void> {
  const box = page.getByRole('checkbox', { name: new RegExp(`Select ${title}$`) });
  await box.focus();
  await page.keyboard.press('Space');
  expect(await box.isChecked()).toBe(true);
}

/** The count badge of a tab. */
async function tabCount(page: Page, name: string): Promise<string> {
  return ((await page.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent()) ?? '').replace(name, '').trim();
}

/**
 * The Actions screen as a person uses it: create two actions, open one by its `?action=` link, edit
 * it, snooze the other from its card, then complete both from the bulk bar.
 */
async function actionsFlow(page: Page, tag: string): Promise<void> {
  const first = `Call the accountant ${tag}`;
  const second = `Book the venue ${tag}`;
  await page.goto('/actions');
  await page.getByRole('heading', { name: 'My Personal Actions' }).waitFor();
  await createAction(page, first);
  await createAction(page, second);
  await page.getByRole('link', { name: first }).waitFor();

  // Opening a card puts the action in the address; the address alone opens it again.
  await page.getByRole('link', { name: first }).click();
  await page.waitForURL(/[?&]action=/);
  const actionId = new URL(page.url()).searchParams.get('action');
  expect(actionId).toBeTruthy();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.waitForURL((u) => !u.searchParams.has('action'));
  await page.goto(`/actions?action=${actionId}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: first }).waitFor();
  expect(await dialog.getByText('Pending', { exact: true }).count()).toBe(1);

  // Edit the title.
  await dialog.getByRole('button', { name: 'Edit Action' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`${first} today`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Action updated successfully');
  await dialog.getByRole('heading', { name: `${first} today` }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: `${first} today` }).waitFor();

  // Snooze the other one from its card.
  await page.getByRole('button', { name: `Snooze: ${second}` }).click();
  await toast(page, 'Action snoozed for 1 day');

  // Complete both at once. The boxes are ticked from the keyboard: on a phone a pointer click can land
  // on the fixed bottom navigation or a toast lying over the card.
  await select(page, `${first} today`);
  await select(page, second);
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await bar.getByText('2 selected').waitFor();
  await bar.getByRole('button', { name: 'Mark as Complete' }).click();
  await toast(page, 'Updated 2 actions');
  await page.getByRole('link', { name: second }).waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: /^Completed/ }).click();
  await page.getByRole('link', { name: `${first} today` }).waitFor();
  await page.getByRole('link', { name: second }).waitFor();
}

describe('the Actions screen in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '20';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('opens an action by its ?action= link, edits it, snoozes another and completes both in bulk, at 1280 px', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await actionsFlow(page, 'desktop');
    expect(await tabCount(page, 'Completed')).toBe('2');
    expect(await tabCount(page, 'Pending')).toBe('0');
    await context.close();
  });

  it('does the same at 375 px', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);
    await actionsFlow(page, 'phone');
    await context.close();
  });
});
