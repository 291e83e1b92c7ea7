import bs58 from 'bs58';
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './globalSetup';
import { launchCampaign, type LaunchedCampaign } from './launchApi';
import { connectLocalWallet, headerAddress, localWalletAddress } from './localWallet';

// Issue 15's spec leftovers, seen in the browser: a quiet console on every public page,
// the hero link, the functional cookies and 'Recently viewed', the admin login toast and
// banner, the support opener, the official token's trading header.

const baseUrl = sharedBaseUrl();
const DAY_S = 86_400;
let browser: Browser;
let mint: string;
let launched: LaunchedCampaign;

beforeAll(async () => {
  browser = await launchBrowser();
  launched = await launchCampaign(baseUrl, { name: 'Leftover Wells', initialBuy: '0.1' });
  mint = launched.mint;
}, 120_000);
afterAll(async () => { await browser?.close(); });

const consent = (value: boolean) => ['cookie-consent', 'user-preferences-functional'].map((name) => ({ name, value: String(value), url: baseUrl }));
const cookieMap = async (page: Page) => new Map((await page.context().cookies()).map((c) => [c.name, c]));

function expectLifetime(cookie: Cookie | undefined, days: number) {
  expect(cookie).toBeDefined();
  expect(cookie!.path).toBe('/');
  expect(cookie!.sameSite).toBe('Lax');
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(Math.abs(lifetime - days * DAY_S)).toBeLessThan(120);
}

/** Every console error or warning, and every uncaught error, of a page. */
function noisyConsole(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') noise.push(`${page.url()} [${msg.type()}] ${msg.text()}`);
  });
  page.on('pageerror', (err) => noise.push(`${page.url()} [pageerror] ${err.message}`));
  return noise;
}

async function settle(page: Page) {
  // The event stream keeps one request open, so 'idle' may never come: a short bound is enough.
  await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => {});
}

describe('a quiet console', () => {
  it('no console error or warning on any public page for a signed-out visitor', async () => {
    const { page } = await newPage(browser);
    const noise = noisyConsole(page);
    const sessions: number[] = [];
    page.on('response', (res) => { if (new URL(res.url()).pathname === '/api/auth/session') sessions.push(res.status()); });
    const paths = [
      '/', '/explore', '/how-it-works', '/get-verified', '/terms', '/privacy', '/official-token', '/verified-charities',
      '/report', '/start-campaign', '/account', '/account/verify', `/account/verify/${mint}`, `/campaign/${mint}`,
      `/campaign/${mint}/manage`, `/trade/${mint}`, '/trade', '/progress-demo', '/test-supabase', '/no-such-page',
      // Spec 1 'Legacy route': an old link by launch request id goes to the campaign.
      `/c/${launched.created.requestId}`,
    ];
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('footer').first().waitFor({ timeout: 15_000 });
      await settle(page);
    }
    // /trade redirects, by its element as well as its loader.
    await page.goto(`${baseUrl}/trade`);
    await page.waitForURL(`${baseUrl}/explore`);
    // A wallet connecting looks for a live session first (there is none yet), then signs in.
    await page.goto(baseUrl);
    await connectLocalWallet(page);
    await expect.poll(() => page.evaluate(async () => (await (await fetch('/api/auth/session')).json()) as unknown), { timeout: 15_000 })
      .toMatchObject({ session: { wallet: expect.any(String) } });
    expect(noise).toEqual([]);
    // The session check ran, answering 200 { session: null }, not a 401.
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((status) => status === 200)).toBe(true);
    expect(await (await fetch(`${baseUrl}/api/auth/session`)).json()).toEqual({ session: null });
    await page.context().close();
  }, 180_000);

  it('no console error or warning on the wallet pages with the creator signed in', async () => {
    const { page } = await newPage(browser);
    const noise = noisyConsole(page);
    // The Local wallet keeps its key in the browser: give it the creator's, so manage is the real page.
    await page.addInitScript((secret) => localStorage.setItem('causemintLocalWalletSecretKey', secret), bs58.encode(launched.creator.secretKey));
    await page.goto(baseUrl);
    await connectLocalWallet(page);
    expect(await localWalletAddress(page)).toBe(launched.creator.publicKey.toBase58());
    const pages: [string, string][] = [
      ['/account', 'account-my-campaigns'], [`/campaign/${mint}/manage`, 'manage-page'], [`/trade/${mint}`, 'trade-header'],
      [`/campaign/${mint}`, 'campaign-page'], [`/account/verify/${mint}`, 'verification-form'],
    ];
    for (const [path, testId] of pages) {
      await page.goto(`${baseUrl}${path}`);
      // The remembered wallet reconnects on every load: the page is seen as the creator sees it.
      await headerAddress(page).waitFor({ timeout: 15_000 });
      await page.getByTestId(testId).first().waitFor({ timeout: 20_000 });
      await settle(page);
    }
    expect(noise).toEqual([]);
    await page.context().close();
  }, 180_000);
});

describe('home', () => {
  it('the hero banner itself goes to /start-campaign', async () => {
    const { page } = await newPage(browser);
    await page.goto(baseUrl);
    // Off the heading's text and the buttons: anywhere on the banner.
    await page.getByTestId('hero').click({ position: { x: 24, y: 24 } });
    await page.waitForURL(`${baseUrl}/start-campaign`);
    await page.context().close();
  });
});

describe('functional cookies (spec 2 sections 3 and 9)', () => {
  it('with functional consent: theme-preference on the first visit, visited-campaigns and the Recently viewed row, wallet-connection', async () => {
    const { page } = await newPage(browser);
    await page.context().addCookies(consent(true));
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    // No campaign viewed yet: no row.
    expect(await page.getByTestId('recently-viewed').count()).toBe(0);
    const first = await cookieMap(page);
    expect(first.get('theme-preference')?.value).toBe('dark');
    expectLifetime(first.get('theme-preference'), 365);

    await page.goto(`${baseUrl}/campaign/${mint}`);
    await page.getByTestId('campaign-page').waitFor();
    await expect.poll(async () => (await cookieMap(page)).get('visited-campaigns')?.value).toBe(mint);
    expectLifetime((await cookieMap(page)).get('visited-campaigns'), 7);

    await page.goto(baseUrl);
    const row = page.getByTestId('recently-viewed');
    await row.getByRole('heading', { name: 'Recently viewed' }).waitFor();
    const link = row.getByRole('link', { name: /Leftover Wells/ });
    expect(await link.getAttribute('href')).toBe(`/campaign/${mint}`);

    await connectLocalWallet(page);
    await expect.poll(async () => decodeURIComponent((await cookieMap(page)).get('wallet-connection')?.value ?? '')).toBe('Local wallet');
    expectLifetime((await cookieMap(page)).get('wallet-connection'), 30);
    await page.context().close();
  }, 60_000);

  it('without a recorded choice none is written; declining removes them, wallet-connection included', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/campaign/${mint}`);
    await page.getByTestId('campaign-page').waitFor();
    // The footer moves while the page's cards fill in: press it once they have. From the keyboard:
    // the consent banner (1.5 s after load, no choice made) lies over the footer for a pointer.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Light mode' }).press('Enter');
    // The theme still follows the click, for this page only.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const names = [...(await cookieMap(page)).keys()];
    for (const name of ['visited-campaigns', 'theme-preference', 'wallet-connection']) expect(names).not.toContain(name);

    // Accept writes the theme as it is now; Decline takes every functional cookie away.
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(async () => (await cookieMap(page)).get('theme-preference')?.value).toBe('light');
    await page.reload();
    await page.getByTestId('campaign-page').waitFor();
    await expect.poll(async () => (await cookieMap(page)).get('visited-campaigns')?.value).toBe(mint);
    await connectLocalWallet(page);
    await expect.poll(async () => (await cookieMap(page)).has('wallet-connection')).toBe(true);
    await page.evaluate(() => { document.cookie = 'cookie-consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'; });
    await page.reload();
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Decline' }).click();
    // The wallet stays connected (it reconnected after the reload): its cookie goes all the same, and is not written again.
    await headerAddress(page).waitFor();
    const functional = ['visited-campaigns', 'theme-preference', 'wallet-connection'];
    await expect.poll(async () => [...(await cookieMap(page)).keys()].filter((n) => functional.includes(n))).toEqual([]);
    await page.reload();
    await headerAddress(page).waitFor({ timeout: 15_000 });
    await page.getByTestId('campaign-page').waitFor();
    await settle(page);
    expect([...(await cookieMap(page)).keys()].filter((n) => functional.includes(n))).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('admin pages', () => {
  it("no cookie banner; a successful login clears the 'Login failed' toast", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/xk9j2m4p/login`);
    await page.getByLabel('Username').fill('nobody-by-this-name');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Login failed' });
    await failed.waitFor();
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await failed.waitFor({ state: 'detached' });
    // Past the banner's 1.5 s delay, and still no banner.
    await page.waitForTimeout(2_500);
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the footer support opener', () => {
  it('is a chat link (new tab) when SUPPORT_CHAT_URL is configured', async () => {
    const { page } = await newPage(browser);
    const chat = 'https://chat.causemint.example/live';
    // The server's configuration as it reads with SUPPORT_CHAT_URL set (server/routes/config tests that mapping).
    await page.route('**/api/config', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), supportChatUrl: chat } });
    });
    await page.goto(`${baseUrl}/how-it-works`);
    const link = page.getByRole('link', { name: /Chat with support/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(chat);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Email support' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the trading page header', () => {
  const header = (page: Page) => page.getByTestId('trade-header');

  it('shows no price or 5m volume for a campaign token (the official token only has them)', async () => {
    const plain = await newPage(browser);
    await plain.page.goto(`${baseUrl}/trade/${mint}`);
    await header(plain.page).getByTestId('trade-stat-market-cap').waitFor();
    expect(await header(plain.page).getByTestId('trade-stat-price').count()).toBe(0);
    expect(await header(plain.page).getByTestId('trade-stat-tax').textContent()).toBe('6%');
    await plain.page.context().close();
    // The official token's trading page (price and 5m volume in its header) is tested on the real
    // official token, on a server that launches it: e2e/officialToken.test.ts.
  });
});
