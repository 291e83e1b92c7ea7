import { Connection, Keypair } from '@solana/web3.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBuy } from './apiTrade';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('a launch anywhere reaches open pages', () => {
  it("raises the header's campaign count without a reload (live event, not a poll)", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    const { total } = await (await fetch(`${baseUrl}/api/campaigns/count`)).json() as { total: number };
    const count = page.getByTestId('total-campaigns');
    await count.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();

    // Another person launches: their creator wallet is funded from the ledger's JSON-RPC faucet.
    const creator = Keypair.generate();
    const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
    const signature = await connection.requestAirdrop(creator.publicKey, 2e9);
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
    // No initial buy: no trade event either, so only the launch's own event can refresh the count.
    await launchCampaign(baseUrl, { creator, airdropSol: 0, name: 'Live Count', initialBuy: '' });

    // The count's own query refetches only on focus or remount; 5 s is well inside any poll.
    await count.getByText((total + 1).toLocaleString('en-US'), { exact: true }).waitFor({ timeout: 5_000 });
    await page.context().close();
  });
});

describe('an idle campaign page', () => {
  it('reads nothing while other tokens trade (events, not polls, drive it), and refreshes its own figures once per burst', async () => {
    const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
    const funded = async (sol: number) => {
      const keypair = Keypair.generate();
      const signature = await connection.requestAirdrop(keypair.publicKey, sol * 1e9);
      await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
      return keypair;
    };
    const [idle, busy] = await Promise.all([
      funded(2).then((creator) => launchCampaign(baseUrl, { creator, airdropSol: 0, name: 'Quiet Page', initialBuy: '' })),
      funded(2).then((creator) => launchCampaign(baseUrl, { creator, airdropSol: 0, name: 'Busy Token', initialBuy: '' })),
    ]);
    const trader = await funded(5);

    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/campaign/${idle.mint}`);
    await page.getByTestId('campaign-page').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    // What the page asks the API for, but the spec's 5 s maintenance poll and the event stream itself.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && pathname !== '/api/events' && pathname !== '/api/settings/site') asked.push(pathname);
    });

    // Another token trades for longer than the old 15 s poll: this page has nothing to refresh.
    const until = Date.now() + 16_000;
    while (Date.now() < until) {
      await apiBuy(baseUrl, busy.mint, trader, '0.01');
      // Paced, as a market trades: the suite shares one address's trade limit.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    expect(asked.filter((p) => p !== '/api/ticker')).toEqual([]);
    // The ticker scrolls every token: refreshed at most every half minute.
    expect(asked.filter((p) => p === '/api/ticker').length).toBeLessThanOrEqual(1);

    // A burst of this token's own trades: its figures refresh at once and once more after the burst, not once per trade.
    asked.length = 0;
    // (five traders at once: one wallet's new quote of a token replaces its last.)
    const traders = await Promise.all(Array.from({ length: 5 }, () => funded(1)));
    asked.length = 0;
    await Promise.all(traders.map((t) => apiBuy(baseUrl, idle.mint, t, '0.01')));
    await expect.poll(() => page.getByTestId('trade-row').count(), { timeout: 10_000 }).toBe(5);
    for (const part of ['/trades', '/candles', '/trust', '']) {
      const reads = asked.filter((p) => p === `/api/campaigns/${idle.mint}${part}`).length;
      expect(reads, part || 'the campaign').toBeGreaterThanOrEqual(1);
      expect(reads, part || 'the campaign').toBeLessThanOrEqual(3);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
