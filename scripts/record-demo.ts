/**
 * Records the landing page's Watch Demo (S3 §2) from the running app: signs the demo admin in, opens
 * each screen of web/src/public/demo-frames.ts at the frame size, and writes it as WebP (Chromium's
 * own encoder, through the DevTools protocol) to web/public/demo/. No third-party player or embed:
 * the frames ship with the site and the modal plays them.
 *
 *   npx tsx scripts/record-demo.ts [--base http://localhost:7400] [--quality 72]
 *
 * Without --base it starts a local stack with the demo community (as bench/web.ts does).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { demoLogins } from '../infra/local/seed';
import { REPO_ROOT, startLocalStack, type LocalStack } from '../infra/local/stack';
import { CHROMIUM_ARGS } from '../tests/e2e/support';
import { DEMO_FRAME_SIZE, DEMO_FRAMES } from '../web/src/public/demo-frames';

const { values } = parseArgs({
  options: { base: { type: 'string' }, quality: { type: 'string', default: '72' } },
});

/** The app screen each frame shows, and what must be on it before the picture is taken. */
const SCREENS: Record<string, { path: string; ready: string }> = {
  '/demo/dashboard.webp': { path: '/dashboard', ready: 'text=Total Members' },
  '/demo/messages.webp': { path: '/messages', ready: '[data-testid="message-row"], [data-testid="thread-card"]' },
  '/demo/messages-table.webp': { path: '/messages?view=table', ready: '[data-testid="message-text"]' },
  '/demo/actions.webp': { path: '/actions', ready: 'h1' },
  '/demo/analytics.webp': { path: '/analytics', ready: 'main ul[aria-label]' },
};

let stack: LocalStack | undefined;
let browser: Browser | undefined;
try {
  let base = values.base;
  if (!base) {
    process.env.KEHILA_DEMO_MESSAGES ??= '120';
    stack = await startLocalStack({ port: 0, web: 'dev', seed: true });
    base = stack.url;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ baseURL: base, viewport: DEMO_FRAME_SIZE });
  const page = await context.newPage();
  const admin = demoLogins().admin;
  await page.goto('/login');
  await page.locator('input[type=email]').first().fill(admin.email);
  await page.locator('input[type=password]').first().fill(admin.password);
  await page.getByRole('button', { name: /sign in with email/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  for (const frame of DEMO_FRAMES) {
    const screen = SCREENS[frame.src];
    if (!screen) throw new Error(`no screen recorded for ${frame.src}`);
    await page.goto(screen.path);
    await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // The charts draw with a short transition after their data arrives.
    await page.waitForTimeout(1500);
    const shot = (await cdp.send('Page.captureScreenshot', {
      format: 'webp',
      quality: Number(values.quality),
    })) as { data: string };
    const out = join(REPO_ROOT, 'web', 'public', frame.src);
    writeFileSync(out, Buffer.from(shot.data, 'base64'));
    console.log(`${out}  ${(Buffer.byteLength(shot.data, 'base64') / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser?.close().catch(() => undefined);
  await stack?.close();
}
