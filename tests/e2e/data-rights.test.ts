import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { blankMember } from '@kehila/functions/core/communities/records';
import { getCommunity } from '@kehila/functions/data/communities';
import { getMember, putMember } from '@kehila/functions/data/memberships';
import { latestMessages } from '@kehila/functions/data/messages';
import { getProfile, getProfileByEmail } from '@kehila/functions/data/profiles';
import { localCognitoClient } from '../../infra/local/engines/cognito';
import { DEMO_COMMUNITY, demoLogins } from '../../infra/local/seed';
import { postGroupMessage } from './accounts-support';
import { signInAs, startE2E, type E2E } from './support';

/** Clicks a download link and reads the zip the browser saved. */
async function downloadZip(page: Page, linkName: string): Promise<Record<string, Uint8Array>> {
  const link = page.getByRole('link', { name: linkName });
  await link.waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return unzipSync(new Uint8Array(readFileSync(path)));
}

const json = (files: Record<string, Uint8Array>, name: string): unknown =>
  JSON.parse(strFromU8(files[name] ?? new Uint8Array()));

/**
 * Data rights in Chromium against the local stack: the owner downloads the community's zip and cannot
 * delete their own account while they own it; a new member downloads their own data (with the message
 * they just sent in the group) and deletes their account, after which they cannot sign in; last, the
 * owner deletes the community (it changes the demo, so it runs last).
 */
describe('data rights in Chromium', () => {
  let e2e: E2E;
  const admin = demoLogins().admin;
  const n = `${Date.now()}`.slice(-7);
  const newcomer = {
    email: `e2e-rights-${n}@example.com`,
    password: 'welcome-123',
    localPhone: `058${n}`,
    phoneDigits: `97258${n}`,
    text: `Rights check ${n}: who has a good caterer?`,
  };

  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '20';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("lets the owner download the community's data, and refuses to delete the owner's account", async () => {
    const { page, context } = await e2e.newPage();
    await signInAs(page, admin.email, admin.password);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Prepare download' }).click();
    const files = await downloadZip(page, 'Download (zip)');
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['messages.json', 'messages.csv', 'members.json', 'settings.json']));
    expect((json(files, 'messages.json') as unknown[]).length).toBeGreaterThan(0);
    expect(json(files, 'settings.json')).toMatchObject({ community: { id: DEMO_COMMUNITY.id } });

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox').fill(admin.email);
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await dialog.getByText(/^You are the workspace owner of .*Transfer workspace ownership to another admin/).waitFor();
    expect(await getProfileByEmail(e2e.stack.deps.db, admin.email)).not.toBeNull();
    await context.close();
  });

  it('lets a new member download their own data and delete their account, then they cannot sign in', async () => {
    const db = e2e.stack.deps.db;
    const client = localCognitoClient(e2e.stack.endpoints.cognito);
    const poolId = e2e.stack.userPool.userPoolId;
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: newcomer.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: newcomer.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: newcomer.email,
        Password: newcomer.password,
        Permanent: true,
      }),
    );
    client.destroy();
    const userId = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    await putMember(
      db,
      blankMember({
        userId,
        communityId: DEMO_COMMUNITY.id,
        role: 'Member',
        now: new Date(),
        email: newcomer.email,
        phone: newcomer.localPhone,
        first_name: 'Noa',
      }),
    );
    // What they write in the group is theirs: it comes from the phone on their member record.
    const posted = await postGroupMessage(e2e.stack.url, {
      groupId: DEMO_COMMUNITY.groupId,
      senderPhoneDigits: newcomer.phoneDigits,
      text: newcomer.text,
      senderName: 'Noa',
    });
    expect(posted.status).toBe(200);
    await expect
      .poll(async () => (await latestMessages(db, DEMO_COMMUNITY.id, 20)).some((m) => m.content === newcomer.text), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);

    const { page, context } = await e2e.newPage();
    await signInAs(page, newcomer.email, newcomer.password);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const files = await downloadZip(page, 'Download my data (zip)');
    expect(json(files, 'account.json')).toMatchObject({ profile: { id: userId } });
    expect(json(files, 'memberships.json')).toMatchObject([
      { community_id: DEMO_COMMUNITY.id, email: newcomer.email },
    ]);
    const messages = json(files, 'messages.json') as { content: string }[];
    expect(messages.map((m) => m.content)).toEqual([newcomer.text]);
    expect(JSON.stringify(Object.values(files).map((f) => strFromU8(f)))).not.toContain(admin.email);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill(newcomer.email);
    await confirm.click();
    await dialog.getByText('Your account has been deleted').waitFor({ timeout: 60_000 });
    await dialog.getByText('identity.user').waitFor();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/login'));
    expect(await getProfile(db, userId)).toBeNull();
    expect(await getMember(db, DEMO_COMMUNITY.id, userId)).toBeNull();

    // The sign-in is gone too.
    await page.locator('input[type=email]').first().fill(newcomer.email);
    await page.locator('input[type=password]').first().fill(newcomer.password);
    await page.getByRole('button', { name: /sign in with email/i }).click();
    await page.getByText('Incorrect email or password.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('lets the owner delete the community after typing its name, with the deletion report', async () => {
    const { page, context } = await e2e.newPage();
    await signInAs(page, admin.email, admin.password);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this community?' });
    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    // The name as shown (the community's display name), read from the field's label.
    const label = (await dialog.getByText(/^Type ".*" to confirm$/).textContent()) ?? '';
    const shown = /^Type "(.*)" to confirm$/.exec(label)?.[1] ?? '';
    expect(shown).not.toBe('');
    await dialog.getByRole('textbox').fill(`${shown} (typo)`);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill(shown);
    await confirm.click();
    await dialog.getByText('Community deleted').waitFor({ timeout: 120_000 });
    await dialog.getByText('table.messages').waitFor();
    expect(await getCommunity(e2e.stack.deps.db, DEMO_COMMUNITY.id)).toBeNull();
    await context.close();
  });
});
