import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { TOKEN_DECIMALS } from '../core/constants';
import { formatUnits } from '../core/money';
import { signMessage } from '../server/testing/wallet';
import { launchBrowser, newPage } from './browser';
import { airdrop, tokenBalance, trade } from './fleet/fleetClient';
import { launchCampaign, type LaunchedCampaign } from './launchApi';
import { SHOTS_DIR, shootWidths } from './shots';

// The trust panel on the campaign page, as a donor sees it (issues 23 and 34): a young honest
// campaign is "too early to judge", never all clear; a creator who dumped stays flagged, with
// the day, after buying back in; the donation wallet's holder is the one who proved it; the
// header, the panel and the Holders tab give one holder count. Screenshots at 1440 and 390 px
// (.shots/trust-*) for a person to open.

const baseUrl = sharedBaseUrl();
const rpcUrl = `${baseUrl}/api/rpc`;
let browser: Browser;
let honest: LaunchedCampaign;
let dumped: LaunchedCampaign;

async function post(path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Record<string, string>>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The honest campaign pays a verified charity; two supporters buy well after the launch slot.
  const { charities } = await (await fetch(`${baseUrl}/api/charities`)).json() as { charities: { wallet_address: string }[] };
  const charity = Keypair.generate();
  [honest, dumped] = await Promise.all([
    launchCampaign(baseUrl, { name: 'Trust Honest Shelter', initialBuy: '0.05', donationWallet: charities[0]!.wallet_address }),
    launchCampaign(baseUrl, { name: 'Trust Dumped Shelter', initialBuy: '0.5', donationWallet: charity.publicKey.toBase58() }),
  ]);
  const supporters = [Keypair.generate(), Keypair.generate()];
  for (const s of supporters) await airdrop(baseUrl, s.publicKey, 3);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const s of supporters) await trade(baseUrl, baseUrl, honest.mint, 'buy', s, '0.3');
  await trade(baseUrl, baseUrl, dumped.mint, 'buy', supporters[0]!, '0.3');
  // The creator sells 80% of what their initial buy gave them.
  const held = await tokenBalance(rpcUrl, dumped.mint, dumped.creator.publicKey.toBase58());
  await trade(baseUrl, baseUrl, dumped.mint, 'sell', dumped.creator, formatUnits((held * 8n) / 10n, TOKEN_DECIMALS));
  // The charity (not the creator) signs the consent the creator asked for.
  const request = await post('/api/donation-wallets/challenge', { wallet: charity.publicKey.toBase58() }, dumped.cookie);
  await post('/api/donation-wallets/proof', { nonce: request.nonce, signature: signMessage(charity, request.message!) });
}, 180_000);
afterAll(async () => { await browser?.close(); });

/** The element alone at 1440 and 390 px (the trust card, the Holders tab), beside shootWidths' full pages. */
async function shootElement(page: Page, element: Locator, name: string) {
  const before = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Clipped from the full page, so the sticky header stays at the top instead of across the card.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await element.boundingBox();
    if (!box) throw new Error(`${name}: not on the page`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true, clip: box });
  }
  if (before) await page.setViewportSize(before);
}

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('the trust panel', () => {
  it('a young honest campaign: too early to judge, never "No warning signs"; one holder count in the header, the panel and the Holders tab', async () => {
    const answer = await (await fetch(`${baseUrl}/api/campaigns/${honest.mint}/trust`)).json() as { flags: unknown[]; holders: { holderCount: number } };
    expect([answer.flags, answer.holders.holderCount]).toEqual([[], 3]);
    const { page, errors } = await newPage(browser, { width: 1440, height: 900 });
    await page.goto(`${baseUrl}/campaign/${honest.mint}`);
    const panel = page.getByTestId('trust-panel');
    const verdict = panel.getByTestId('trust-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    await expect(verdict.textContent()).resolves.toBe('Too early to judge holder concentration: 3 holders');
    await expect(panel.getByTestId('trust-no-flags').count()).resolves.toBe(0);
    await expect(panel.textContent()).resolves.not.toContain('No warning signs');
    await expect(page.getByTestId('curve-strip').textContent()).resolves.toContain('3 holders');
    await expect(panel.getByTestId('trust-holders').textContent()).resolves.toContain('Holders3 holders');
    await expect(panel.getByTestId('trust-authorities').textContent()).resolves.toContain('Nobody can create more tokens');
    await expect(panel.getByTestId('trust-creator-trades').textContent()).resolves.toMatch(/Initial buy[\d,]+ tokens for 0\.05 SOL/);
    // The supporters' SOL came from the faucet, a platform wallet: it links nobody into a group.
    await expect(panel.getByTestId('trust-early-buyers').textContent()).resolves.toContain('Funded by one wallet just before buyingNo such group');
    await shootElement(page, panel, 'trust-honest-card');

    await page.getByRole('tab', { name: 'Holders' }).click();
    const table = page.getByTestId('holders-tab');
    await table.waitFor();
    await expect(table.locator('tr[data-label="pool"]').count()).resolves.toBe(1);
    await expect(table.locator('tr[data-label="creator"]').textContent()).resolves.toContain('Creator');
    await expect(table.locator('tr[data-label="holder"]').count()).resolves.toBe(2);
    await expect(table.textContent()).resolves.toContain('3 holders, not counting the platform\'s wallets. Shares are of the tokens in circulation');
    await shootElement(page, table, 'trust-honest-holders');
    await shootWidths(page, 'trust-honest-page');
    expect(errors).toEqual([]);
  });

  it('a creator who dumped stays flagged, with the day, after buying back in; the wallet\'s holder proved the donation wallet; at 390 px too', async () => {
    // Buying back far more than was sold: the sale is no longer "more than half", the flag stays.
    await trade(baseUrl, baseUrl, dumped.mint, 'buy', dumped.creator, '1');
    const { page, errors } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/campaign/${dumped.mint}`);
    const panel = page.getByTestId('trust-panel');
    const flag = panel.locator('li[data-flag="creator_sold"]');
    await flag.waitFor({ timeout: 20_000 });
    await expect(flag.textContent()).resolves.toMatch(/^High: The creator has sold more than half of the tokens they held\. Flagged since \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    await expect(flag.getAttribute('data-since')).resolves.toMatch(/^\d{4}-\d\d-\d\dT/);
    const trades = panel.getByTestId('trust-creator-trades');
    await expect.poll(async () => trades.textContent(), { timeout: 20_000 }).toMatch(/Later buys1:/);
    await expect(panel.locator('li[data-flag="creator_sold"]').count()).resolves.toBe(1);
    // Who proved the donation wallet: its holder signed, and the Funding card says the same.
    await expect(panel.getByTestId('trust-proof').textContent()).resolves.toMatch(/^The donation wallet's holder signed Causemint's consent on \d{1,2} [A-Z][a-z]+ \d{4} \(a confirmation request from the creator\)\.$/);
    await expect(panel.getByTestId('trust-cause').textContent()).resolves.toContain('The campaign\'s donation wallet, chosen by its creator and confirmed by a signature from that wallet');
    await expect(page.getByTestId('donation-counting').textContent()).resolves.toMatch(/^Every transfer to this wallet counts: the donation wallet's holder signed Causemint's consent on /);
    await expect(page.locator('body').textContent()).resolves.not.toContain('proved they control');
    await noSidewaysScroll(page, 390);
    await shootElement(page, panel, 'trust-dumped-card');
    await shootElement(page, page.getByTestId('funding-card'), 'trust-dumped-funding');
    await page.getByRole('tab', { name: 'Holders' }).click();
    await page.getByTestId('holders-tab').waitFor();
    await noSidewaysScroll(page, 390);
    await shootElement(page, page.getByTestId('holders-tab'), 'trust-dumped-holders');
    // Where someone is about to trade: the same warning, with the way to the panel.
    await page.goto(`${baseUrl}/trade/${dumped.mint}`);
    await page.getByTestId('high-flags').locator('[data-flag="creator_sold"]').waitFor({ timeout: 20_000 });
    await shootWidths(page, 'trust-trade');
    expect(errors).toEqual([]);
  });
});
