import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbcSignRequest } from '../core/schemas/launch';
import type { ExecuteResponse } from '../core/schemas/trade';
import { dbcCostBreakdown } from '../app/scenes/StartCampaign/formValues';
import { launchBrowser, newPage } from './browser';
import { connectLocalWallet, localWalletAddress, pageSession } from './localWallet';
import { sharedBaseUrl } from './baseUrl';
import { solidPng } from './png';
import { shootWidths } from './shots';
import { launchCampaign } from './launchApi';
import { creationCostSentence } from '../core/dbcLaunch';
import { taxCardOf, taxShortOf, taxStoryOf } from '../core/taxStory';

// The Start Campaign page launching on a Meteora DBC pool (the server's CURVE_PROGRAM, dbc by
// default; issue 36): one launch transaction the creator's wallet signs, no funding wallet.
// startCampaign.test.ts has the form's rules, a launch with every choice and lost answers.

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const submitButton = (page: Page) => page.getByTestId('start-campaign-submit');
const png = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: solidPng(24, 24, rgb) });
const randomTicker = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(`${baseUrl}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = await res.json() as { result?: T; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result as T;
}
const lamportsOf = async (address: string) => BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);
async function tokensOf(owner: string, mint: string): Promise<bigint> {
  type Parsed = { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } };
  const { value } = await rpc<{ value: Parsed[] }>('getTokenAccountsByOwner', [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }]);
  return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n);
}

/** Types into a field and leaves it, as a person does. */
async function type(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`#${field}`).fill(value);
  await page.locator(`#${field}`).blur();
}

/** The form filled by a signed-in Local wallet holding 10 test SOL; its address. */
async function fillForm(page: Page, fields: { name: string; ticker: string; initialBuy: string; photo?: boolean }): Promise<string> {
  await page.goto(`${baseUrl}/start-campaign`);
  await page.getByRole('heading', { name: 'Launch Your Campaign/Token' }).waitFor({ timeout: 15_000 });
  await connectLocalWallet(page);
  const address = await localWalletAddress(page);
  await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });
  await rpc<string>('requestAirdrop', [address, 10_000_000_000]);
  await expect.poll(() => lamportsOf(address), { timeout: 15_000 }).toBe(10_000_000_000n);
  await page.getByTestId('open-logo-dialog').click();
  await page.getByTestId('logo-input').setInputFiles(png('logo.png', [16, 185, 129]));
  await page.getByTestId('logo-preview').waitFor();
  if (fields.photo) {
    await page.getByTestId('open-photos-dialog').click();
    await page.getByTestId('photos-input').setInputFiles([png('well.png', [0, 90, 200])]);
    await expect.poll(() => page.getByTestId('photo-item').count()).toBe(1);
    await page.keyboard.press('Escape');
  }
  await type(page, 'name', fields.name);
  await type(page, 'ticker', fields.ticker);
  await type(page, 'goal', '40');
  await type(page, 'initialBuy', fields.initialBuy);
  await type(page, 'donationWallet', Keypair.generate().publicKey.toBase58());
  await type(page, 'description', 'Wells for three villages, launched on its own pool.');
  return address;
}

/** Every phase and step the progress view shows, in order (read in the page as it changes). */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      const view = document.querySelector('[data-testid="creation-progress"]');
      const step = document.querySelector('[data-testid="creation-current-step"]')?.textContent;
      const entry = view ? `${view.getAttribute('data-phase')}: ${step}` : null;
      if (entry && seen[seen.length - 1] !== entry) seen.push(entry);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

describe('/start-campaign on a DBC pool', () => {
  it('a creator fills the form, signs once and lands on the completion view; the campaign page shows it and a buy works', async () => {
    const { page, errors } = await newPage(browser);
    const ticker = randomTicker();
    const name = 'Clean Water Wells';
    const address = await fillForm(page, { name, ticker, initialBuy: '0.1', photo: true });

    // The cost breakdown names what the one transaction pays; the rent is an estimate.
    const cost = dbcCostBreakdown({ initialBuy: '0.1', name, ticker }, baseUrl);
    expect(await page.getByTestId('cost-creation-fee').textContent()).toBe('0.02 SOL');
    expect(await page.getByTestId('cost-initial-buy').textContent()).toBe('0.1 SOL');
    expect(await page.getByTestId('cost-network').textContent()).toBe(`≈${cost.network} SOL`);
    expect(await page.getByTestId('cost-total').textContent()).toBe(`≈${cost.total} SOL`);
    expect(await submitButton(page).textContent()).toBe(`Launch Campaign (≈${cost.total} SOL)`);
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootWidths(page, 'start-campaign-dbc-form');

    // Complete is held until the creating step has been photographed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/revshare/complete', async (route) => { await held; await route.continue(); });
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/revshare/create', { timeout: 60_000 });
    const completed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/revshare/complete', { timeout: 120_000 });
    const progress = await recordProgress(page);
    const startLamports = await lamportsOf(address);
    await submitButton(page).click();

    const request = await (await created).json() as DbcSignRequest;
    expect(request).toMatchObject({ status: 'sign', initialBuyLamports: '100000000' });
    await expect.poll(() => page.getByTestId('creation-current-step').textContent(), { timeout: 30_000 }).toBe('Creating your token and campaign');
    await shootWidths(page, 'start-campaign-dbc-creating');
    release();
    const done = await (await completed).json() as { mintAddress: string; txSignature: string; initialBuyTokens: string };
    await page.getByTestId('creation-complete').waitFor({ timeout: 120_000 });
    await toast(page, 'Campaign created!').waitFor();
    expect(await progress()).toEqual([
      'processing: Uploading logo',
      'processing: Uploading photos',
      'processing: Preparing token creation',
      'processing: Approve the launch transaction in your wallet',
      'creating: Creating your token and campaign',
    ]);
    const mint = (await page.getByTestId('created-token-address').textContent())!;
    expect(mint).toBe(request.mintAddress);
    expect(done).toMatchObject({ mintAddress: mint, initialBuyTokens: request.expectedTokens });
    await shootWidths(page, 'start-campaign-dbc-complete');

    // One transaction from the creator's wallet (besides the test SOL it received), paying exactly what create named.
    const signatures = await rpc<{ signature: string }[]>('getSignaturesForAddress', [address, { commitment: 'confirmed' }]);
    expect(signatures).toHaveLength(2);
    expect(signatures[0]!.signature).toBe(done.txSignature);
    expect(startLamports - await lamportsOf(address)).toBe(BigInt(request.totalLamports));
    expect(await tokensOf(address, mint)).toBe(BigInt(request.expectedTokens));
    const mintAccount = await rpc<{ value: { owner: string } }>('getAccountInfo', [mint, { encoding: 'base64', commitment: 'confirmed' }]);
    expect(mintAccount.value.owner).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    const campaign = await (await fetch(`${baseUrl}/api/campaigns/${mint}`)).json();
    expect(campaign).toMatchObject({ token_address: mint, creator_wallet: address, ticker, name, initial_buy_amount: 0.1, goal: 40, status: 'active' });
    expect(campaign.gallery).toHaveLength(1);

    // The campaign page, and a buy through its trade widget.
    await page.getByTestId('view-campaign').click();
    await page.waitForURL(`${baseUrl}/campaign/${mint}`, { timeout: 10_000 });
    await page.getByTestId('campaign-banner').filter({ hasText: name }).waitFor({ timeout: 20_000 });
    const widget = page.getByTestId('trade-widget');
    await widget.waitFor({ timeout: 20_000 });
    await widget.getByTestId('trade-amount').fill('0.05');
    await expect.poll(() => widget.getByTestId('trade-quote').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    const executed = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/curve/${mint}/execute`, { timeout: 30_000 });
    const heldBefore = await tokensOf(address, mint);
    await widget.getByTestId('trade-submit').click();
    const execute = await executed;
    expect(execute.status()).toBe(200);
    const bought = await execute.json() as ExecuteResponse;
    await toast(page, 'Bought').waitFor({ timeout: 20_000 });
    expect(await tokensOf(address, mint)).toBeGreaterThan(heldBefore);
    await page.locator(`[data-testid="trade-row"][data-signature="${bought.transactionSignature}"][data-side="buy"]`).waitFor({ timeout: 15_000 });
    await shootWidths(page, 'campaign-dbc-after-buy');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tells a donor the pool\'s fee, not a token tax: Home, How It Works, the Terms, the launch form, the Support dialog and the trade page', async () => {
    const { mint } = await launchCampaign(baseUrl, { initialBuy: '0', ticker: randomTicker() });
    const { page, errors } = await newPage(browser);
    const intervalMs = (await (await fetch(`${baseUrl}/api/config`)).json() as { payoutIntervalMs: number }).payoutIntervalMs;
    await page.goto(`${baseUrl}/`);
    await page.getByText(taxCardOf(0)).waitFor();
    await page.goto(`${baseUrl}/how-it-works`);
    await page.getByText(taxStoryOf(0, intervalMs)).waitFor();
    await page.getByText(creationCostSentence(baseUrl)).waitFor();
    await page.goto(`${baseUrl}/terms`);
    await page.getByText(/Each pool charges a 6% fee on every trade, kept in SOL/).waitFor();
    expect(await page.getByText(/withheld by the token itself/).count()).toBe(0);
    await page.goto(`${baseUrl}/start-campaign`);
    await page.getByText(taxShortOf(0), { exact: false }).first().waitFor();

    await page.goto(`${baseUrl}/campaign/${mint}`);
    await page.getByTestId('support-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Donate SOL directly, or buy the token: ${taxShortOf(0)}.`).waitFor();
    await dialog.getByText(/its trading fee funds the cause/).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/trade/${mint}`);
    const header = page.getByTestId('trade-header');
    await header.getByText('Pool fee').waitFor({ timeout: 20_000 });
    expect(await header.getByTestId('trade-stat-tax').textContent()).toBe('6%');
    expect(await header.getByText(/^Tax$/).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
