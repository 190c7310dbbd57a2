/**
 * Web first-visit benchmark (issue 16 item 8): builds the site as `npm run build:web` does, serves
 * web/dist from a local stack with demo data (or uses a running one), loads each first route in a fresh
 * Chromium context (empty cache; the signed-in routes carry only the demo admin's stored session), and
 * prints per route what a first visit transfers:
 *   - JavaScript and CSS, gzip bytes (each response body, as decoded, gzipped here at level 9, so the
 *     figures do not depend on the server's own compression) and file counts;
 *   - the render-blocking CSS (stylesheets the HTML links), and fonts (woff2, not compressed further);
 *   - the number of requests the page made, of every kind;
 *   - whether Amplify or zod arrived (marker strings their bundles keep after minification).
 *
 *   npm run bench:web -- [--base http://localhost:5173] [--no-build] [--files] [--json] [--no-vitals] [--vitals-runs 5]
 *
 * --base measures a running stack (it must serve the build, KEHILA_WEB=dist, and hold the demo logins);
 * --files lists the files each route loaded; --json prints the figures as JSON instead of a table.
 *
 * Targets (issue 16): a signed-in first visit to /messages ≤ 250 KB gzip of JS; public pages load
 * neither Amplify nor zod.
 *
 * Then (issue 15; `--no-vitals` skips it) Lighthouse-style lab metrics of `/`, `/pricing` and `/login`
 * on an emulated phone with a slowed CPU and a slow-4G link (bench/web-vitals.ts): JS transferred
 * (gzip), FCP, LCP, TBT, CLS, and the performance and accessibility scores. Targets: landing JS
 * ≤ 150 KB gzip, performance ≥ 95, accessibility ≥ 95, CLS < 0.05. Each route is measured
 * `--vitals-runs` times (5) and the run of median performance is shown with every run's score, as
 * Lighthouse CI reports several runs: one run's blocking time moves by ±100 ms with the machine's load.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { demoLogins } from '../infra/local/seed';
import { REPO_ROOT, startLocalStack, type LocalStack } from '../infra/local/stack';
import { CHROMIUM_ARGS } from '../tests/e2e/support';
import { measureVitals, medianRun, type Vitals } from './web-vitals';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'no-vitals': { type: 'boolean', default: false },
    'vitals-runs': { type: 'string', default: '5' },
  },
});

/** The routes of the Lighthouse-style pass (issue 15). */
const VITALS_ROUTES = [
  { path: '/', ready: 'main h1' },
  { path: '/pricing', ready: 'main h1' },
  { path: '/login', ready: 'input[type=password]' },
] as const;

function printVitals(rows: readonly ReturnType<typeof medianRun>[]): void {
  const header = ['route', 'JS KB gz', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'perf', 'a11y'];
  const cells = rows.map((r) => [
    r.route,
    kb(r.jsGzipBytes),
    r.fcpMs.toFixed(0),
    r.lcpMs.toFixed(0),
    r.tbtMs.toFixed(0),
    r.cls.toFixed(3),
    `${r.performance} (${r.scores.join('/')})`,
    String(r.accessibility),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: readonly string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\nLighthouse-style first visit (phone 412×823 @1.75, CPU 4× slower, slow 4G 150 ms / 1.6 Mbit/s; bench/web-vitals.ts),\n` +
      `each route ${rows[0]?.scores.length ?? 0} times in fresh contexts, the run of median performance shown (as Lighthouse CI does)\n`,
  );
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  for (const r of rows) if (r.violations.length) console.log(`  ${r.route} axe violations: ${r.violations.join(', ')}`);
  const landing = rows.find((r) => r.route === '/');
  const ok = (pass: boolean) => (pass ? '✓' : '✗');
  console.log('\nTargets (issue 15):');
  if (landing)
    console.log(`  ${ok(landing.jsGzipBytes <= 150 * 1024)} landing JS ≤ 150 KB gzip (${kb(landing.jsGzipBytes)} KB)`);
  for (const r of rows) {
    console.log(
      `  ${ok(r.performance >= 95)} ${r.route} performance ≥ 95 (${r.performance})   ${ok(r.accessibility >= 95)} accessibility ≥ 95 (${r.accessibility})   ${ok(r.cls < 0.05)} CLS < 0.05 (${r.cls.toFixed(3)})`,
    );
  }
}

/** A first route to measure: where, as whom, and when its first screen is complete. */
interface RouteSpec {
  readonly path: string;
  readonly signedIn: boolean;
  /** Resolves once the route's first screen is drawn (beyond the loading state). */
  readonly ready: (page: Page) => Promise<void>;
}

/** One loaded file. */
interface Transfer {
  readonly url: string;
  readonly kind: 'js' | 'css' | 'font' | 'other';
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** What a first visit to one route transferred. */
interface RouteFigures {
  readonly route: string;
  readonly signedIn: boolean;
  readonly jsGzipBytes: number;
  readonly jsFiles: number;
  readonly cssGzipBytes: number;
  readonly cssFiles: number;
  readonly blockingCssGzipBytes: number;
  readonly fontBytes: number;
  readonly fontFiles: number;
  readonly requests: number;
  readonly amplify: boolean;
  readonly zod: boolean;
  readonly files: readonly Transfer[];
}

/** Markers that survive minification: Amplify's user-agent prefix, zod's error class name. */
const MARKERS = { amplify: 'aws-amplify', zod: '$ZodError' } as const;

/** The app has drawn something other than its loading state. */
async function appDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      !document.querySelector('[data-testid="loading-screen"]'),
    undefined,
    { timeout: 60_000 },
  );
}

const ROUTES: readonly RouteSpec[] = [
  { path: '/', signedIn: false, ready: appDrawn },
  { path: '/pricing', signedIn: false, ready: appDrawn },
  { path: '/privacy', signedIn: false, ready: appDrawn },
  { path: '/terms', signedIn: false, ready: appDrawn },
  { path: '/login', signedIn: false, ready: async (page) => page.locator('input[type=password]').first().waitFor() },
  // The public API pages (issue 12): an unknown code or token still loads the page's whole code path.
  {
    path: '/register/bench-unknown-invite',
    signedIn: false,
    ready: async (page) => page.getByText('Invalid Invite').waitFor(),
  },
  {
    path: '/directory/public/bench-unknown-token',
    signedIn: false,
    ready: async (page) => page.getByText('Access Error').waitFor(),
  },
  {
    path: '/messages',
    signedIn: true,
    ready: async (page) => {
      await page
        .locator('[data-testid="message-row"], [data-testid="thread-card"]')
        .first()
        .waitFor({ timeout: 60_000 });
    },
  },
  {
    // The same screen opened on its table (links such as View All): the All Messages tab's own chunk too.
    path: '/messages?view=table',
    signedIn: true,
    ready: async (page) => {
      await page
        .getByRole('row')
        .filter({ has: page.getByTestId('message-text') })
        .first()
        .waitFor({ timeout: 60_000 });
    },
  },
  { path: '/dashboard', signedIn: true, ready: appDrawn },
];

function kindOf(resourceType: string, url: string): Transfer['kind'] {
  if (resourceType === 'script' || url.endsWith('.js')) return 'js';
  if (resourceType === 'stylesheet' || url.endsWith('.css')) return 'css';
  if (resourceType === 'font' || url.endsWith('.woff2')) return 'font';
  return 'other';
}

/** Signs the demo admin in once and returns the stored session a fresh context can start with. */
async function signedInState(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const admin = demoLogins().admin;
  await page.goto('/login');
  await page.locator('input[type=email]').first().fill(admin.email);
  await page.locator('input[type=password]').first().fill(admin.password);
  await page.getByRole('button', { name: /sign in with email/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function measure(
  browser: Browser,
  base: string,
  spec: RouteSpec,
  state: Awaited<ReturnType<typeof signedInState>> | undefined,
): Promise<RouteFigures> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
    ...(spec.signedIn && state ? { storageState: state } : {}),
  });
  const page = await context.newPage();
  let requests = 0;
  page.on('request', () => requests++);
  const found = { amplify: false, zod: false };
  const pending: Promise<Transfer | null>[] = [];
  page.on('response', (response) => {
    const kind = kindOf(response.request().resourceType(), new URL(response.url()).pathname);
    if (kind === 'other') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          kind,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          body,
        }))
        .then(({ body, ...transfer }) => {
          if (body.includes(MARKERS.amplify)) found.amplify = true;
          if (body.includes(MARKERS.zod)) found.zod = true;
          return transfer;
        })
        .catch(() => null),
    );
  });
  const entry = await page.goto(spec.path, { waitUntil: 'load' });
  const documentHtml = (await entry?.text()) ?? '';
  await spec.ready(page);
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== new URL(spec.path, base).pathname) {
    throw new Error(`${spec.path} ended at ${page.url()}: is the demo admin signed in, and the demo community set up?`);
  }
  // Render-blocking: the stylesheets the HTML itself links (the app adds others later, with their chunks).
  const blocking = [...documentHtml.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    // A `disabled` link is neither fetched nor applied (the prerendered /login names its joined files so).
    .filter((tag) => !/\sdisabled\b/.test(tag[0]))
    .map((tag) => /\bhref="([^"]+)"/.exec(tag[0])?.[1])
    .filter((href): href is string => href !== undefined)
    .map((href) => new URL(href, base).href);
  const files = (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
  await context.close();
  const sum = (kind: Transfer['kind'], field: 'bytes' | 'gzipBytes') =>
    files.filter((f) => f.kind === kind).reduce((n, f) => n + f[field], 0);
  return {
    route: spec.path,
    signedIn: spec.signedIn,
    jsGzipBytes: sum('js', 'gzipBytes'),
    jsFiles: files.filter((f) => f.kind === 'js').length,
    cssGzipBytes: sum('css', 'gzipBytes'),
    cssFiles: files.filter((f) => f.kind === 'css').length,
    blockingCssGzipBytes: files.filter((f) => blocking.includes(f.url)).reduce((n, f) => n + f.gzipBytes, 0),
    fontBytes: sum('font', 'bytes'),
    fontFiles: files.filter((f) => f.kind === 'font').length,
    requests,
    amplify: found.amplify,
    zod: found.zod,
    files,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(rows: readonly RouteFigures[]): void {
  const header = [
    'route',
    'signed in',
    'JS KB gz',
    'JS files',
    'CSS KB gz',
    'blocking CSS KB gz',
    'CSS files',
    'fonts KB',
    'fonts',
    'requests',
    'Amplify',
    'zod',
  ];
  const cells = rows.map((r) => [
    r.route,
    r.signedIn ? 'yes' : 'no',
    kb(r.jsGzipBytes),
    String(r.jsFiles),
    kb(r.cssGzipBytes),
    kb(r.blockingCssGzipBytes),
    String(r.cssFiles),
    kb(r.fontBytes),
    String(r.fontFiles),
    String(r.requests),
    r.amplify ? 'yes' : 'no',
    r.zod ? 'yes' : 'no',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: readonly string[]) =>
    c.map((v, i) => (i < 2 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  if (values.files) {
    for (const r of rows) {
      console.log(`\n${r.route}`);
      for (const f of [...r.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        console.log(`  ${kb(f.gzipBytes).padStart(7)} KB gz  ${f.kind.padEnd(4)}  ${new URL(f.url).pathname}`);
      }
    }
  }
  const messages = rows.find((r) => r.route === '/messages');
  const publicRows = rows.filter((r) => ['/', '/pricing', '/privacy', '/terms'].includes(r.route));
  const ok = (pass: boolean) => (pass ? '✓' : '✗');
  console.log('\nTargets (issue 16):');
  if (messages)
    console.log(
      `  ${ok(messages.jsGzipBytes <= 250 * 1024)} signed-in first visit to /messages ≤ 250 KB gzip of JS (${kb(messages.jsGzipBytes)} KB)`,
    );
  console.log(`  ${ok(publicRows.every((r) => !r.amplify && !r.zod))} public pages load neither Amplify nor zod`);
}

let stack: LocalStack | undefined;
let browser: Browser | undefined;
try {
  if (!values['no-build']) {
    console.error('Building the web app (vite build web)…');
    execFileSync('npx', ['vite', 'build', 'web', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
  }
  let base = values.base;
  if (!base) {
    console.error('Starting a local stack serving web/dist with demo data…');
    // The screens need a lived-in community, not thousands of messages queued for enrichment.
    process.env.KEHILA_DEMO_MESSAGES ??= '120';
    // Queues idle (nothing here sends to them): their pollers pause 2 s, so the stack beside the phone
    // takes a few per cent of a CPU rather than a fifth (infra/local/pollers.ts).
    stack = await startLocalStack({ port: 0, web: 'dist', seed: true, idlePollMaxMs: 2000 });
    base = stack.url;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const state = ROUTES.some((r) => r.signedIn) ? await signedInState(browser, base) : undefined;
  const rows: RouteFigures[] = [];
  for (const spec of ROUTES) rows.push(await measure(browser, base, spec, state));
  if (values.json) {
    console.log(
      JSON.stringify(
        rows.map(({ files, ...r }) => (values.files ? { ...r, files } : r)),
        null,
        2,
      ),
    );
  } else {
    console.log(
      `\nWeb first visit — ${base}; Chromium at 1280×900, empty cache; this machine: ${cpus().length} CPUs\n`,
    );
    printTable(rows);
  }
  if (!values['no-vitals']) {
    const vitals: ReturnType<typeof medianRun>[] = [];
    const runs = Math.max(1, Number(values['vitals-runs']) || 1);
    for (const route of VITALS_ROUTES) {
      const each: Vitals[] = [];
      for (let i = 0; i < runs; i++)
        each.push(
          await measureVitals(browser, base, route.path, route.ready, (body) => gzipSync(body, { level: 9 }).length),
        );
      vitals.push(medianRun(each));
    }
    if (values.json) console.log(JSON.stringify(vitals, null, 2));
    else printVitals(vitals);
  }
} finally {
  await browser?.close().catch(() => undefined);
  await stack?.close();
}
