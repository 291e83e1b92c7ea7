import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../scripts/build-if-needed.mjs';
import { launchBrowser } from '../e2e/browser';
import { startServer } from '../e2e/server';

export type HomeBenchRow = { bench: string; runs: number; median: number; max: number; unit: string; target: string; ok: boolean };

// HOME_BENCH_RUNS shortens or lengthens the run; the machine is shared, so one run says little.
const RUNS = Number(process.env.HOME_BENCH_RUNS ?? 5);
const INITIAL_JS_TARGET_KB = 200;
const LCP_TARGET_MS = 1000;
const HERO = 'From Meme to Movement';

type Load = { scripts: { url: string; gzipBytes: number }[]; lcpMs: number };

// Runs in the page before any of its scripts: when the hero first appears, and the LCP candidates.
const PROBE = `(() => {
  window.__lcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  const seen = () => [...document.querySelectorAll('h1')].some((h) => h.textContent === ${JSON.stringify(HERO)});
  new MutationObserver((_, observer) => {
    if (window.__heroAt === undefined && seen()) { window.__heroAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();`;

/**
 * One first visit of / in a fresh browser context (empty cache, no remembered wallet).
 * "Before interactive" is until both the load event and the hero's render: every script
 * requested by then counts, gzipped here from the body the browser received.
 */
async function loadHome(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.set(res.url(), res.body());
    });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: HERO }).waitFor();
    // LCP entries stop at the first input; settle a moment so late candidates are reported.
    await page.waitForTimeout(300);
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __heroAt: number; __lcp: number };
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const interactiveAt = Math.max(nav.loadEventEnd, w.__heroAt);
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || e.name.endsWith('.js'))
        .filter((e) => e.startTime <= interactiveAt)
        .map((e) => e.name);
      return { lcp: w.__lcp, scripts };
    });
    const scripts: Load['scripts'] = [];
    for (const scriptUrl of timing.scripts) {
      const body = bodies.get(scriptUrl);
      if (!body) continue;
      scripts.push({ url: new URL(scriptUrl).pathname, gzipBytes: gzipSync(await body, { level: 9 }).length });
    }
    return { scripts, lcpMs: timing.lcp };
  } finally {
    await context.close();
  }
}

function summary(values: number[], digits: number): { median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(digits));
  return { median: round(sorted[Math.floor((sorted.length - 1) / 2)]), max: round(sorted.at(-1)!) };
}

/**
 * The home page's first load in Debian Chromium against the real server (built app, no
 * demo campaigns): (a) the gzip size of every script the page requests before it is
 * interactive, (b) largest contentful paint.
 */
export default async function homeBench(): Promise<HomeBenchRow[]> {
  await buildAppIfNeeded({ quiet: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    await loadHome(browser, server.url); // warm the server's caches and the OS page cache
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await loadHome(browser, server.url));
    console.table(loads.at(-1)!.scripts.map((s) => ({ script: s.url, 'gzip kB': Number((s.gzipBytes / 1000).toFixed(1)) })));
    const js = summary(loads.map((l) => l.scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1000), 1);
    const lcp = summary(loads.map((l) => l.lcpMs), 0);
    const rows: HomeBenchRow[] = [
      { bench: 'home /: JavaScript before interactive (gzip)', runs: loads.length, ...js, unit: 'kB', target: `median <= ${INITIAL_JS_TARGET_KB}`, ok: js.median <= INITIAL_JS_TARGET_KB },
      { bench: 'home /: largest contentful paint', runs: loads.length, ...lcp, unit: 'ms', target: `median < ${LCP_TARGET_MS}`, ok: lcp.median < LCP_TARGET_MS },
    ];
    console.table(rows);
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
