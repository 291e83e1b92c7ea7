import fs from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { TOKEN_DECIMALS } from '../core/constants';
import { formatUnits } from '../core/money';
import { launchBrowser, newPage } from './browser';
import { airdrop, tokenBalance, trade } from './fleet/fleetClient';
import { launchCampaign, type LaunchedCampaign } from './launchApi';

// Issue 23's trust panel on the campaign page, as a donor sees it: an honest campaign says
// it found no warning sign; a creator who dumps is named in a high flag; the Holders tab
// labels the pool and the creator. Screenshots at 1440 and 390 px for a person to open.

const baseUrl = sharedBaseUrl();
const rpcUrl = `${baseUrl}/api/rpc`;
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../test-results/e2e/trust');
let browser: Browser;
let honest: LaunchedCampaign;
let dumped: LaunchedCampaign;

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  // The honest campaign pays a verified charity; its supporter buys well after the launch slot.
  const { charities } = await (await fetch(`${baseUrl}/api/charities`)).json() as { charities: { wallet_address: string }[] };
  [honest, dumped] = await Promise.all([
    launchCampaign(baseUrl, { name: 'Trust Honest Shelter', initialBuy: '0.2', donationWallet: charities[0]!.wallet_address }),
    launchCampaign(baseUrl, { name: 'Trust Dumped Shelter', initialBuy: '0.5' }),
  ]);
  const supporter = Keypair.generate();
  await airdrop(baseUrl, supporter.publicKey, 3);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await trade(baseUrl, baseUrl, honest.mint, 'buy', supporter, '0.3');
  await trade(baseUrl, baseUrl, dumped.mint, 'buy', supporter, '0.3');
  // The creator sells 80% of what their initial buy gave them.
  const held = await tokenBalance(rpcUrl, dumped.mint, dumped.creator.publicKey.toBase58());
  await trade(baseUrl, baseUrl, dumped.mint, 'sell', dumped.creator, formatUnits((held * 8n) / 10n, TOKEN_DECIMALS));
}, 180_000);
afterAll(async () => { await browser?.close(); });

describe('the trust panel', () => {
  it('an honest campaign: no warning sign, who controls the token in words, the holders tab labels the pool and the creator', async () => {
    const answer = await (await fetch(`${baseUrl}/api/campaigns/${honest.mint}/trust`)).json() as { flags: unknown[] };
    expect(answer.flags).toEqual([]);
    const { page, errors } = await newPage(browser, { width: 1440, height: 900 });
    await page.goto(`${baseUrl}/campaign/${honest.mint}`);
    const panel = page.getByTestId('trust-panel');
    await panel.getByTestId('trust-no-flags').waitFor({ timeout: 20_000 });
    await expect(panel.getByTestId('trust-authorities').textContent()).resolves.toContain('Nobody can create more tokens');
    await expect(panel.getByTestId('trust-creator-trades').textContent()).resolves.toMatch(/Initial buy[\d,]+ tokens for 0\.2 SOL/);
    // The supporter's SOL came from the faucet, a platform wallet: it links nobody into a group.
    await expect(panel.getByTestId('trust-early-buyers').textContent()).resolves.toContain('Funded by one wallet just before buyingNo such group');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'honest-1440.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Holders' }).click();
    const table = page.getByTestId('holders-tab');
    await table.waitFor();
    await expect(table.locator('tr[data-label="pool"]').count()).resolves.toBe(1);
    await expect(table.locator('tr[data-label="creator"]').textContent()).resolves.toContain('Creator');
    await expect(table.locator('tr[data-label="holder"]').count()).resolves.toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'holders-1440.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it("a creator who sold most of their tokens is named in a high flag, at 390 px too, without sideways scrolling", async () => {
    const { page, errors } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/campaign/${dumped.mint}`);
    const flag = page.getByTestId('trust-panel').locator('li[data-flag="creator_sold"]');
    await flag.waitFor({ timeout: 20_000 });
    await expect(flag.textContent()).resolves.toMatch(/^High: The creator has sold/);
    await expect(page.getByTestId('trust-creator-trades').textContent()).resolves.toMatch(/Sold of what they bought(7[5-9]|80)\.\d\d%/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('trust-panel').screenshot({ path: path.join(OUTPUT_DIR, 'dumped-panel-390.png') });
    // Where someone is about to trade: the same warning, with the way to the panel.
    await page.goto(`${baseUrl}/trade/${dumped.mint}`);
    await page.getByTestId('high-flags').locator('[data-flag="creator_sold"]').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'trade-390.png'), fullPage: true });
    await page.goto(`${baseUrl}/campaign/${dumped.mint}`);
    await page.getByTestId('trust-panel').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'dumped-390.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Holders' }).click();
    await page.getByTestId('holders-tab').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'holders-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
