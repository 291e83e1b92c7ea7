import { Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { TOKEN_TOTAL_SUPPLY } from '../core/constants';
import { formatCompactUsd2, formatMarketCap, formatPrice, formatSolFixed } from '../core/format';
import { formatSol, parseSol, parseTokenAmount } from '../core/money';
import type { BuyQuoteResponse, ExecuteResponse, MarketDataResponse, QuotePreviewResponse } from '../core/schemas/trade';
import { claimShareLamports } from '../core/tradeTax';
import { compactTokens } from '../app/scenes/OfficialToken/format';
import { launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './globalSetup';
import { adminCookie } from './adminApi';
import { connectLocalWallet, localWalletAddress, walletButton } from './localWallet';
import { startServer, type StartedServer } from './server';
import { everyInterval } from '../core/taxStory';

// Its own server: the shared one leaves the official token unlaunched (OFFICIAL_TOKEN_LAUNCH off).
let server: StartedServer;
let baseUrl: string;
let connection: Connection;
let browser: Browser;
let mint: string;

type Market = {
  volume24h: number | null; holders: number | null; marketCap: number | null; supply: string | null;
  paid: Record<string, { paidLamports: string; latestSignature: string | null }>; burnedBaseUnits: string;
};
const market = async () => (await (await fetch(`${baseUrl}/api/official-token/market`)).json()) as Market;
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

beforeAll(async () => {
  server = await startServer({
    CURVE_PROGRAM: 'dbc', OFFICIAL_TOKEN_LAUNCH: 'on', ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password,
    DISTRIBUTOR_INTERVAL_MS: '3600000', HOLDER_REWARD_MIN_TOKENS: '1000',
  });
  baseUrl = server.url;
  connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
  browser = await launchBrowser();
  // The first start launches the official token (the job at start-up).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const token = await (await fetch(`${baseUrl}/api/official-token`)).json() as { source: string; tokenAddress: string };
    if (token.source === 'local') {
      mint = token.tokenAddress;
      break;
    }
    if (Date.now() > deadline) throw new Error('the official token was not launched at start-up');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Another trader's buy through the API: build, sign, execute. */
async function apiBuy(sol: string): Promise<ExecuteResponse> {
  const trader = Keypair.generate();
  const signature = await connection.requestAirdrop(trader.publicKey, 3e9);
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
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

let page: Page;
let errors: string[];

describe('/official-token', () => {
  it('shows the token, its live figures (a trade elsewhere shows up without a reload) and copies its address', async () => {
    ({ page, errors } = await newPage(browser));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/official-token`);
    await page.getByTestId('official-token-page').waitFor({ timeout: 30_000 });
    expect(await text(page, 'official-address')).toBe(mint);
    // Its logo beside the symbol, loaded (the launch's upload).
    await expect.poll(() => page.getByTestId('official-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Tokenomics (10% Tax)' }).count()).toBe(1);
    expect(await page.getByTestId('official-tokenomics-line').evaluateAll((els) => els.map((e) => e.getAttribute('data-label'))))
      .toEqual(['Holder Rewards', 'Buyback', 'Charity Giveaways', 'Platform']);
    // Its own DBC pool: the 10% is a pool fee, of which Meteora's protocol keeps a fifth; the lines share the rest.
    expect(await text(page, 'official-protocol-share')).toContain("Meteora's protocol keeps 20% of it (2% of each trade)");
    expect(await page.getByTestId('official-tokenomics-line').first().textContent()).toContain('20% of the claimed fee (1.6% of each trade)');
    const { payoutIntervalMs } = await (await fetch(`${baseUrl}/api/config`)).json() as { payoutIntervalMs: number };
    expect(await text(page, 'official-tokenomics')).toContain(`Tax is distributed ${everyInterval(payoutIntervalMs)}.`);
    expect(await page.getByTestId('official-roadmap-phase').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
      .toEqual(['completed', 'in-progress', 'upcoming', 'upcoming']);
    // Nobody has traded: volumes are 'N/A'.
    await expect.poll(() => text(page, 'official-volume-24h'), { timeout: 15_000 }).toBe('N/A');
    expect(await text(page, 'official-volume-5m')).toBe('N/A');
    // Local mode: the links stay on this app and the local explorer.
    const hrefs = await page.getByTestId('official-links').locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
    expect(hrefs).toHaveLength(6);
    for (const href of hrefs) expect(href.startsWith('#') || href.startsWith('/') || href.includes('customUrl=')).toBe(true);
    expect(new Set(hrefs).size).toBe(6);
    // 'Pool chart' opens the trading page's chart; 'Safety check' this page's check of the mint, read from the chain.
    expect(hrefs).toContain(`/trade/${mint}`);
    await page.getByRole('link', { name: 'Safety check' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#safety');
    await expect.poll(() => text(page, 'official-safety-mint'), { timeout: 15_000 }).toContain('fixed: the mint authority is revoked');
    expect(await text(page, 'official-safety-freeze')).toContain('no one can freeze a holder');
    expect(await text(page, 'official-safety-fee')).toBe("Tax: 10% pool fee on every trade, in SOL, fixed in the pool's config: no one can change it; no transfer fee");
    const token = await (await fetch(`${baseUrl}/api/official-token/safety`)).json() as { feeClaimer: string; poolAddress: string };
    expect(await text(page, 'official-safety-collector')).toContain('claims the fee less the 20% Meteora\'s protocol keeps. It can claim fees and nothing else.');
    expect(await page.getByTestId('official-safety-collector').locator(`[title="${token.feeClaimer}"], [href*="${token.feeClaimer}"]`).count()).toBeGreaterThan(0);
    expect(await text(page, 'official-safety-pool')).toContain('no platform key can move its SOL or tokens');

    await apiBuy('1');
    const after = await market();
    expect(after.volume24h).toBeGreaterThan(0);
    // The curve_trade live event refreshes the price bar well before its 30 s interval.
    await expect.poll(() => text(page, 'official-volume-24h'), { timeout: 10_000 }).toBe(formatCompactUsd2(after.volume24h!));
    expect(await text(page, 'official-market-cap')).toBe(formatCompactUsd2(after.marketCap!));
    expect(await text(page, 'official-updated')).toMatch(/^Last updated /);

    await page.getByTestId('official-copy').click();
    await toast(page, 'Address copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mint);
    const check = page.getByTestId('official-copy').locator('svg.lucide-check');
    expect(await check.count()).toBe(1);
    // The check mark goes back to the copy icon after 2 s.
    await expect.poll(() => check.count(), { timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);

  it('the trade widget buys the official token with the Local wallet', async () => {
    await connectLocalWallet(page);
    const wallet = new PublicKey(await localWalletAddress(page));
    await walletButton(page).click();
    await page.getByTestId('wallet-menu-test-sol').click();
    await expect.poll(async () => (await page.getByTestId('trade-balance-sol').getAttribute('data-units')) ?? '', { timeout: 20_000 }).not.toBe('0');
    const quoted = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === `/api/curve/${mint}/quote` && url.searchParams.get('amount') === '0.5' && url.searchParams.get('side') === 'buy';
    }, { timeout: 30_000 });
    await page.getByTestId('trade-amount').fill('0.5');
    const preview = await (await quoted).json() as QuotePreviewResponse;
    await expect.poll(() => page.getByTestId('trade-quote').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    // The official token's own fee: 10% of the SOL, of which charity giveaways get 30% of what is claimed (not a campaign's 6% 'For the cause').
    const quoteRow = (testId: string) => page.getByTestId(testId).locator('xpath=..');
    expect(await quoteRow('trade-quote-fee').textContent()).toBe('Pool fee 10%0.05 SOL');
    const cause = claimShareLamports(parseSol(preview.claimableFee!), 30);
    // 30% of the 8% Meteora leaves of 0.5 SOL.
    expect(cause).toBe(12_000_000n);
    expect(await quoteRow('trade-quote-cause').locator('span').first().textContent()).toBe('Charity giveaways');
    expect(await text(page, 'trade-quote-cause')).toBe(`${formatSol(cause, 6, { trim: true })} SOL`);
    const is = (path: string) => (res: Response) => new URL(res.url()).pathname === `/api/curve/${mint}/${path}` && res.request().method() === 'POST';
    const responses = Promise.all([page.waitForResponse(is('buy'), { timeout: 30_000 }), page.waitForResponse(is('execute'), { timeout: 30_000 })]);
    await page.getByTestId('trade-submit').click();
    const [built, executed] = await responses;
    expect(executed.status()).toBe(200);
    const quote = await built.json() as BuyQuoteResponse;
    await toast(page, 'Bought').waitFor({ timeout: 20_000 });
    const held = await connection.getParsedTokenAccountsByOwner(wallet, { mint: new PublicKey(mint) });
    expect(BigInt(held.value[0]!.account.data.parsed.info.tokenAmount.amount)).toBe(parseTokenAmount(quote.expectedTokens));
    // The price bar follows our own trade too.
    const now = await market();
    await expect.poll(() => text(page, 'official-volume-24h'), { timeout: 10_000 }).toBe(formatCompactUsd2(now.volume24h!));
    expect(errors).toEqual([]);
  }, 90_000);

  it('after a distributor run the tokenomics card shows what each line paid, with its transaction, and the tokens burned', async () => {
    const cookie = await adminCookie(baseUrl);
    const res = await fetch(`${baseUrl}/api/admin/distributor/run`, { method: 'POST', headers: { cookie, origin: baseUrl } });
    expect(res.status, await res.clone().text()).toBe(200);
    const paid = await market();
    expect(BigInt(paid.paid.Platform!.paidLamports)).toBeGreaterThan(0n);
    const line = (label: string) => page.locator(`[data-testid="official-tokenomics-line"][data-label="${label}"]`);
    // The run's live event refreshes the card.
    for (const label of ['Holder Rewards', 'Buyback', 'Charity Giveaways', 'Platform']) {
      const want = `${formatSolFixed(BigInt(paid.paid[label]!.paidLamports), 3)} SOL`;
      await expect.poll(() => line(label).getByTestId('official-line-paid').textContent(), { timeout: 10_000 }).toBe(want);
      expect(await line(label).getByTestId('official-line-tx').getAttribute('href')).toContain(paid.paid[label]!.latestSignature!);
    }
    expect(BigInt(paid.burnedBaseUnits)).toBeGreaterThan(0n);
    expect(await text(page, 'official-burned')).not.toBe('0.00');
    // The burn made the supply fall, and the card shows the supply now.
    expect(BigInt(paid.supply!)).toBe(TOKEN_TOTAL_SUPPLY - BigInt(paid.burnedBaseUnits));
    await expect.poll(() => page.getByTestId('official-supply').getAttribute('data-units'), { timeout: 10_000 }).toBe(paid.supply);
    expect(await text(page, 'official-supply')).toBe(`${compactTokens(paid.supply!)} CMINT`);
    await page.getByTestId('official-charity-payouts').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("its trading page works: the header shows the token's price and 5m volume and its 10% tax, no campaign needed", async () => {
    const market = await (await fetch(`${baseUrl}/api/campaigns/${mint}/market`)).json() as MarketDataResponse;
    const { page: trade, errors: thrown } = await newPage(browser);
    const noise: string[] = [];
    trade.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') noise.push(msg.text()); });
    await trade.goto(`${baseUrl}/trade/${mint}`);
    const header = trade.getByTestId('trade-header');
    await header.getByTestId('trade-stat-price').waitFor({ timeout: 30_000 });
    expect(new URL(trade.url()).pathname).toBe(`/trade/${mint}`);
    expect(await text(trade, 'trade-ticker')).toBe('$CMINT');
    await expect.poll(() => header.getByTestId('trade-stat-price').textContent(), { timeout: 15_000 }).toBe(formatPrice(market.price));
    expect(await header.getByTestId('trade-stat-volume-5m').textContent()).toBe(formatMarketCap(market.volume5m));
    expect(await header.getByText('5m Volume').count()).toBe(1);
    expect(await header.getByTestId('trade-stat-tax').textContent()).toBe('10%');
    expect(await trade.getByTestId('trade-back').getAttribute('href')).toBe('/official-token');
    await trade.getByTestId('trade-widget').waitFor();
    expect(thrown).toEqual([]);
    expect(noise).toEqual([]);
    await trade.context().close();
  }, 90_000);

  it("shows its fallbacks when the market data is missing ('TBA', 'N/A') or unavailable", async () => {
    const { page: missing } = await newPage(browser);
    // The market endpoint as it answers when the market-data APIs returned nothing (paid amounts still there).
    await missing.route('**/api/official-token/market', async (route) => {
      const res = await route.fetch();
      const nothing = { price: null, priceChange24h: null, priceChange6h: null, priceChange1h: null, priceChange5m: null, marketCap: null, fdv: null, volume24h: null, volume5m: null, holders: null, lastUpdated: null, source: null };
      await route.fulfill({ response: res, json: { ...(await res.json()), ...nothing } });
    });
    await missing.goto(`${baseUrl}/official-token`);
    await missing.getByTestId('official-price-bar').waitFor({ timeout: 30_000 });
    await expect.poll(() => text(missing, 'official-updated'), { timeout: 15_000 }).toBe('Not traded yet');
    for (const id of ['official-market-cap', 'official-fdv', 'official-holders']) expect(await text(missing, id), id).toBe('TBA');
    expect(await text(missing, 'official-price')).toBe('$0.00');
    for (const id of ['official-volume-24h', 'official-volume-5m', 'official-change', 'official-change-5m', 'official-change-1h', 'official-change-6h']) expect(await text(missing, id), id).toBe('N/A');
    // A refetch may be in the route's fetch as the page closes.
    await missing.unrouteAll({ behavior: 'ignoreErrors' });
    await missing.context().close();

    const { page: failing } = await newPage(browser);
    await failing.route('**/api/official-token/market', (route) => route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }));
    await failing.goto(`${baseUrl}/official-token`);
    // After the query's retries.
    await expect.poll(() => text(failing, 'official-updated'), { timeout: 20_000 }).toBe('Market data unavailable right now');
    expect(await text(failing, 'official-market-cap')).toBe('TBA');
    expect(await text(failing, 'official-holders')).toBe('TBA');
    await failing.context().close();
  }, 90_000);

  it('every internal link on the live page lands on a real page (the shared crawl sees only its launching state)', async () => {
    const { page: crawler, errors: crawlErrors } = await newPage(browser);
    await crawler.goto(`${baseUrl}/official-token`);
    await crawler.getByTestId('official-links').waitFor({ timeout: 30_000 });
    const origin = new URL(baseUrl).origin;
    const paths = [...new Set((await crawler.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href)))
      .map((href) => new URL(href)).filter((url) => url.origin === origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/ipfs/'))
      .map((url) => url.pathname))];
    expect(paths).toContain(`/trade/${mint}`);
    for (const linked of paths) {
      await crawler.goto(`${baseUrl}${linked}`);
      await crawler.waitForLoadState('networkidle').catch(() => {});
      expect(await crawler.getByRole('heading', { name: '404' }).count(), linked).toBe(0);
    }
    expect(crawlErrors).toEqual([]);
    await crawler.context().close();
  }, 90_000);

  it('fits a 360 px screen without sideways scrolling', async () => {
    const { page: narrow } = await newPage(browser, { width: 360 });
    await narrow.goto(`${baseUrl}/official-token`);
    await narrow.getByTestId('trade-widget').waitFor({ timeout: 30_000 });
    await narrow.getByTestId('official-price-bar').waitFor();
    await expect.poll(() => text(narrow, 'official-updated'), { timeout: 15_000 }).toMatch(/^Last updated /);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await narrow.context().close();
  }, 60_000);
});

describe('/official-token before the token is launched (the shared server leaves the seed sample)', () => {
  it("shows a 'launching' state: no placeholder address to copy, no links to sites that do not know it", async () => {
    const shared = sharedBaseUrl();
    const config = await (await fetch(`${shared}/api/official-token`)).json() as { source: string; tokenAddress: string; links: Record<string, string> };
    expect(config.source).toBe('sample');
    expect(config.links).toEqual({});
    const { page: sample, errors: thrown } = await newPage(browser);
    await sample.goto(`${shared}/official-token`);
    await sample.getByTestId('official-launching').waitFor({ timeout: 30_000 });
    expect(await text(sample, 'official-launching')).toContain('CMINT is launching');
    expect(await sample.getByTestId('official-address').count()).toBe(0);
    expect(await sample.getByTestId('official-copy').count()).toBe(0);
    expect(await sample.getByTestId('official-links').count()).toBe(0);
    expect(await text(sample, 'official-no-curve')).toContain('not live yet');
    // Nowhere on the page a link naming the sample address or one of the market sites.
    const hrefs = await sample.locator('a[href]').evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
    for (const href of hrefs) {
      expect(href).not.toContain(config.tokenAddress);
      expect(href).not.toMatch(/dexscreener|jup\.ag|birdeye|rugcheck|revshare|raydium/);
    }
    expect(thrown).toEqual([]);
    await sample.context().close();
  }, 60_000);
});
