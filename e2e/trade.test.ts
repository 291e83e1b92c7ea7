import { TOKEN_2022_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, PublicKey } from '@solana/web3.js';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseSol, parseTokenAmount } from '../core/money';
import type { BuyQuoteResponse, ExecuteResponse, SellQuoteResponse, TradesResponse } from '../core/schemas/trade';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';
import { connectLocalWallet, localWalletAddress, walletButton } from './localWallet';

const baseUrl = inject('baseUrl');
const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

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

describe('/trade', () => {
  it('without a token address redirects to /explore', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/trade`);
    await page.waitForURL(`${baseUrl}/explore`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Local wallet buys then sells; chart, trade list and balances follow the quotes', async () => {
    const ticker = `TRD${Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
    const { mint } = await launchCampaign(baseUrl, { ticker, name: 'Trade Page Test' });
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
    await page.getByTestId('trade-pick-100').click();
    await expect.poll(() => page.getByTestId('trade-amount').inputValue()).toBe(buy.expectedTokens);
    const shownSol = await enterAmount(page, buy.expectedTokens);
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
});
