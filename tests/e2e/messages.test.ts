import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildWebhook, simulatedMessageId } from '../../functions/src/adapters/whatsapp/payloads';
import { LOCAL_WHATSAPP_SECRETS } from '../../functions/src/adapters/whatsapp/secrets';
import { DEMO_COMMUNITY, demoLogins } from '../../infra/local/seed';
import { signInAs, startE2E, type E2E } from './support';

/** The message the "simulator" posts; the local AI files it under a topic (recommendations). */
const TEXT = 'Can anyone recommend a good pediatric dentist in Ramat Gan for my kids?';
/** The same request in other words, for meaning-based search. */
const PARAPHRASE = 'tooth doctor for kids';

/**
 * Posts one group message the way `npm run simulate` does: a WAHA webhook built and HMAC-signed by
 * the simulator's own code (adapters/whatsapp/payloads.ts) with the local stack's secrets.
 */
async function simulate(baseUrl: string, text: string): Promise<void> {
  const { body, headers } = buildWebhook(
    'waha',
    {
      groupId: DEMO_COMMUNITY.groupId,
      messageId: simulatedMessageId('waha'),
      senderId: '972544812230@c.us',
      senderName: 'Noa Bar',
      timestamp: new Date(),
      text,
    },
    LOCAL_WHATSAPP_SECRETS,
  );
  const res = await fetch(`${baseUrl}/webhooks/whatsapp/waha`, { method: 'POST', headers, body });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ accepted: 1 });
}

/** The rows of the messages table (Cloudscape's Table): the rows that hold a message text. */
function messageRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByTestId('message-text') });
}

describe('the Messages screen in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    // A few demo messages, so the one posted here is not queued behind thousands being enriched.
    process.env.KEHILA_DEMO_MESSAGES ??= '40';
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows a simulated message live and highlighted, filters by its thread’s topic, and finds it by meaning', async () => {
    const { page, context } = await e2e.newPage();
    await signInAs(page, demoLogins().admin.email, demoLogins().admin.password);

    // The list is open and live before the message is sent.
    await page.goto('/messages?view=table');
    await page.getByTestId('live-indicator').waitFor({ timeout: 60_000 });
    await messageRows(page).first().waitFor({ timeout: 60_000 });

    await simulate(e2e.stack.url, TEXT);
    const row = messageRows(page).filter({ hasText: TEXT });
    await row.waitFor({ timeout: 30_000 });
    // Highlighted on arrival (for 5 s), without a reload.
    expect(await row.locator('[data-arrived]').count()).toBe(1);
    await expect.poll(() => row.locator('[data-arrived]').count(), { timeout: 10_000 }).toBe(0);
    const topic = ((await row.locator('td').nth(2).textContent()) ?? '').trim();
    expect(topic).not.toBe('');
    expect(topic).not.toBe('General');

    // Its thread card on the overview leads to the list filtered by that topic.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('thread-card').filter({ hasText: TEXT }).click();
    await page.waitForURL((u) => u.searchParams.get('topic') === topic);
    await page.getByText(`Filtered by topic: ${topic}`).first().waitFor();
    await messageRows(page).filter({ hasText: TEXT }).waitFor();
    const topics = await messageRows(page).locator('td:nth-child(3)').allTextContents();
    expect(new Set(topics.map((t) => t.trim()))).toEqual(new Set([topic]));

    // AI search finds it by a paraphrase, through the meaning index (not the text fallback). The new
    // message is embedded in the background, so the search is repeated until it is indexed.
    await page.getByRole('button', { name: 'Reset all filters' }).click();
    await page.getByRole('tab', { name: 'AI Search' }).click();
    const box = page.getByRole('searchbox', { name: 'AI Search' });
    const found = messageRows(page).filter({ hasText: TEXT });
    const fallback = page.getByText('Using text search as fallback (semantic search index may not be ready)');
    await expect
      .poll(
        async () => {
          await box.fill('');
          await box.fill(PARAPHRASE);
          await box.press('Enter');
          await page
            .getByText(/related to/)
            .first()
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
          return (await found.count()) > 0 && (await fallback.count()) === 0;
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(true);
    expect(await page.getByText(/related to “tooth doctor for kids”/).count()).toBeGreaterThan(0);
    await context.close();
  });
});
