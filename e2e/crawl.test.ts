import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';
import { connectLocalWallet } from './localWallet';

const baseUrl = inject('baseUrl');

// Pages later issues build; each of those issues empties its line here.
const NOT_BUILT_YET = ['/official-token', '/verified-charities', '/report', '/account/verify'];
// Pages of one shape (a campaign, a trade page) are alike: a few of each say enough.
const PER_SHAPE = 2;
const MAX_PAGES = 80;

const shapeOf = (path: string) => path.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,44}(?=\/|$)/g, '/:address').replace(/\/\d+(?=\/|$)/g, '/:id');
const excluded = (path: string) => NOT_BUILT_YET.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('every internal link', () => {
  it('lands on a real page, never the 404 page (a wallet connected, campaigns live)', async () => {
    // The connected wallet is a creator, so its account page lists a campaign with its links.
    const creator = Keypair.generate();
    const launched = await launchCampaign(baseUrl, { creator, name: 'Crawl Target', initialBuy: '0.1' });
    const { page, errors } = await newPage(browser);
    await page.addInitScript((secret) => localStorage.setItem('causemintLocalWalletSecretKey', secret), bs58.encode(creator.secretKey));
    await page.goto(baseUrl);
    await connectLocalWallet(page);

    const queue = ['/', '/account', `/campaign/${launched.mint}`];
    const seen = new Set<string>(queue);
    const perShape = new Map<string, number>();
    const dead: string[] = [];
    let visited = 0;
    while (queue.length > 0 && visited < MAX_PAGES) {
      const path = queue.shift()!;
      visited += 1;
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle').catch(() => {});
      if (await page.getByRole('heading', { name: '404' }).count() > 0) dead.push(path);
      const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin !== new URL(baseUrl).origin) continue;
        if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ipfs/')) continue;
        const next = url.pathname;
        if (seen.has(next) || excluded(next)) continue;
        seen.add(next);
        const shape = shapeOf(next);
        const count = perShape.get(shape) ?? 0;
        if (count >= PER_SHAPE) continue;
        perShape.set(shape, count + 1);
        queue.push(next);
      }
    }
    expect(dead, `links to missing pages: ${dead.join(', ')}`).toEqual([]);
    expect(visited).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
