import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setTrialEnd } from '@kehila/functions/core/access/operator';
import { getProfileByEmail } from '@kehila/functions/data/profiles';
import { demoLogins } from '../../infra/local/seed';
import { postGroupMessage, postSubscriptionCreated, waitForMail } from './accounts-support';
import { signInAs, startE2E, type E2E } from './support';

/** A new person for this run: unique e-mail, Israeli mobile number and WhatsApp group. */
function newcomer() {
  const n = `${Date.now()}`.slice(-8);
  return {
    email: `e2e-${n}@example.com`,
    password: 'welcome-123',
    // 05X XXX XXXX: Israeli mobile (S1 §5), international digits 9725XXXXXXXX.
    localPhone: `058${n.slice(-7)}`,
    phoneDigits: `97258${n.slice(-7)}`,
    groupId: `120363${n}00@g.us`,
  };
}

async function fillSignUp(page: Page, who: ReturnType<typeof newcomer>) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create Your Account' }).click();
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('WhatsApp phone number').fill(who.localPhone);
  await page.getByText('I accept the Privacy Policy').click();
  await page.getByText('I agree to receive email communications from Kehila').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('accounts, onboarding and access in Chromium', () => {
  let e2e: E2E;
  const who = newcomer();

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('signs up, verifies by the mailbox link, signs in, connects a group through the bot and describes the community', async () => {
    const { page, context } = await e2e.newPage();

    // A common password is refused under its field; the form stays, nothing is sent.
    await fillSignUp(page, { ...who, password: 'Password123' });
    await page.getByText('This password is too common. Please choose another one.').waitFor();
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();

    // The account is created by the accounts API (which then calls Cognito), not by the browser.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/accounts/sign-up'));
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await created).status()).toBe(201);
    await page.getByRole('heading', { name: 'Account Created Successfully' }).waitFor();
    await page.getByRole('link', { name: /open the dev mailbox/i }).waitFor();

    const mail = await waitForMail(e2e.stack.url, who.email, 'verify');
    expect(mail.link).toContain(`/login?verify=${mail.code}&email=`);
    await page.goto(new URL(mail.link).pathname + new URL(mail.link).search);
    await page.getByText('Your email is verified. Sign in to continue.').waitFor();
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(who.email);

    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: /sign in with email/i }).click();
    await page.waitForURL(/\/onboarding$/);
    await page.getByRole('heading', { name: 'Set up your community' }).waitFor();
    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    await page.getByText('Waiting for the bot to see your group…').waitFor();

    // The admin sends the connect command with the code the app shows in their group, from their own
    // WhatsApp; the bot's webhook completes the connection.
    const command = (await page.getByTestId('connect-command').textContent())?.trim() ?? '';
    expect(command).toMatch(/^\/connect \d{6}$/);
    const res = await postGroupMessage(e2e.stack.url, {
      groupId: who.groupId,
      senderPhoneDigits: who.phoneDigits,
      text: command,
    });
    expect(res.status).toBe(200);
    await page.getByText('WhatsApp group connected!').first().waitFor();
    await page.getByText('Step 2 of 3', { exact: true }).waitFor({ timeout: 15_000 });

    await page.getByLabel('Group description').fill('Neighbours in Haifa sharing tips, jobs and events.');
    await page.getByLabel('Group goals').fill('Help each other and keep the best answers findable.');
    await page.getByLabel('Admin name').fill('Noa Cohen');
    await page.getByRole('button', { name: /admin gender/i }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText('Community information updated successfully! 🎉').first().waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await context.close();
  });

  it("shows a member 'Admin Access Required' on the community information card", async () => {
    const { page, context } = await e2e.newPage();
    const member = demoLogins().member;
    await signInAs(page, member.email, member.password);
    await page.goto('/settings?tab=community');
    await page.getByText('Admin Access Required').waitFor();
    await page.getByText('Only community administrators can edit community information.').waitFor();
    await expect(page.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('blocks an expired trial with the paywall, and a signed billing webhook unblocks it', async () => {
    await setTrialEnd(e2e.stack.deps.db, who.email, new Date(Date.now() - 60_000).toISOString());
    const { page, context } = await e2e.newPage({ width: 375, height: 800 });
    await signInAs(page, who.email, who.password);
    await page.getByRole('heading', { name: 'Your Free Trial Has Ended' }).waitFor();
    await page.getByText('AI-powered daily summaries').waitFor();

    // Locally there is no Lemon Squeezy: the upgrade button says so instead of leaving the app.
    await page.getByRole('button', { name: 'Upgrade to Pro - $19/month' }).click();
    await page.getByText(/Checkout needs a deployment/).waitFor();

    const profile = await getProfileByEmail(e2e.stack.deps.db, who.email);
    expect(profile).not.toBeNull();
    const res = await postSubscriptionCreated(e2e.stack.url, { id: profile!.id, email: who.email });
    expect(res.status).toBe(200);
    // The paywall re-reads the access state by itself; the shell follows once the subscription is active.
    await page.getByRole('navigation', { name: 'Tabs' }).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Your Free Trial Has Ended' }).count()).resolves.toBe(0);
    await context.close();
  });
});
