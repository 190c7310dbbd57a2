/**
 * Lighthouse-style lab metrics of a first visit, through Chromium's DevTools protocol (bench/web.ts
 * `--vitals`): a phone (412×823 at DPR 1.75, touch, mobile user agent), the CPU slowed 4× and a slow-4G
 * link (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), an empty cache. It reads FCP, LCP, CLS
 * and the long tasks from the page's own Performance API, and runs axe-core in the page.
 *
 * Scores: performance is Lighthouse 10's weighting of the mobile log-normal curves (FCP 10 %,
 * Speed Index 10 %, LCP 25 %, TBT 30 %, CLS 25 %). Speed Index is not measured here: FCP stands in
 * for it (on these pages, text painted at once, the two coincide). Accessibility is the share of
 * applicable axe-core rules passed, each weighted by its impact (critical 10, serious 7, moderate 3,
 * minor 1), as Lighthouse weights its axe-based audits.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';

/**
 * The representative of several runs of one route, as Lighthouse CI picks it: the run whose performance
 * score is the median (the lower middle of an even count), with every run's score kept beside it.
 */
export function medianRun(runs: readonly Vitals[]): Vitals & { readonly scores: readonly number[] } {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as Vitals;
  return { ...median, scores: runs.map((r) => r.performance) };
}

/** The figures of one route. */
export interface Vitals {
  readonly route: string;
  readonly jsGzipBytes: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly performance: number;
  readonly accessibility: number;
  readonly violations: readonly string[];
}

const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
} as const;

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Lighthouse 10 mobile curves: the value scoring 0.9 (p10) and the one scoring 0.5 (median). */
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
} as const;

/** erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

/**
 * A metric's score on a log-normal curve through (median, 0.5) and (p10, 0.9): 1 − Φ(z) with
 * z = ln(value / median) / σ, σ chosen so that p10 lands on 0.9 (z = −1.2816).
 */
export function logNormalScore(value: number, curve: { p10: number; median: number }): number {
  if (value <= 0) return 1;
  const sigma = Math.log(curve.median / curve.p10) / 1.2815515655446004;
  const z = Math.log(value / curve.median) / sigma;
  const phi = 0.5 * (1 + erf(z / Math.SQRT2));
  return Math.min(1, Math.max(0, 1 - phi));
}

/** The performance score (0–100) of the measured metrics. */
export function performanceScore(m: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number }): number {
  const score =
    CURVES.fcp.weight * logNormalScore(m.fcpMs, CURVES.fcp) +
    CURVES.si.weight * logNormalScore(m.fcpMs, CURVES.si) +
    CURVES.lcp.weight * logNormalScore(m.lcpMs, CURVES.lcp) +
    CURVES.tbt.weight * logNormalScore(m.tbtMs, CURVES.tbt) +
    CURVES.cls.weight * logNormalScore(m.cls, CURVES.cls);
  return Math.round(score * 100);
}

const IMPACT_WEIGHT: Record<string, number> = { critical: 10, serious: 7, moderate: 3, minor: 1 };

interface AxeRule {
  readonly id: string;
  readonly impact?: string | null;
  readonly nodes: readonly { readonly impact?: string | null }[];
}

/** The accessibility score (0–100): weighted share of the applicable axe rules the page passes. */
export function accessibilityScore(result: { passes: readonly AxeRule[]; violations: readonly AxeRule[] }): number {
  const weight = (r: AxeRule) => IMPACT_WEIGHT[r.impact ?? r.nodes[0]?.impact ?? 'moderate'] ?? 3;
  const passed = result.passes.reduce((n, r) => n + weight(r), 0);
  const failed = result.violations.reduce((n, r) => n + weight(r), 0);
  return passed + failed === 0 ? 100 : Math.round((passed / (passed + failed)) * 100);
}

/** Collects paint, LCP, layout-shift and long-task entries from the first byte on. */
const OBSERVE = `(() => {
  const perf = { lcp: 0, cls: 0, longTasks: [] };
  window.__vitals = perf;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) perf.lcp = e.renderTime || e.loadTime || e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) perf.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) perf.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
})();`;

/**
 * Measures one route in a fresh phone context, once `ready` (a selector) is on the page. `jsGzip`
 * sizes the JavaScript responses it saw.
 */
export async function measureVitals(
  browser: Browser,
  base: string,
  route: string,
  ready: string,
  jsGzip: (body: Buffer) => number,
): Promise<Vitals> {
  const context = await browser.newContext({ ...PHONE, baseURL: base });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const pending: Promise<number>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !new URL(res.url()).pathname.endsWith('.js')) return;
    pending.push(res.body().then(jsGzip, () => 0));
  });
  await page.goto(route, { waitUntil: 'load', timeout: 120_000 });
  await page.locator(ready).first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  // A quiet window after load, as Lighthouse waits for the main thread to settle.
  await page.waitForTimeout(3000);
  const raw = (await page.evaluate(() => {
    const v = (window as unknown as { __vitals: { lcp: number; cls: number; longTasks: [number, number][] } }).__vitals;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { ...v, fcp };
  })) as { lcp: number; cls: number; longTasks: [number, number][]; fcp: number };
  // TBT: the part of each long task past 50 ms, from first contentful paint on.
  const tbtMs = raw.longTasks
    .filter(([start]) => start >= raw.fcp)
    .reduce((n, [, duration]) => n + Math.max(0, duration - 50), 0);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  const axe = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe.run({
      resultTypes: ['violations', 'passes'],
    }),
  )) as { passes: AxeRule[]; violations: AxeRule[] };
  const jsGzipBytes = (await Promise.all(pending)).reduce((n, b) => n + b, 0);
  await context.close();
  const metrics = { fcpMs: raw.fcp, lcpMs: raw.lcp || raw.fcp, tbtMs, cls: raw.cls };
  return {
    route,
    jsGzipBytes,
    ...metrics,
    performance: performanceScore(metrics),
    accessibility: accessibilityScore(axe),
    violations: axe.violations.map((v) => `${v.id} (${v.impact ?? '?'}, ${v.nodes.length})`),
  };
}
