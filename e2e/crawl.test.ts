import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PREFIX } from '../core/constants';
import { signInAdminPage } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';
import { connectLocalWallet } from './localWallet';

const baseUrl = sharedBaseUrl();

// Pages later issues build; each of those issues empties its line here.
const NOT_BUILT_YET: string[] = [];
// Pages of one shape (a campaign, a trade page) are alike: a few of each say enough.
const PER_SHAPE = 2;
const MAX_PAGES = 80;
// The dashboard's tabs (?tab=): their links show only while the tab is open.
const TAB_VALUES = ['overview', 'analytics', 'maintenance', 'sdk', 'campaigns', 'charities', 'security', 'revenue'];

const shapeOf = (path: string) => path.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,44}(?=\/|$)/g, '/:address').replace(/\/\d+(?=\/|$)/g, '/:id');
const excluded = (path: string) => NOT_BUILT_YET.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/**
 * Visits `start` and every same-site link found on the way (a few pages of each shape,
 * at most MAX_PAGES), keeping only those `follow` accepts; answers the paths that showed
 * the 404 page, the pages visited and the links not followed. Admin links keep their query: a dashboard
 * tab is `?tab=`.
 */
async function crawl(page: Page, start: string[], follow: (path: string) => boolean): Promise<{ dead: string[]; visited: string[]; unfollowed: Set<string> }> {
  const queue = [...start];
  const visitedPaths: string[] = [];
  const unfollowed = new Set<string>();
  const seen = new Set<string>(queue);
  const perShape = new Map<string, number>();
  const dead: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_PAGES) {
    const path = queue.shift()!;
    visited += 1;
    visitedPaths.push(path);
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle').catch(() => {});
    if (await page.getByRole('heading', { name: '404' }).count() > 0) dead.push(path);
    const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(baseUrl).origin) continue;
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ipfs/')) continue;
      const next = url.pathname.startsWith(ADMIN_PREFIX) ? url.pathname + url.search : url.pathname;
      if (seen.has(next) || excluded(next)) continue;
      if (!follow(next)) { unfollowed.add(next); continue; }
      seen.add(next);
      const shape = shapeOf(next);
      const count = perShape.get(shape) ?? 0;
      if (count >= PER_SHAPE) continue;
      perShape.set(shape, count + 1);
      queue.push(next);
    }
  }
  return { dead, visited: visitedPaths, unfollowed };
}

describe('every internal link', () => {
  it('lands on a real page, never the 404 page (a wallet connected, campaigns live)', async () => {
    // The connected wallet is a creator, so its account page lists a campaign with its links.
    const creator = Keypair.generate();
    const launched = await launchCampaign(baseUrl, { creator, name: 'Crawl Target', initialBuy: '0.1' });
    const { page, errors } = await newPage(browser);
    await page.addInitScript((secret) => localStorage.setItem('causemintLocalWalletSecretKey', secret), bs58.encode(creator.secretKey));
    await page.goto(baseUrl);
    await connectLocalWallet(page);

    const { dead, visited } = await crawl(page, ['/', '/account', `/campaign/${launched.mint}`], () => true);
    expect(dead, `links to missing pages: ${dead.join(', ')}`).toEqual([]);
    expect(visited.length).toBeGreaterThan(10);
    // The trust pages (issue 13) are linked from the shell, the account and the Get Verified page.
    expect(visited).toEqual(expect.arrayContaining(['/verified-charities', '/report', '/account/verify']));
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('in the admin area: every dashboard tab and admin page, and the public pages they link to', async () => {
    const { page, errors } = await newPage(browser, { width: 1440 });
    await signInAdminPage(page, baseUrl);
    const start = TAB_VALUES.map((tab) => `${ADMIN_PREFIX}/dashboard?tab=${tab}`);
    const { dead, visited, unfollowed } = await crawl(page, start, (path) => path.startsWith(ADMIN_PREFIX));
    // The public pages are the first test's to crawl; here each kind the admin area links to must exist.
    const outside = new Map([...unfollowed].map((path) => [shapeOf(path), path]));
    for (const path of outside.values()) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle').catch(() => {});
      if (await page.getByRole('heading', { name: '404' }).count() > 0) dead.push(path);
    }
    expect(dead, `links to missing pages: ${dead.join(', ')}`).toEqual([]);
    for (const admin of ['campaigns', 'reports', 'comments', 'charities', 'test-pinata']) expect(visited).toContain(`${ADMIN_PREFIX}/${admin}`);
    expect([...outside.keys()]).toEqual(expect.arrayContaining(['/verified-charities']));
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
