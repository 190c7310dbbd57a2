import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

const FIXTURES = join(import.meta.dirname, '../fixtures/exports');

/**
 * The import dialog in Chromium against the local stack: the browser posts the export as a
 * multipart form to the presigned upload (the local store enforces the form's signed policy as S3
 * does), the worker imports it, and the dialog shows the summary.
 */
describe('chat-export import in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    process.env.KEHILA_DEMO_MESSAGES ??= '40';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('uploads a zip export with a form POST and shows what was imported', async () => {
    const { page, context } = await e2e.newPage();
    const admin = demoLogins().admin;
    await signInAs(page, admin.email, admin.password);
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Import chat export' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'WhatsApp Chat with Founders.zip',
      mimeType: 'application/zip',
      buffer: readFileSync(join(FIXTURES, 'ios-en-12h.zip')),
    });
    const upload = page.waitForResponse((r) => r.url().endsWith('/local-objects') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Upload and import' }).click();
    const posted = await upload;
    expect(posted.status()).toBe(204);
    expect(posted.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await dialog.getByText('The import is complete.').waitFor({ timeout: 60_000 });
    const text = (await dialog.textContent()) ?? '';
    expect(text).toMatch(/Imported\s*9/);
    expect(text).toMatch(/System lines\s*6/);
    await context.close();
  });
});
