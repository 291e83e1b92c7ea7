import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { parseSol, parseTokenAmount } from '../core/money';
import type { DbcSignRequest } from '../core/schemas/launch';
import type { TradesResponse } from '../core/schemas/trade';
import { dbcCostBreakdown } from '../app/scenes/StartCampaign/formValues';
import { launchBrowser, newPage } from './browser';
import { fakeSigningWalletScript, SIGNING_WALLET_NAME, type SigningMode } from './fakeSigningWallet';
import { connectLocalWallet, localWalletAddress, pageSession, walletButton } from './localWallet';
import { solidPng } from './png';
import { shootWidths } from './shots';
import { tinyMp4 } from './videoBytes';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const MB = 1024 * 1024;
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const fieldError = (page: Page, field: string) => page.getByTestId(`error-${field}`);
const submitButton = (page: Page) => page.getByTestId('start-campaign-submit');
const png = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: solidPng(24, 24, rgb) });
/** What the page says the one launch transaction costs for these values (the rent an estimate: the page's own figures). */
const costOf = (values: { initialBuy?: string; name?: string; ticker?: string }) => dbcCostBreakdown({ initialBuy: '', name: '', ticker: '', ...values }, baseUrl);
/** The create answer of the page's next launch: the transaction the wallet is asked to sign, and what it takes. */
const nextCreate = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/revshare/create' && r.status() === 200, { timeout: 60_000 })
  .then(async (r) => await r.json() as DbcSignRequest);

/** Every request the page makes to the launch service (none may happen while the form is refused). */
function launchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/revshare') || pathname === '/api/uploads') seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

async function campaignTotal(): Promise<number> {
  return (await (await fetch(`${baseUrl}/api/campaigns/count`)).json()).total;
}

async function openForm(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/start-campaign`);
  await page.getByRole('heading', { name: 'Launch Your Campaign/Token' }).waitFor({ timeout: 15_000 });
}

/** Types into a field and leaves it, as a person does; returns what the input then shows. */
async function type(page: Page, field: string, value: string): Promise<string> {
  const input = page.locator(`#${field}`);
  await input.fill(value);
  await input.blur();
  return input.inputValue();
}

describe('/start-campaign without a signed-in wallet', () => {
  it('offers Connect Wallet, which opens the wallet dialog; nothing is created', async () => {
    const { page, errors } = await newPage(browser);
    const requests = launchRequests(page);
    await openForm(page);
    await expect.poll(() => submitButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
    // Every section of the form is there before a wallet is.
    for (const title of ['Social Links', 'Cost Breakdown', 'Advanced Settings']) await page.getByRole('button', { name: title }).waitFor();
    expect(await page.locator('#category').inputValue()).toBe('Other');
    await submitButton(page).click();
    await page.getByTestId('wallet-option').first().waitFor();
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('with a wallet that cannot sign in: Authentication required, and a valid form is not sent', async () => {
    const { page, errors } = await newPage(browser);
    const keypair = Keypair.generate();
    await page.addInitScript(fakeSigningWalletScript, {
      mode: 'none' as SigningMode, name: SIGNING_WALLET_NAME, address: keypair.publicKey.toBase58(), publicKey: Array.from(keypair.publicKey.toBytes()),
    });
    const requests = launchRequests(page);
    await openForm(page);
    await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
    await walletButton(page).click();
    await page.getByTestId('wallet-option').filter({ hasText: SIGNING_WALLET_NAME }).click();
    const notice = page.getByTestId('start-campaign-auth-required');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('Authentication required: Please authenticate your wallet first');

    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [200, 40, 40]));
    await page.getByTestId('logo-preview').waitFor();
    await type(page, 'name', 'Clean Water');
    await type(page, 'ticker', 'water');
    await type(page, 'goal', '10');
    await type(page, 'donationWallet', Keypair.generate().publicKey.toBase58());
    await type(page, 'description', 'Wells for villages.');
    await submitButton(page).click();
    await toast(page, 'Authentication required').filter({ hasText: 'Please authenticate your wallet first' }).waitFor();
    expect(requests).toEqual([]);
    expect(await pageSession(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('/start-campaign form rules (signed in with the Local wallet)', () => {
  it('shows every rule with its exact message and creates nothing', async () => {
    const { page, errors } = await newPage(browser);
    const requests = launchRequests(page);
    const before = await campaignTotal();
    await openForm(page);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });
    await expect.poll(() => submitButton(page).textContent(), { timeout: 15_000 }).toBe(`Launch Campaign (≈${costOf({}).total} SOL)`);
    expect(await page.getByTestId('start-campaign-auth-required').count()).toBe(0);

    // An empty form: every required field says so, and the logo toast appears.
    await submitButton(page).click();
    await toast(page, 'Token logo required').waitFor();
    const required = {
      logo: 'Please upload a logo for your token',
      name: 'Campaign name is required',
      ticker: 'Token symbol is required',
      goal: 'Goal amount is required',
      donationWallet: 'Donation wallet is required',
      description: 'Description is required',
    };
    for (const [field, message] of Object.entries(required)) expect(await fieldError(page, field).textContent()).toBe(message);

    // Name and ticker.
    await type(page, 'name', 'ab');
    expect(await fieldError(page, 'name').textContent()).toBe('Minimum 3 characters');
    expect((await type(page, 'name', 'x'.repeat(40))).length).toBe(30);
    expect(await fieldError(page, 'name').count()).toBe(0);
    await type(page, 'ticker', 'AB1');
    expect(await fieldError(page, 'ticker').textContent()).toBe('Only letters allowed');
    await type(page, 'ticker', 'ab');
    expect(await fieldError(page, 'ticker').textContent()).toBe('Minimum 3 characters');
    expect(await type(page, 'ticker', 'reef')).toBe('REEF');
    expect((await type(page, 'ticker', 'abcdefghijkl'))).toBe('ABCDEFGHIJ');
    expect(await fieldError(page, 'ticker').count()).toBe(0);

    // Goal: minus signs stripped, above 1000 clamped, under 1 refused.
    expect(await type(page, 'goal', '-50')).toBe('50');
    expect(await type(page, 'goal', '5000')).toBe('1000');
    expect(await fieldError(page, 'goal').count()).toBe(0);
    await type(page, 'goal', '0.5');
    expect(await fieldError(page, 'goal').textContent()).toBe('Minimum 1 SOL');
    await type(page, 'goal', '25');

    // Initial buy: none, or 0.001 to 2 SOL; the cost breakdown of the one launch transaction follows it.
    const named = { name: 'x'.repeat(30), ticker: 'ABCDEFGHIJ' };
    const noBuy = costOf(named);
    expect(await page.getByTestId('cost-total').textContent()).toBe(`≈${noBuy.total} SOL`);
    for (const [typed, message] of [['0.0005', 'Minimum 0.001 SOL if not zero'], ['3', 'Maximum 2 SOL allowed'], ['-1', 'Amount must be 0 or greater']]) {
      await type(page, 'initialBuy', typed);
      expect(await fieldError(page, 'initialBuy').textContent()).toBe(message);
      expect(await page.getByTestId('cost-total').textContent()).toBe(`≈${noBuy.total} SOL`);
      expect(await page.getByTestId('cost-initial-buy').count()).toBe(0);
    }
    await type(page, 'initialBuy', '0.5');
    expect(await fieldError(page, 'initialBuy').count()).toBe(0);
    const withBuy = costOf({ ...named, initialBuy: '0.5' });
    expect(await page.getByTestId('cost-creation-fee').textContent()).toBe('0.02 SOL');
    expect(await page.getByTestId('cost-initial-buy').textContent()).toBe('0.5 SOL');
    // The initial buy's token account is rent the launch pays too.
    expect(Number(withBuy.network)).toBeGreaterThan(Number(noBuy.network));
    expect(await page.getByTestId('cost-network').textContent()).toBe(`≈${withBuy.network} SOL`);
    expect(await page.getByTestId('cost-total').textContent()).toBe(`≈${withBuy.total} SOL`);
    expect(await submitButton(page).textContent()).toBe(`Launch Campaign (≈${withBuy.total} SOL)`);

    // Donation wallet: a custom address must be base58, 32-44 characters, and cannot be changed later.
    await type(page, 'donationWallet', 'not-a-wallet');
    expect(await fieldError(page, 'donationWallet').textContent()).toBe('Invalid Solana wallet address');
    expect(await page.getByTestId('donation-custom-note').textContent()).toContain('cannot be changed later');
    await type(page, 'donationWallet', '0OIl' + 'A'.repeat(36));
    expect(await fieldError(page, 'donationWallet').textContent()).toBe('Invalid Solana wallet address');
    // A verified charity fills the wallet.
    await page.getByTestId('donation-choice-charity').click();
    const select = page.getByTestId('charity-select');
    await select.waitFor();
    const charities = (await (await fetch(`${baseUrl}/api/charities`)).json()).charities as { id: number; wallet_address: string }[];
    expect(charities.length).toBeGreaterThan(0);
    await select.selectOption(String(charities[0].id));
    expect(await page.getByTestId('charity-wallet').locator('span').getAttribute('title')).toBe(charities[0].wallet_address);
    expect(await fieldError(page, 'donationWallet').count()).toBe(0);

    // Description: a counter, at most 200.
    await type(page, 'description', 'Coral restoration.');
    expect(await page.getByTestId('description-counter').textContent()).toBe('18/200');
    expect((await type(page, 'description', 'd'.repeat(250))).length).toBe(200);
    expect(await page.getByTestId('description-counter').textContent()).toBe('200/200');

    // Social links: URL or handle, each with its own words.
    await page.getByRole('button', { name: 'Social Links' }).click();
    await type(page, 'website', 'not a url');
    expect(await fieldError(page, 'website').textContent()).toBe('Please enter a valid website URL');
    await type(page, 'twitter', 'https://facebook.com/someone');
    expect(await fieldError(page, 'twitter').textContent()).toBe('Invalid Twitter/X URL or username');
    await type(page, 'telegram', '@ab');
    expect(await fieldError(page, 'telegram').textContent()).toBe('Invalid Telegram URL or username');
    await type(page, 'twitter', '@causemint');
    await type(page, 'telegram', 't.me/causemint');
    expect(await fieldError(page, 'twitter').count()).toBe(0);
    expect(await fieldError(page, 'telegram').count()).toBe(0);

    // Bonding curve: 1 (recommended) by default, 2 extended.
    await page.getByRole('button', { name: 'Advanced Settings' }).click();
    expect(await page.getByTestId('curve-type-1').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('curve-type-1').textContent()).toContain('recommended');
    expect(await page.getByTestId('curve-type-2').textContent()).toContain('60 SOL');

    // Logo: PNG/JPG/GIF up to 10 MB, checked from the file's bytes.
    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('this is plain text, not an image at all.'.repeat(4)) });
    await toast(page, 'Invalid file type').waitFor();
    const big = Buffer.alloc(10 * MB + 1);
    solidPng(2, 2, [0, 0, 0]).copy(big);
    await page.getByTestId('logo-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await toast(page, 'File too large').waitFor();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [20, 160, 120]));
    await page.getByTestId('logo-preview').waitFor();
    expect(await fieldError(page, 'logo').count()).toBe(0);

    // Photos: at most 3, exactly one main (the first), removing the main makes the first remaining main.
    await page.getByTestId('open-photos-dialog').click();
    await page.getByTestId('photos-input').setInputFiles([
      png('a.png', [255, 0, 0]), png('b.png', [0, 255, 0]), png('c.png', [0, 0, 255]), png('d.png', [9, 9, 9]),
    ]);
    await toast(page, 'Maximum photos reached').waitFor();
    const items = page.getByTestId('photo-item');
    await expect.poll(() => items.count()).toBe(3);
    const mains = () => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-main')));
    expect(await mains()).toEqual(['true', 'false', 'false']);
    await items.nth(2).getByTestId('photo-set-main').click();
    expect(await mains()).toEqual(['false', 'false', 'true']);
    await items.nth(2).getByTestId('photo-remove').click();
    expect(await mains()).toEqual(['true', 'false']);
    await page.getByTestId('photos-input').setInputFiles([png('e.png', [1, 2, 3])]);
    await expect.poll(() => items.count()).toBe(3);
    expect(await page.getByTestId('photos-full').textContent()).toBe('Maximum photos reached');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('photos-summary').textContent()).toBe('Photos (3/3)');

    // Video: MP4, WebM or MOV under 50 MB.
    await page.getByTestId('open-video-dialog').click();
    await page.getByTestId('video-input').setInputFiles(png('clip.mp4', [0, 0, 0]));
    await toast(page, 'Invalid file type').nth(0).waitFor();
    const hugeVideo = Buffer.alloc(50 * MB + 1);
    hugeVideo.write('\u0000\u0000\u0000\u0018ftypmp42', 'latin1');
    // Playwright takes buffers only up to 50 MB: larger files go by path.
    const hugePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-video-')), 'clip.mp4');
    fs.writeFileSync(hugePath, hugeVideo);
    await page.getByTestId('video-input').setInputFiles(hugePath);
    fs.rmSync(path.dirname(hugePath), { recursive: true, force: true });
    await toast(page, 'File too large').filter({ hasText: 'Video must be under 50MB' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('video-summary').textContent()).toBe('Video (optional)');

    // A rule still broken (the website) keeps the form from being sent: its section opens to show it.
    await page.getByRole('button', { name: 'Social Links' }).click();
    expect(await page.locator('#website').count()).toBe(0);
    await submitButton(page).click();
    await fieldError(page, 'website').waitFor();
    expect(await fieldError(page, 'website').textContent()).toBe('Please enter a valid website URL');
    expect(await page.getByTestId('creation-progress').count()).toBe(0);

    await page.screenshot({ path: '/tmp/start-campaign-form.png', fullPage: true });
    expect(requests).toEqual([]);
    expect(await campaignTotal()).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** A ticker no other test uses: letters only. */
function randomTicker(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
}

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(`${baseUrl}/api/rpc`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await res.json() as { result?: T; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result as T;
}

type ParsedTokenAccount = { account: { owner: string; data: { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } } } };

describe('/start-campaign end to end', () => {
  it('creates a campaign as a person would: logo, two photos, a 0.5 SOL initial buy, a verified charity', async () => {
    const { page, errors } = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await openForm(page);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });

    // Test SOL from the wallet menu.
    await walletButton(page).click();
    await page.getByTestId('wallet-menu-test-sol').click();
    await toast(page, 'Received 10 test SOL').waitFor({ timeout: 15_000 });
    const startLamports = BigInt(await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }]).then((r) => r.value));
    expect(startLamports).toBe(10_000_000_000n);

    // The media.
    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [16, 185, 129]));
    await page.getByTestId('logo-preview').waitFor();
    await page.getByTestId('open-photos-dialog').click();
    await page.getByTestId('photos-input').setInputFiles([png('well.png', [0, 90, 200]), png('village.png', [200, 150, 0])]);
    await expect.poll(() => page.getByTestId('photo-item').count()).toBe(2);
    await page.keyboard.press('Escape');
    await page.getByTestId('open-video-dialog').click();
    await page.getByTestId('video-input').setInputFiles({ name: 'wells.mp4', mimeType: 'video/mp4', buffer: tinyMp4() });
    await page.getByTestId('video-preview').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('video-summary').textContent()).toBe('wells.mp4');

    // The fields.
    const ticker = randomTicker();
    await type(page, 'name', 'Clean Water Wells');
    await type(page, 'ticker', ticker.toLowerCase());
    await type(page, 'goal', '50');
    await page.locator('#category').selectOption('Community');
    await type(page, 'initialBuy', '0.5');
    await type(page, 'description', 'Drilling wells for three villages.');
    await page.getByTestId('donation-choice-charity').click();
    const charities = (await (await fetch(`${baseUrl}/api/charities`)).json()).charities as { id: number; wallet_address: string }[];
    const charity = charities[1] ?? charities[0];
    await page.getByTestId('charity-select').selectOption(String(charity.id));
    await page.getByRole('button', { name: 'Social Links' }).click();
    await type(page, 'twitter', '@cleanwater');
    const cost = costOf({ initialBuy: '0.5', name: 'Clean Water Wells', ticker });
    expect(await page.getByTestId('cost-total').textContent()).toBe(`≈${cost.total} SOL`);

    // Launch: processing names its step, then creating, then complete. The page records
    // every phase and step the progress view shows.
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
    const created = nextCreate(page);
    await submitButton(page).click();
    await page.getByTestId('creation-complete').waitFor({ timeout: 120_000 });
    // The media first (the launch transaction carries the whole form), then the wallet's one approval.
    expect(await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress)).toEqual([
      'processing: Uploading logo',
      'processing: Uploading video',
      'processing: Uploading photos',
      'processing: Preparing token creation',
      'processing: Approve the launch transaction in your wallet',
      'creating: Creating your token and campaign',
    ]);
    await toast(page, 'Campaign created!').waitFor();
    const request = await created;
    const mint = (await page.getByTestId('created-token-address').textContent())!;
    expect(mint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(mint).toBe(request.mintAddress);
    // What to do next: the charity has not signed its consent, so confirming the wallet comes first; then the link and the first update.
    const next = page.getByTestId('next-steps');
    await next.getByTestId('next-confirm-wallet').waitFor({ timeout: 15_000 });
    expect(await next.getByTestId('campaign-link').textContent()).toBe(`${baseUrl}/campaign/${mint}`);
    expect(await next.getByRole('link', { name: 'Manage campaign' }).getAttribute('href')).toBe(`/campaign/${mint}/manage`);
    await shootWidths(page, 'start-campaign-complete');

    // Copy the address.
    await page.getByTestId('copy-token-address').click();
    await toast(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mint);

    // The API returns the campaign as created.
    const res = await fetch(`${baseUrl}/api/campaigns/${mint}`);
    expect(res.status).toBe(200);
    const campaign = await res.json();
    expect(campaign).toMatchObject({
      token_address: mint, creator_wallet: address, ticker, name: 'Clean Water Wells', category: 'Community',
      goal: 50, donation_wallet: charity.wallet_address, initial_buy_amount: 0.5, status: 'active', bonding_curve_type: 1,
      twitter: '@cleanwater', image_url: expect.stringMatching(/^\/ipfs\/b[a-z2-7]+$/),
    });
    expect(campaign.gallery).toHaveLength(2);
    expect(campaign.videos).toMatchObject([{ video_url: expect.stringMatching(/^\/ipfs\//), uploaded_by: address, is_primary: true }]);
    expect(campaign.video_url).toBe(campaign.videos[0].video_url);
    expect(campaign.gallery.map((g: { order_index: number }) => g.order_index)).toEqual([0, 1]);

    // The creator holds the initial buy's tokens, as create named them to the wallet (the pool's 6% fee is taken in SOL).
    const expectedTokens = BigInt(request.expectedTokens);
    expect(request.initialBuyLamports).toBe('500000000');
    const accounts = await rpc<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [
      address, { programId: TOKEN_2022_PROGRAM_ID.toBase58() }, { encoding: 'jsonParsed', commitment: 'confirmed' },
    ]);
    const held = accounts.value.filter((a) => a.account.data.parsed.info.mint === mint);
    expect(held).toHaveLength(1);
    expect(held[0].account.owner).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    expect(BigInt(held[0].account.data.parsed.info.tokenAmount.amount)).toBe(expectedTokens);
    // The chain's own record of the launch's buy (indexed from the pool's swap event) says the same.
    await expect.poll(async () => {
      const { trades } = await (await fetch(`${baseUrl}/api/campaigns/${mint}/trades?limit=5`)).json() as TradesResponse;
      return trades.map((t) => [t.side, t.wallet, t.sol, parseTokenAmount(t.tokensReceived)]);
    }, { timeout: 15_000 }).toEqual([['buy', address, '0.5', expectedTokens]]);

    // The creator paid exactly what create named: the 0.02 SOL fee, the 0.5 SOL buy, the rent and the
    // signature fees, no more than the page's estimate.
    const endLamports = BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);
    expect(startLamports - endLamports).toBe(BigInt(request.totalLamports));
    expect(BigInt(request.totalLamports)).toBe(20_000_000n + 500_000_000n + BigInt(request.networkCostLamports));
    expect(BigInt(request.totalLamports)).toBeLessThanOrEqual(parseSol(cost.total));

    // View Campaign goes to the campaign page (after 500 ms).
    await page.getByTestId('view-campaign').click();
    await page.waitForURL(`${baseUrl}/campaign/${mint}`, { timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('/start-campaign with the fewest choices', () => {
  it('no photos, video or initial buy, a custom donation wallet, curve type 2: the creation fee and the rent only, then Back to Home', async () => {
    const { page, errors } = await newPage(browser);
    await openForm(page);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });
    // The JSON-RPC faucet this time: /api/dev/airdrop allows 10 a minute for the whole e2e run.
    await rpc<string>('requestAirdrop', [address, 10_000_000_000]);
    await expect.poll(async () => (await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value, { timeout: 15_000 })
      .toBe(10_000_000_000);

    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [120, 60, 180]));
    await page.getByTestId('logo-preview').waitFor();
    const ticker = randomTicker();
    const donationWallet = Keypair.generate().publicKey.toBase58();
    await type(page, 'name', 'Library Books');
    await type(page, 'ticker', ticker);
    await type(page, 'goal', '1000');
    await type(page, 'donationWallet', donationWallet);
    await type(page, 'description', 'Books for the town library.');
    await page.getByRole('button', { name: 'Advanced Settings' }).click();
    await page.getByTestId('curve-type-2').click();
    expect(await submitButton(page).textContent()).toBe(`Launch Campaign (≈${costOf({ name: 'Library Books', ticker }).total} SOL)`);
    const created = nextCreate(page);
    await submitButton(page).click();
    await page.getByTestId('creation-complete').waitFor({ timeout: 120_000 });
    const mint = (await page.getByTestId('created-token-address').textContent())!;
    const request = await created;
    expect(request.initialBuyLamports).toBe('0');

    const campaign = await (await fetch(`${baseUrl}/api/campaigns/${mint}`)).json();
    expect(campaign).toMatchObject({
      ticker, creator_wallet: address, donation_wallet: donationWallet, goal: 1000, category: 'Other',
      bonding_curve_type: 2, initial_buy_amount: 0, gallery: [], videos: [], video_url: null,
    });
    // Without a website the campaign page stands in for it.
    expect(campaign.website).toContain(`/campaign/${mint}`);
    const accounts = await rpc<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [
      address, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' },
    ]);
    expect(accounts.value).toEqual([]);
    // The creation fee, the rent and the signature fees: what create named, nothing else.
    const balance = BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);
    expect(balance).toBe(10_000_000_000n - BigInt(request.totalLamports));
    expect(BigInt(request.totalLamports)).toBe(20_000_000n + BigInt(request.networkCostLamports));

    await page.getByTestId('back-home').click();
    await page.waitForURL(`${baseUrl}/`, { timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('/start-campaign when the complete answer is lost', () => {
  /** A connected Local wallet holding 1 SOL and a complete form (not submitted); its address and the ticker. */
  async function fillFundedForm(page: Page, name: string, description: string): Promise<{ address: string; ticker: string }> {
    await openForm(page);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });
    await rpc<string>('requestAirdrop', [address, 1_000_000_000]);
    await expect.poll(async () => (await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value, { timeout: 15_000 })
      .toBe(1_000_000_000);
    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [30, 160, 90]));
    await page.getByTestId('logo-preview').waitFor();
    const ticker = randomTicker();
    await type(page, 'name', name);
    await type(page, 'ticker', ticker);
    await type(page, 'goal', '5');
    await type(page, 'donationWallet', Keypair.generate().publicKey.toBase58());
    await type(page, 'description', description);
    return { address, ticker };
  }

  it('the server launched it: the page finds it by request id and shows success, with one campaign and one payment', async () => {
    const { page, errors } = await newPage(browser);
    const requests = launchRequests(page);
    // The first complete reaches the server, which relays the signed launch to its end; its answer never reaches the page.
    let lostStatus = 0;
    await page.route('**/api/revshare/complete', async (route) => {
      if (lostStatus) return route.continue();
      lostStatus = (await route.fetch({ timeout: 120_000 })).status();
      await route.abort('connectionreset');
    });
    const { address, ticker } = await fillFundedForm(page, 'Lost Answer', 'The answer to complete is lost on its way back.');
    const created = nextCreate(page);
    await submitButton(page).click();
    const request = await created;

    await page.getByTestId('creation-complete').waitFor({ timeout: 120_000 });
    expect(lostStatus).toBe(200);
    const mint = (await page.getByTestId('created-token-address').textContent())!;
    expect(await toast(page, 'Creation failed').count()).toBe(0);
    // Exactly one campaign, the one the page shows, and one prepare and one funding: no second launch.
    const found = await (await fetch(`${baseUrl}/api/campaigns?search=${ticker}`)).json() as { campaigns: { token_address: string; creator_wallet: string }[]; total: number };
    expect(found.total).toBe(1);
    expect(found.campaigns[0]).toMatchObject({ token_address: mint, creator_wallet: address });
    expect(mint).toBe(request.mintAddress);
    expect(requests.filter((r) => r === 'GET /api/revshare/prepare')).toHaveLength(1);
    expect(requests.filter((r) => r === 'POST /api/revshare/create')).toHaveLength(1);
    // The request-id lookup found it: complete was not sent again.
    expect(requests.filter((r) => r === 'POST /api/revshare/complete')).toHaveLength(1);
    const balance = BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);
    expect(balance).toBe(1_000_000_000n - BigInt(request.totalLamports));
    await shootWidths(page, 'start-campaign-recovered');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('nothing reaches the server: the signed launch waits with Check again, never the form, then launches once', async () => {
    const { page, errors } = await newPage(browser);
    const { address, ticker } = await fillFundedForm(page, 'Offline Launch', 'The network drops while the campaign is created.');
    // Once the wallet has signed the network is gone: complete and its lookups never reach the server.
    await page.route('**/api/revshare/complete', (route) => route.abort('internetdisconnected'));
    await page.route('**/api/campaigns/by-request/**', (route) => route.abort('internetdisconnected'));
    const created = nextCreate(page);
    await submitButton(page).click();
    const request = await created;

    await page.getByTestId('creation-unresolved').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('start-campaign-form').count()).toBe(0);
    expect(await toast(page, 'Creation failed').count()).toBe(0);
    await shootWidths(page, 'start-campaign-unresolved');

    // Nothing was sent: the chain has not seen the launch yet.
    expect(BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)).toBe(1_000_000_000n);
    await page.unrouteAll();
    // Within the signed transaction's blockhash lifetime: 'Check again' relays that same transaction.
    await page.getByTestId('check-launch-again').click();
    await page.getByTestId('creation-complete').waitFor({ timeout: 120_000 });
    const mint = (await page.getByTestId('created-token-address').textContent())!;
    const found = await (await fetch(`${baseUrl}/api/campaigns?search=${ticker}`)).json() as { campaigns: { token_address: string }[]; total: number };
    expect(found.total).toBe(1);
    expect(found.campaigns[0]!.token_address).toBe(mint);
    expect(mint).toBe(request.mintAddress);
    const balance = BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);
    expect(balance).toBe(1_000_000_000n - BigInt(request.totalLamports));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('/start-campaign when the chain refuses', () => {
  it("a wallet without SOL: 'Creation failed' with the insufficient-balance words, back to the form, nothing created", async () => {
    const { page, errors } = await newPage(browser);
    const before = await campaignTotal();
    await openForm(page);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });

    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [90, 90, 200]));
    await page.getByTestId('logo-preview').waitFor();
    await type(page, 'name', 'Empty Pockets');
    await type(page, 'ticker', randomTicker());
    await type(page, 'goal', '5');
    await type(page, 'donationWallet', Keypair.generate().publicKey.toBase58());
    await type(page, 'description', 'A wallet with no SOL tries to launch.');
    await submitButton(page).click();

    await toast(page, 'Creation failed').filter({ hasText: 'Insufficient SOL balance for transaction' }).waitFor({ timeout: 60_000 });
    // Back on the form with every value kept.
    await page.getByTestId('start-campaign-form').waitFor();
    expect(await page.locator('#name').inputValue()).toBe('Empty Pockets');
    await page.getByTestId('logo-preview').waitFor();
    expect(await campaignTotal()).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('/start-campaign when the logo cannot be uploaded', () => {
  it("the session ended on the server: 'Upload failed' stops the flow before prepare", async () => {
    const { page, errors } = await newPage(browser);
    const requests = launchRequests(page);
    await openForm(page);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });

    await page.getByTestId('open-logo-dialog').click();
    await page.getByTestId('logo-input').setInputFiles(png('logo.png', [250, 200, 0]));
    await page.getByTestId('logo-preview').waitFor();
    await type(page, 'name', 'Expired Session');
    await type(page, 'ticker', randomTicker());
    await type(page, 'goal', '5');
    await type(page, 'donationWallet', Keypair.generate().publicKey.toBase58());
    await type(page, 'description', 'The hour is up before the form is sent.');
    // As when the session's hour runs out while the form is open: the server no longer knows it.
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' }));
    expect(await pageSession(page)).toBeNull();

    await submitButton(page).click();
    await toast(page, 'Upload failed').filter({ hasText: 'Authentication required: Please authenticate your wallet first' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('start-campaign-form').waitFor();
    expect(await page.locator('#name').inputValue()).toBe('Expired Session');
    expect(requests).toEqual(['POST /api/uploads']);
    expect(await toast(page, 'Creation failed').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
