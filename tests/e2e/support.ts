import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';

/** Chromium flags for a closed network (see the repo guide): no background traffic, no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A local stack and a browser for one e2e file. */
export interface E2E {
  readonly stack: LocalStack;
  readonly browser: Browser;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * Starts the whole local stack (demo seed, the web app via Vite unless KEHILA_WEB says otherwise) on
 * a free port with a throw-away data dir, and launches Debian's Chromium.
 */
export async function startE2E(): Promise<E2E> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kehila-e2e-'));
  // A browser test needs a lived-in community, not the 3,000 messages of `npm start`: its own messages
  // would otherwise queue behind the seed.
  process.env.KEHILA_DEMO_MESSAGES ??= '120';
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    // `npm run test:e2e` builds the web app and sets KEHILA_WEB=dist: the production bundle, and no cold
    // Vite optimisation in the first test. Run the file directly for the dev server.
    web: (process.env.KEHILA_WEB as 'dev' | 'dist' | undefined) ?? 'dev',
    seed: true,
    retryDelaySeconds: 1,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    stack,
    browser,
    async newPage(viewport = { width: 1280, height: 900 }) {
      const context = await browser.newContext({ viewport, baseURL: stack.url });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      return { context, page };
    },
    async close() {
      await browser.close().catch(() => undefined);
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the login screen as a person would (fields found by input type, as the form's
 * labels also name its help links).
 */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type=email]').first().fill(email);
  await page.locator('input[type=password]').first().fill(password);
  // The prerendered /login leaves for the app by a full page load (after its router has already
  // shown the new address): wait for that document, or the caller's next goto races it.
  const appLoaded = page.waitForEvent('load', { timeout: 30_000 });
  await page.getByRole('button', { name: /sign in with email/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  await appLoaded;
}

/**
 * Saves a screenshot for people to look at (git ignores the folder): `tests/e2e/screenshots/`, or
 * KEHILA_E2E_SCREENSHOTS.
 */
export async function saveScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.KEHILA_E2E_SCREENSHOTS ?? join(__dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
