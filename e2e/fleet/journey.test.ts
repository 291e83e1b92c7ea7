import fs from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSol, parseTokenAmount } from '../../core/money';
import type { BuyQuoteResponse, ExecuteResponse } from '../../core/schemas/trade';
import { startFleet, type Fleet } from '../../server/fleet/startFleet';
import { launchBrowser, newPage } from '../browser';
import { connectLocalWallet, localWalletAddress, pageSession, walletButton } from '../localWallet';
import { solidPng } from '../png';
import { newFleetDatabase } from './fleetDatabase';
import { solBalance, tokenBalance } from './fleetClient';

// A person's whole visit, with every request through deploy/nginx.conf in front of two web
// processes and a worker (which indexes the swaps and the donation): connect the Local wallet,
// get test SOL, launch a campaign on its own DBC pool through the form, buy its token on its
// page, donate from the Support dialog and find the donation in the Donations tab.

// Screenshots a person can open after a run (test-results/ is not committed).
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../../test-results/fleet/journey');

let fleet: Fleet;
let browser: Browser;

beforeAll(async () => {
  [fleet, browser] = await Promise.all([
    startFleet({
      databaseUrl: await newFleetDatabase(), built: true, webs: 2, workers: 1,
      env: { DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000' },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await fleet?.stop();
});

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function type(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`#${field}`).fill(value);
  await page.locator(`#${field}`).blur();
}

/** The build and execute answers of the next trade the page makes. */
function tradeResponses(page: Page, mint: string) {
  const is = (what: string) => (res: { url(): string; request(): { method(): string } }) =>
    new URL(res.url()).pathname === `/api/curve/${mint}/${what}` && res.request().method() === 'POST';
  return Promise.all([
    page.waitForResponse(is('buy'), { timeout: 30_000 }).then(async (r) => { expect(r.status()).toBe(200); return r.json() as Promise<BuyQuoteResponse>; }),
    page.waitForResponse(is('execute'), { timeout: 30_000 }).then(async (r) => { expect(r.status()).toBe(200); return r.json() as Promise<ExecuteResponse>; }),
  ]);
}

describe('the browser journey through nginx', () => {
  it('connect, test SOL, launch, buy on the campaign page, donate, and the donation is listed', async () => {
    const { page, errors } = await newPage(browser, { width: 1440 });
    // Nothing the page loads comes from anywhere but nginx.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== fleet.url) elsewhere.push(request.url());
    });

    await page.goto(fleet.url);
    await page.getByRole('link', { name: /Start a Campaign|Launch/i }).first().waitFor({ timeout: 20_000 });
    await page.goto(`${fleet.url}/start-campaign`);
    await page.getByRole('heading', { name: 'Launch Your Campaign/Token' }).waitFor({ timeout: 15_000 });
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });

    // Test SOL from the wallet menu: the ledger process's faucet behind a web process.
    await walletButton(page).click();
    await page.getByTestId('wallet-menu-test-sol').click();
    await toast(page, 'Received 10 test SOL').waitFor({ timeout: 20_000 });
    expect(await solBalance(fleet.ledger.url!, address)).toBe(10_000_000_000n);

    // Launch through the form: the wallet signs the one launch transaction in the page, and
    // complete relays it through nginx to a web process.
    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(24, 24, [16, 185, 129]) });
    await page.getByTestId('logo-preview').waitFor();
    const ticker = Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
    const donationWallet = Keypair.generate().publicKey.toBase58();
    await type(page, 'name', 'Fleet Wells');
    await type(page, 'ticker', ticker);
    await type(page, 'goal', '20');
    await type(page, 'donationWallet', donationWallet);
    await type(page, 'description', 'Wells, launched through nginx.');
    await page.getByTestId('start-campaign-submit').click();
    await page.getByTestId('creation-complete').waitFor({ timeout: 120_000 });
    const mint = (await page.getByTestId('created-token-address').textContent())!;
    expect(mint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await page.getByTestId('view-campaign').click();
    await page.waitForURL(`${fleet.url}/campaign/${mint}`, { timeout: 15_000 });
    await page.getByTestId('campaign-page').waitFor({ timeout: 20_000 });

    // Buy 0.5 SOL of it on its page (a swap the wallet signs alone): the wallet holds exactly the tokens execute reported.
    await page.getByTestId('trade-amount').fill('0.5');
    await expect.poll(() => page.getByTestId('trade-quote').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    const trade = tradeResponses(page, mint);
    await page.getByTestId('trade-submit').click();
    const [quote, executed] = await trade;
    expect(executed.expectedOutput).toBe(quote.expectedTokens);
    await toast(page, 'Bought').waitFor({ timeout: 20_000 });
    expect(await tokenBalance(fleet.ledger.url!, mint, address)).toBe(parseTokenAmount(quote.expectedTokens));
    await page.locator(`[data-testid="trade-row"][data-signature="${executed.transactionSignature}"]`).waitFor({ timeout: 20_000 });

    // Donate 0.25 SOL from the Support dialog; the donation wallet gains exactly that.
    await page.getByRole('tab', { name: 'Donations' }).click();
    await page.getByText('No donations yet.', { exact: false }).waitFor({ timeout: 15_000 });
    await page.getByTestId('support-button').click();
    const dialog = page.getByRole('dialog', { name: 'Support Fleet Wells' });
    await dialog.waitFor();
    await dialog.getByLabel('Amount (SOL)').fill('0.25');
    await dialog.getByTestId('donate-button').click();
    await toast(page, 'Thank you!').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    expect(await solBalance(fleet.ledger.url!, donationWallet)).toBe(parseSol('0.25'));

    // The worker's indexer reads it from the chain; the open tab shows it.
    const row = page.getByTestId('donation-row').first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('data-kind')).toBe('direct');
    expect(await row.textContent()).toContain('0.250 SOL');
    expect(await page.getByTestId('donations-total').textContent()).toBe('0.25 SOL');
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'campaign-1440.png'), fullPage: true });

    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the home page through nginx at 1440 and 390 px: the campaign card, no sideways scrolling', async () => {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    for (const width of [1440, 390]) {
      const { page, errors } = await newPage(browser, { width });
      await page.goto(fleet.url);
      await page.getByTestId('campaign-card').first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(OUTPUT_DIR, `home-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `home at ${width} px`).toBeLessThanOrEqual(width);
      expect(await page.getByTestId('campaign-card').first().textContent()).toContain('Fleet Wells');
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});

// Issue 35: this fleet runs the default per-client limits (FAUCET_PER_MINUTE 10, SIGN_INS_PER_MINUTE 20),
// counted in the database, so two web processes give a client no more than one would.
describe('per-client limits across two web processes', () => {
  const client = '203.0.113.77';
  const post = (url: string, path: string, body: unknown) => fetch(`${url}${path}`, {
    method: 'POST', body: JSON.stringify(body),
    // Each web process trusts loopback (nginx) as its proxy: this is the client's address to both.
    headers: { 'content-type': 'application/json', origin: fleet.url, 'x-forwarded-for': client },
  });
  const webs = () => fleet.webs.map((w) => w.url!);

  it('one address gets 10 airdrops a minute in all (dev route and JSON-RPC alike) and 20 sign-in challenges, whichever process serves it', async () => {
    expect(webs()).toHaveLength(2);
    const wallet = Keypair.generate().publicKey.toBase58();
    const airdrops: number[] = [];
    for (let i = 0; i < 20; i++) {
      const web = webs()[i % 2]!;
      if (i % 4 < 2) {
        airdrops.push((await post(web, '/api/dev/airdrop', { wallet, sol: '0.01' })).status);
      } else {
        const res = await post(web, '/api/rpc', { jsonrpc: '2.0', id: i, method: 'requestAirdrop', params: [wallet, 10_000_000] });
        const body = await res.json() as { result?: string; error?: { code: number } };
        airdrops.push(body.result ? 200 : body.error!.code);
      }
    }
    expect(airdrops.filter((s) => s === 200)).toHaveLength(10);
    expect(airdrops.filter((s) => s === 429)).toHaveLength(10);
    await expect.poll(() => solBalance(fleet.ledger.url!, wallet), { timeout: 10_000 }).toBe(100_000_000n);

    const challenges: Response[] = [];
    for (let i = 0; i < 40; i++) challenges.push(await post(webs()[i % 2]!, '/api/auth/challenge', { wallet }));
    expect(challenges.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = challenges.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the ledger process\'s port refuses a stranger\'s 1,000,000 SOL airdrop, while the fleet\'s own airdrops go on', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const res = await fetch(fleet.ledger.url!, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wallet, 1_000_000 * 1_000_000_000] }),
    });
    expect(((await res.json()) as { error?: { code: number } }).error?.code).toBe(-32602);
    expect(await solBalance(fleet.ledger.url!, wallet)).toBe(0n);
    // A web process's airdrop (the gateway's faucet, then the ledger as the fleet's own call) still lands.
    expect((await fetch(`${webs()[0]}/api/dev/airdrop`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: fleet.url }, body: JSON.stringify({ wallet, sol: 1 }),
    })).status).toBe(200);
  });
});
