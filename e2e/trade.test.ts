import { TOKEN_2022_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMarketCapOrDefault, formatUnitsGrouped, groupForInput } from '../core/format';
import { formatUnits, parseSol, parseTokenAmount } from '../core/money';
import type { BuyQuoteResponse, ExecuteResponse, SellQuoteResponse, TradesResponse } from '../core/schemas/trade';
import { launchBrowser, newPage } from './browser';
import { E2E_CLIENT_LIMITS } from './globalSetup';
import { launchCampaign } from './launchApi';
import { connectLocalWallet, headerAddress, localWalletAddress, walletButton } from './localWallet';
import { startServer, type StartedServer } from './server';
import { installTradeWallet, steerTradeWallet, tradeWalletState, TRADE_WALLET_NAME } from './tradeWallet';

// A trade is a DBC swap the trader alone signs, and its blockhash is its expiry: this file's
// server runs its ledger's slots at 100 ms, so a blockhash lasts 150 slots = 15 s (60 s at the
// product's 400 ms) and a wallet left open outlives it without a minute's wait.
const SLOT_MS = 100;
const BLOCKHASH_LIFETIME_MS = 150 * SLOT_MS;

let server: StartedServer;
let baseUrl: string;
let connection: Connection;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ...E2E_CLIENT_LIMITS, LEDGER_SLOT_MS: String(SLOT_MS) });
  baseUrl = server.url;
  connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const attr = async (page: Page, testId: string, name: string) => (await page.getByTestId(testId).getAttribute(name)) ?? '';
const solOf = async (wallet: PublicKey) => BigInt(await connection.getBalance(wallet, 'confirmed'));

async function tokensOf(account: PublicKey): Promise<bigint> {
  const info = await connection.getAccountInfo(account, 'confirmed');
  return info ? info.data.readBigUInt64LE(64) : 0n;
}

async function feeOf(signature: string): Promise<bigint> {
  const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  expect(tx?.meta?.err).toBeNull();
  return BigInt(tx!.meta!.fee);
}

/** The build and execute responses of the next trade the page makes. */
function tradeResponses(page: Page, mint: string, side: 'buy' | 'sell') {
  const is = (path: string) => (res: Response) => new URL(res.url()).pathname === `/api/curve/${mint}/${path}` && res.request().method() === 'POST';
  return Promise.all([
    page.waitForResponse(is(side), { timeout: 30_000 }).then(async (r) => { expect(r.status()).toBe(200); return r.json(); }),
    page.waitForResponse(is('execute'), { timeout: 30_000 }).then(async (r) => { expect(r.status()).toBe(200); return r.json() as Promise<ExecuteResponse>; }),
  ]);
}

async function enterAmount(page: Page, amount: string): Promise<string> {
  await page.getByTestId('trade-amount').fill(amount);
  // The debounced live quote: what the trader will hold (buy) or receive (sell).
  const output = page.getByTestId('trade-quote-output').locator('[data-output]');
  await expect.poll(async () => (await page.getByTestId('trade-quote').getAttribute('aria-busy')), { timeout: 15_000 }).toBe('false');
  return (await output.getAttribute('data-output'))!;
}

/** Test SOL from the ledger's JSON-RPC faucet (the /api/dev/airdrop limit is shared by the whole run). */
async function fund(wallet: PublicKey, sol: number): Promise<void> {
  const signature = await connection.requestAirdrop(wallet, sol * 1e9);
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
}

/** A live campaign token; its creator is funded from the JSON-RPC faucet, not the rate-limited dev airdrop. */
async function launch(options: Parameters<typeof launchCampaign>[1] = {}) {
  const creator = Keypair.generate();
  await fund(creator.publicKey, 3);
  return launchCampaign(baseUrl, { ...options, creator, airdropSol: 0 });
}

/** Another trader's buy straight through the API: build, sign, execute. */
async function apiBuy(mint: string, trader: Keypair, sol: string): Promise<ExecuteResponse> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/curve/${mint}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return res.json();
  };
  const built = await post('buy', { wallet: trader.publicKey.toBase58(), amount: sol, slippageBps: 500 }) as BuyQuoteResponse;
  const tx = Transaction.from(Buffer.from(built.transactionBase64, 'base64'));
  tx.partialSign(trader);
  return post('execute', { transactionBase64: tx.serialize({ requireAllSignatures: false }).toString('base64') }) as Promise<ExecuteResponse>;
}

/** Opens /trade/{mint} with the steerable test wallet connected (it has no sign-in, so none is asked). */
async function openWithTradeWallet(mint: string, keypair: Keypair) {
  const opened = await newPage(browser);
  const { page } = opened;
  await installTradeWallet(page, keypair);
  await page.goto(`${baseUrl}/trade/${mint}`);
  await page.getByTestId('trade-page').waitFor({ timeout: 20_000 });
  await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
  await walletButton(page).click();
  await page.getByTestId('wallet-option').filter({ hasText: TRADE_WALLET_NAME }).click();
  await headerAddress(page).waitFor({ timeout: 15_000 });
  await expect.poll(() => attr(page, 'trade-balance-sol', 'data-units'), { timeout: 15_000 })
    .toBe((await solOf(keypair.publicKey)).toString());
  return opened;
}

/** Every request path the page sends to the trading API, in order. */
function curveRequests(page: Page, mint: string): string[] {
  const seen: string[] = [];
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith(`/api/curve/${mint}/`) && res.request().method() === 'POST') seen.push(`${pathname.split('/').pop()} ${res.status()}`);
  });
  return seen;
}

describe('/trade', () => {
  it('without a token address, or with one no campaign has, redirects to /explore', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/trade`);
    await page.waitForURL(`${baseUrl}/explore`);
    await page.goto(`${baseUrl}/trade/${Keypair.generate().publicKey.toBase58()}`);
    await page.waitForURL(`${baseUrl}/explore`, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a token nobody has traded yet says so in the chart and the list; the market cap is the curve\'s', async () => {
    const { mint } = await launch({ name: 'Trade Empty', initialBuy: '0' });
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/trade/${mint}`);
    await page.getByTestId('trade-chart-empty').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('trade-chart-empty').textContent()).toBe('No trades yet');
    expect(await page.getByTestId('trade-list-empty').textContent()).toBe('No trades yet');
    const market = await (await fetch(`${baseUrl}/api/campaigns/${mint}/market`)).json() as { marketCap: number };
    expect(await page.getByTestId('trade-stat-market-cap').textContent()).toBe(formatMarketCapOrDefault(market.marketCap));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('without a wallet it quotes and offers Connect Wallet; another trader\'s trade shows up live', async () => {
    const { mint } = await launch({ name: 'Trade Live' });
    const whale = Keypair.generate();
    await fund(whale.publicKey, 2);
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/trade/${mint}`);
    await page.getByTestId('trade-page').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('trade-submit').textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
    const shown = await enterAmount(page, '0.1');
    await page.getByTestId('trade-submit').click();
    await toast(page, 'Wallet not connected').waitFor();
    await page.getByTestId('wallet-option').first().waitFor();
    await page.keyboard.press('Escape');

    const chart = page.getByTestId('candle-chart');
    const chartTrades = Number(await chart.getAttribute('data-trades'));
    const holders = async () => Number(await page.getByTestId('trade-stat-holders').textContent());
    const holdersBefore = await holders();
    const { transactionSignature } = await apiBuy(mint, whale, '0.5');
    // The server's curve_trade event refreshes the page (well before its 15 s poll would).
    const row = page.locator(`[data-testid="trade-row"][data-signature="${transactionSignature}"]`);
    await row.waitFor({ timeout: 10_000 });
    // A curve price is ~1e-8 SOL: written with its zeros counted ('0.0₈87'), never ten decimals.
    const price = row.getByTestId('trade-row-price');
    expect(await price.locator('[aria-hidden]').textContent()).toMatch(/^0\.0[₀-₉]+\d{1,2}$/);
    // The short form is explained: the full price in its tooltip and for screen readers.
    expect(await price.locator('[title]').getAttribute('title')).toMatch(/^0\.0{4,}\d{1,2} \(the small digit counts the zeros after the decimal point\)$/);
    await expect.poll(async () => Number(await chart.getAttribute('data-trades')), { timeout: 10_000 }).toBe(chartTrades + 1);
    await expect.poll(holders, { timeout: 10_000 }).toBe(holdersBefore + 1);
    // The same 0.1 SOL now buys fewer tokens.
    const output = page.getByTestId('trade-quote-output').locator('[data-output]');
    await expect.poll(async () => parseTokenAmount((await output.getAttribute('data-output'))!) < parseTokenAmount(shown), { timeout: 10_000 }).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Local wallet buys then sells; chart, trade list and balances follow the quotes', async () => {
    const ticker = `TRD${Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
    const { mint } = await launch({ ticker, name: 'Trade Page Test' });
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/trade/${mint}`);
    await page.getByTestId('trade-page').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('trade-ticker').textContent()).toBe(`$${ticker}`);
    expect(await page.getByTestId('trade-stat-tax').textContent()).toBe('6%');
    expect(await page.getByTestId('trade-back').getAttribute('href')).toBe(`/campaign/${mint}`);
    const chart = page.getByTestId('candle-chart');
    await chart.waitFor();
    expect((await chart.boundingBox())!.height).toBe(700);
    const chartTrades = async () => Number(await chart.getAttribute('data-trades'));
    const tradesBefore = await chartTrades();

    await connectLocalWallet(page);
    const wallet = new PublicKey(await localWalletAddress(page));
    await walletButton(page).click();
    await page.getByTestId('wallet-menu-test-sol').click();
    await expect.poll(() => attr(page, 'trade-balance-sol', 'data-units'), { timeout: 20_000 }).toBe('10000000000');
    const tokenAccount = getAssociatedTokenAddressSync(new PublicKey(mint), wallet, false, TOKEN_2022_PROGRAM_ID);

    // BUY 0.5 SOL: the trader holds exactly the quoted tokens and pays the SOL, the fees and the new account's rent.
    const shownTokens = await enterAmount(page, '0.5');
    const solBeforeBuy = await solOf(wallet);
    const buyResponses = tradeResponses(page, mint, 'buy');
    await page.getByTestId('trade-submit').click();
    const [buy, bought] = await buyResponses as [BuyQuoteResponse, ExecuteResponse];
    expect(buy.expectedTokens).toBe(shownTokens);
    expect(bought.expectedOutput).toBe(buy.expectedTokens);
    await toast(page, 'Bought').waitFor({ timeout: 20_000 });
    const held = parseTokenAmount(buy.expectedTokens);
    expect(await tokensOf(tokenAccount)).toBe(held);
    const rent = BigInt(await connection.getBalance(tokenAccount, 'confirmed'));
    expect(solBeforeBuy - await solOf(wallet)).toBe(parseSol(buy.solAmount) + await feeOf(bought.transactionSignature) + rent);
    await expect.poll(() => attr(page, 'trade-balance-token', 'data-units'), { timeout: 15_000 }).toBe(held.toString());
    await expect.poll(async () => attr(page, 'trade-balance-sol', 'data-units'), { timeout: 15_000 }).toBe((await solOf(wallet)).toString());
    await page.locator(`[data-testid="trade-row"][data-signature="${bought.transactionSignature}"][data-side="buy"]`).waitFor({ timeout: 15_000 });
    await expect.poll(chartTrades, { timeout: 15_000 }).toBe(tradesBefore + 1);

    // SELL everything: the wallet receives exactly the quoted SOL, less its fee.
    await page.getByTestId('trade-tab-sell').click();
    // Max shows the balance to 2 decimals (rounded down) but sells all of it, dust included.
    await page.getByTestId('trade-pick-100').click();
    // Shown grouped for people ('16 680 495.66', thin spaces); the digits are the pick's, to 2 decimals.
    await expect.poll(() => page.getByTestId('trade-amount').inputValue()).toBe(groupForInput(formatUnits(parseTokenAmount(buy.expectedTokens), 9, 2)));
    const output = page.getByTestId('trade-quote-output').locator('[data-output]');
    await expect.poll(async () => (await page.getByTestId('trade-quote').getAttribute('aria-busy')), { timeout: 15_000 }).toBe('false');
    const shownSol = (await output.getAttribute('data-output'))!;
    const solBeforeSell = await solOf(wallet);
    const sellResponses = tradeResponses(page, mint, 'sell');
    await page.getByTestId('trade-submit').click();
    const [sell, sold] = await sellResponses as [SellQuoteResponse, ExecuteResponse];
    expect(sell.expectedSOL).toBe(shownSol);
    expect(sold.expectedOutput).toBe(sell.expectedSOL);
    await toast(page, 'Sold for').waitFor({ timeout: 20_000 });
    expect(await tokensOf(tokenAccount)).toBe(0n);
    expect(await solOf(wallet) - solBeforeSell).toBe(parseSol(sell.expectedSOL) - await feeOf(sold.transactionSignature));
    await expect.poll(() => attr(page, 'trade-balance-token', 'data-units'), { timeout: 15_000 }).toBe('0');
    await page.locator(`[data-testid="trade-row"][data-signature="${sold.transactionSignature}"][data-side="sell"]`).waitFor({ timeout: 15_000 });
    await expect.poll(chartTrades, { timeout: 15_000 }).toBe(tradesBefore + 2);

    // The stored history agrees: newest first, this wallet's sell then its buy.
    const history = await (await fetch(`${baseUrl}/api/campaigns/${mint}/trades?limit=2`)).json() as TradesResponse;
    expect(history.trades.map((t) => [t.signature, t.side, t.wallet])).toEqual([
      [sold.transactionSignature, 'sell', wallet.toBase58()],
      [bought.transactionSignature, 'buy', wallet.toBase58()],
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a buy beyond the SOL balance (with test SOL offered) and a sell beyond the tokens held; a refused signature is "Transaction cancelled by user"', async () => {
    const { mint } = await launch({ name: 'Trade Refusals' });
    const keypair = Keypair.generate();
    await fund(keypair.publicKey, 1);
    const { page, errors } = await openWithTradeWallet(mint, keypair);
    const requests = curveRequests(page, mint);

    // A buy the wallet cannot pay is refused before anything is asked: the button says why, and the faucet is right there.
    await enterAmount(page, '2');
    await expect.poll(() => page.getByTestId('trade-submit').textContent()).toBe('Insufficient SOL balance');
    expect(await page.getByTestId('trade-submit').isDisabled()).toBe(true);
    await page.getByTestId('trade-test-sol').click();
    await expect.poll(() => page.getByTestId('trade-submit').textContent(), { timeout: 15_000 }).toMatch(/^Buy /);
    expect(await page.getByTestId('trade-test-sol').count()).toBe(0);

    await page.getByTestId('trade-tab-sell').click();
    await page.getByTestId('trade-amount').fill('100');
    await page.getByTestId('trade-submit').click();
    await toast(page, 'Insufficient token balance').waitFor({ timeout: 10_000 });
    expect(requests).toEqual([]);

    await steerTradeWallet(page, { mode: 'reject' });
    await page.getByTestId('trade-tab-buy').click();
    await enterAmount(page, '0.2');
    await page.getByTestId('trade-submit').click();
    await toast(page, 'Transaction cancelled by user').waitFor({ timeout: 10_000 });
    // Built (a quote), never signed, so never executed: nothing traded, nothing paid.
    expect(requests).toEqual(['buy 200']);
    expect((await tradeWalletState(page)).signRequests).toBe(1);
    // 1 SOL funded, 10 more from 'Get test SOL', nothing spent.
    expect(await solOf(keypair.publicKey)).toBe(11_000_000_000n);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a swap whose blockhash expired while the wallet was open is rebuilt once and signed again at the same price', async () => {
    const { mint } = await launch({ name: 'Trade Expiry' });
    const keypair = Keypair.generate();
    await fund(keypair.publicKey, 2);
    const { page, errors } = await openWithTradeWallet(mint, keypair);
    const requests = curveRequests(page, mint);
    const builds: BuyQuoteResponse[] = [];
    page.on('response', (res) => { if (new URL(res.url()).pathname === `/api/curve/${mint}/buy`) void res.json().then((b) => builds.push(b)); });

    const shown = await enterAmount(page, '0.2');
    // The wallet stays open past the transaction's blockhash: the chain would no longer take it.
    await steerTradeWallet(page, { delayNextMs: BLOCKHASH_LIFETIME_MS + 1500 });
    await page.getByTestId('trade-submit').click();
    await toast(page, 'Bought').waitFor({ timeout: 60_000 });
    expect(requests).toEqual(['buy 200', 'execute 409', 'buy 200', 'execute 200']);
    expect((await tradeWalletState(page)).signRequests).toBe(2);
    // Nobody traded in between: the fresh swap is the same, on a new blockhash, and it is what the wallet holds.
    expect(builds.map((b) => b.expectedTokens)).toEqual([shown, shown]);
    const blockhashes = builds.map((b) => Transaction.from(Buffer.from(b.transactionBase64, 'base64')).recentBlockhash);
    expect(new Set(blockhashes).size).toBe(2);
    const account = getAssociatedTokenAddressSync(new PublicKey(mint), keypair.publicKey, false, TOKEN_2022_PROGRAM_ID);
    expect(await tokensOf(account)).toBe(parseTokenAmount(shown));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a swap the price moved past while the wallet was open is refused by the pool: explained, nothing paid, the new quote shown', async () => {
    const { mint } = await launch({ name: 'Trade Moved' });
    const keypair = Keypair.generate();
    const whale = Keypair.generate();
    await fund(keypair.publicKey, 2);
    await fund(whale.publicKey, 5);
    const { page, errors } = await openWithTradeWallet(mint, keypair);
    const requests = curveRequests(page, mint);

    await page.getByTestId('trade-slippage-50').click();
    expect(await page.getByTestId('trade-slippage-value').textContent()).toBe('0.5%');
    const shown = await enterAmount(page, '0.2');
    await steerTradeWallet(page, { hold: true });
    const firstBuild = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/curve/${mint}/buy`);
    await page.getByTestId('trade-submit').click();
    await firstBuild;
    // While the wallet is open, someone else buys a lot: the price moves well past 0.5%, then the wallet signs.
    await apiBuy(mint, whale, '3');
    await steerTradeWallet(page, { hold: false });
    const refused = toast(page, 'Price moved beyond your slippage tolerance');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('The quote has been updated. Review it and try again.');
    // Its minimum out was not met: the pool refused the signed swap, and the widget did not ask again.
    expect(requests).toEqual(['buy 200', 'execute 409']);
    expect((await tradeWalletState(page)).signRequests).toBe(1);
    const output = page.getByTestId('trade-quote-output').locator('[data-output]');
    await expect.poll(async () => parseTokenAmount((await output.getAttribute('data-output'))!) < parseTokenAmount(shown) * 995n / 1000n, { timeout: 15_000 }).toBe(true);
    const account = getAssociatedTokenAddressSync(new PublicKey(mint), keypair.publicKey, false, TOKEN_2022_PROGRAM_ID);
    expect(await tokensOf(account)).toBe(0n);
    expect(await solOf(keypair.publicKey)).toBe(2_000_000_000n);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a rebuilt swap beyond the slippage tolerance is not signed: the new quote is shown instead', async () => {
    const { mint } = await launch({ name: 'Trade Slippage' });
    const keypair = Keypair.generate();
    const whale = Keypair.generate();
    await fund(keypair.publicKey, 2);
    await fund(whale.publicKey, 5);
    const { page, errors } = await openWithTradeWallet(mint, keypair);
    const requests = curveRequests(page, mint);

    await page.getByTestId('trade-slippage-50').click();
    expect(await page.getByTestId('trade-slippage-value').textContent()).toBe('0.5%');
    const shown = await enterAmount(page, '0.2');
    await steerTradeWallet(page, { delayNextMs: BLOCKHASH_LIFETIME_MS + 1500 });
    const firstBuild = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/curve/${mint}/buy`);
    await page.getByTestId('trade-submit').click();
    await firstBuild;
    // While the wallet is open, someone else buys a lot: the price moves well past 0.5%.
    await apiBuy(mint, whale, '3');
    await toast(page, 'Price moved beyond your slippage tolerance').waitFor({ timeout: 60_000 });
    // Expired, so built again against the signed one: now beyond the tolerance, refused before a second signature.
    expect(requests).toEqual(['buy 200', 'execute 409', 'buy 409']);
    expect((await tradeWalletState(page)).signRequests).toBe(1);
    // The widget now shows the fresh, smaller quote for the same 0.2 SOL.
    const output = page.getByTestId('trade-quote-output').locator('[data-output]');
    await expect.poll(async () => parseTokenAmount((await output.getAttribute('data-output'))!) < parseTokenAmount(shown) * 995n / 1000n, { timeout: 15_000 }).toBe(true);
    const account = getAssociatedTokenAddressSync(new PublicKey(mint), keypair.publicKey, false, TOKEN_2022_PROGRAM_ID);
    expect(await tokensOf(account)).toBe(0n);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a buy that completes the curve takes only the SOL it needs, shows Bonded, and trading goes on', async () => {
    const { mint } = await launch({ name: 'Trade Graduation', bondingCurveType: 1 });
    const keypair = Keypair.generate();
    await fund(keypair.publicKey, 30);
    const { page, errors } = await openWithTradeWallet(mint, keypair);
    expect(await page.getByTestId('trade-bonding-label').textContent()).toBe('Bonding Curve');

    await enterAmount(page, '25');
    await page.getByTestId('trade-quote-completes').waitFor();
    const shownSolUsed = await page.getByTestId('trade-quote-sol-used').textContent();
    const solBefore = await solOf(keypair.publicKey);
    const responses = tradeResponses(page, mint, 'buy');
    await page.getByTestId('trade-submit').click();
    const [buy, bought] = await responses as [BuyQuoteResponse, ExecuteResponse];
    expect(bought.graduated).toBe(true);
    expect(parseSol(buy.solAmount)).toBeLessThan(parseSol('25'));
    expect(shownSolUsed).toBe(`${formatUnitsGrouped(parseSol(buy.solAmount), 9, 6)} SOL`);
    await toast(page, 'Bonded').waitFor({ timeout: 20_000 });
    const account = getAssociatedTokenAddressSync(new PublicKey(mint), keypair.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const rent = BigInt(await connection.getBalance(account, 'confirmed'));
    expect(solBefore - await solOf(keypair.publicKey)).toBe(parseSol(buy.solAmount) + await feeOf(bought.transactionSignature) + rent);
    expect(await tokensOf(account)).toBe(parseTokenAmount(buy.expectedTokens));
    await expect.poll(() => page.getByTestId('trade-bonding-label').textContent(), { timeout: 15_000 }).toBe('Bonded');

    // Past graduation the pool keeps trading: sell half of what was bought.
    await page.getByTestId('trade-tab-sell').click();
    await expect.poll(() => attr(page, 'trade-balance-token', 'data-units'), { timeout: 15_000 }).toBe(parseTokenAmount(buy.expectedTokens).toString());
    await page.getByTestId('trade-pick-50').click();
    const shownSol = await enterAmount(page, await page.getByTestId('trade-amount').inputValue());
    const sellResponses = tradeResponses(page, mint, 'sell');
    await page.getByTestId('trade-submit').click();
    const [sell, sold] = await sellResponses as [SellQuoteResponse, ExecuteResponse];
    expect(sell.expectedSOL).toBe(shownSol);
    expect(sold.expectedOutput).toBe(shownSol);
    await toast(page, 'Sold for').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
