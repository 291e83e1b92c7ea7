import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { taxStoryOf } from '../core/taxStory';
import { connectLocalWallet, pageSession } from './localWallet';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function open(path: string, options: { width?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, options);
  await opened.page.goto(`${baseUrl}${path}`);
  return opened;
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });

describe('app shell', () => {
  it('renders the header, the footer and the hero on /', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Explore', 'How It Works', 'Official Token', 'Get Verified']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Start Campaign', exact: true }).getAttribute('href')).toBe('/start-campaign');
    expect(await page.getByRole('link', { name: /View All Campaigns/ }).getAttribute('href')).toBe('/explore');
    await visible(page, 'Total Campaigns');
    // No wallet connected: no account icon.
    expect(await page.getByRole('link', { name: 'My Account' }).count()).toBe(0);

    const footer = page.getByRole('navigation', { name: 'Footer' });
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/privacy', '/terms', '/verified-charities', '/report']);
    expect(await page.getByRole('link', { name: 'Causemint on X' }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the campaign count from the API in the header', async () => {
    const { total } = await (await fetch(`${baseUrl}/api/campaigns/count`)).json() as { total: number };
    const { page } = await open('/');
    await page.getByTestId('total-campaigns').getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();
    await page.context().close();
  });

  it('copies the support wallet address with an Address Copied toast; support is an email link when no chat is configured', async () => {
    const { supportWallet } = await (await fetch(`${baseUrl}/api/config`)).json() as { supportWallet: string };
    expect(supportWallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const { page } = await open('/');
    // Granted as in the other copy tests: without it headless Chromium may refuse the copy (it
    // did once in CI, two browsers running at once), and the page then rightly shows no toast.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByTestId('support-wallet').getByText(supportWallet, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy support wallet address' }).click();
    await visible(page, 'Address Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(supportWallet);

    const support = page.getByRole('link', { name: 'Email support' });
    expect(await support.getAttribute('href')).toMatch(/^mailto:[^@?]+@[^?]+\?subject=Causemint%20support$/);
    expect(await page.getByRole('link', { name: /Chat with support/ }).count()).toBe(0);
    await page.context().close();
  });

  it('shows the ticker with the official token first, linking to /official-token', async () => {
    const ticker = await (await fetch(`${baseUrl}/api/ticker`)).json() as { official: { symbol: string } | null; campaigns: unknown[] };
    const { page } = await open('/');
    const items = page.getByRole('region', { name: 'Token ticker' }).getByTestId('ticker-item');
    await items.first().waitFor();
    expect(await items.count()).toBe((ticker.official ? 1 : 0) + Math.min(15, ticker.campaigns.length));
    if (ticker.official) {
      expect(await items.first().getAttribute('href')).toBe('/official-token');
      expect(await items.first().textContent()).toContain(`$${ticker.official.symbol}`);
      expect(await items.first().textContent()).toMatch(/MC \$[\d.]+[KMB]?/);
      expect(await items.first().textContent()).toMatch(/[+-]?\d+\.\d{2}%/);
    }
    await page.context().close();
  });

  it('scrolls to the top and posts a page view on every route change (once analytics cookies are accepted)', async () => {
    const { page } = await open('/how-it-works');
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    // What the banner's Accept stores; without it no page view is sent at all.
    await page.context().addCookies(['cookie-consent', 'user-preferences-analytics'].map((name) => ({ name, value: 'true', url: baseUrl })));
    const views: string[] = [];
    page.on('response', (res) => {
      const req = res.request();
      // Recorded by the server: 204.
      if (req.url().endsWith('/api/analytics/page-view') && req.method() === 'POST' && res.status() === 204) views.push(JSON.parse(req.postData() ?? '{}').path);
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' }).click();
    await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => views).toContain('/terms');
    await page.context().close();
  });
});

describe('pages', () => {
  it('/how-it-works: the banner, the five steps and the pool\'s 6% fee', async () => {
    const { page, errors } = await open('/how-it-works');
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    for (const step of ['Launch Your Campaign', 'Token Generation', 'Community Trading', 'Receive Funds', 'Get Verified']) {
      await page.getByRole('heading', { name: step, exact: true }).waitFor();
    }
    // The chain's account of a campaign's own DBC pool, at this server's payout interval (the suite's distributor runs once a day).
    const config = await (await fetch(`${baseUrl}/api/config`)).json() as { payoutIntervalMs: number; curvePlatformSharePercent: number };
    await visible(page, taxStoryOf(config.curvePlatformSharePercent, config.payoutIntervalMs));
    // Graduation explained beside the goal it is not.
    await page.getByText('Graduation is a market milestone, separate from the campaign\'s fundraising goal', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/get-verified: why, process, requirements, FAQ and the apply button to /account without a wallet', async () => {
    const { page } = await open('/get-verified');
    for (const heading of ['Why get verified?', 'The verification process', 'Requirements', 'Frequently asked questions']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    for (const text of ['Trust Badge', 'Priority Placement', 'Larger Audience', 'Transparent goals', 'Verified donation wallet', 'Active socials', 'Regular updates', 'Proof of social cause']) {
      await visible(page, text);
    }
    expect(await page.locator('ol > li').count()).toBe(5);
    expect(await page.getByRole('link', { name: 'Apply for Verification' }).getAttribute('href')).toBe('/account');
    await page.getByRole('button', { name: 'How much does verification cost?' }).click();
    await visible(page, 'Nothing. Verification is free.');
    await page.context().close();
  });

  it('/terms: every clause, with liability capped at the fees of the transaction', async () => {
    const { page } = await open('/terms');
    await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
    for (const h of ['Eligibility', 'Fees', 'Limitation of liability']) await page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${h}$`) }).waitFor();
    await visible(page, 'capped at the fees you paid to the Platform for that transaction');
    // Questions go where the footer sends them: no chat is configured here, so the support address (never 'the support chat in the site footer').
    expect(await page.getByTestId('legal-support-email').getAttribute('href')).toMatch(/^mailto:/);
    expect(await page.getByText('support chat in the site footer').count()).toBe(0);
    await visible(page, /© \d{4} Causemint/);
    await page.context().close();
  });

  it('/privacy: every section the spec lists', async () => {
    const { page } = await open('/privacy');
    await page.getByRole('heading', { name: 'Privacy Notice', level: 1 }).waitFor();
    const sections = ['Personal data you give us', 'Data collected automatically', 'Cookies and similar technologies', 'Analytics',
      'Legal bases for processing', 'How we use your data', 'Sharing your data', 'How long we keep data', 'Blockchain data is permanent',
      'Overseas transfers', 'Your rights in the EEA and UK', 'Complaints', 'Age limit', 'Contact'];
    for (const h of sections) await page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${h}$`) }).waitFor();
    await visible(page, 'You must be 18 years of age or older to use it.');
    await visible(page, /© \d{4} Causemint/);
    await page.context().close();
  });

  it('/progress-demo: slider, presets, both shapes with and without percentage, star at 100%', async () => {
    const { page } = await open('/progress-demo');
    await page.getByRole('heading', { name: 'Progress Ring Demo' }).waitFor();
    const rings = page.getByRole('img', { name: /^Progress: / });
    expect(await rings.count()).toBe(4);
    for (const p of [0, 25, 50, 75]) {
      await page.getByRole('button', { name: `${p}%`, exact: true }).click();
      await page.getByTestId('progress-value').getByText(`${p}%`).waitFor();
      expect(await rings.first().getAttribute('aria-label')).toBe(`Progress: ${p}%`);
      expect(await page.getByTestId('goal-star').count()).toBe(0);
    }
    await page.getByRole('button', { name: '100%', exact: true }).click();
    expect(await page.getByTestId('goal-star').count()).toBe(4);
    expect(await rings.first().getAttribute('aria-label')).toBe('Progress: 100%, goal reached');
    // The slider is keyboard-usable.
    await page.getByRole('slider', { name: 'Progress' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('progress-value').getByText('99%').waitFor();
    expect(await page.getByTestId('goal-star').count()).toBe(0);
    // With and without the percentage label.
    expect(await page.locator('svg[role="img"] text').count()).toBe(2);
    expect(await rings.first().getAttribute('width')).toBe('120');
    await page.context().close();
  });

  it('any unknown path: the 404 page, whose link returns home', async () => {
    const { page } = await open('/no/such/page');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await visible(page, 'Oops! Page not found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('/test-supabase: connected status, create and fetch campaigns', async () => {
    const { page } = await newPage(browser);
    // Hold the status answer back to see the checking state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/db/status', async (route) => { await held; await route.continue(); });
    await page.goto(`${baseUrl}/test-supabase`);
    await page.getByRole('heading', { name: 'Database Connection Test' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Checking connection...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Fetch Campaigns' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Test Campaign' }).isDisabled()).toBe(true);
    release();
    await page.getByRole('status').filter({ hasText: /Connected \(\d+ campaigns? in the database\)/ }).waitFor();
    const fetchButton = page.getByRole('button', { name: 'Fetch Campaigns' });
    const createButton = page.getByRole('button', { name: 'Create Test Campaign' });
    expect(await fetchButton.isEnabled()).toBe(true);
    expect(await createButton.isEnabled()).toBe(true);

    // Without a session the server refuses, and says how to get one.
    await createButton.click();
    await visible(page, 'Sign in with your wallet, or as an admin, to use test campaigns');
    await visible(page, 'Test campaigns are listed and created for a signed-in wallet');

    await connectLocalWallet(page);
    await expect.poll(() => pageSession(page).then((s) => s !== null && typeof s === 'object')).toBe(true);
    await fetchButton.click();
    await visible(page, 'No campaigns yet. Try creating a test campaign!');

    await createButton.click();
    await visible(page, 'Test campaign created');
    const list = page.getByTestId('campaign-list');
    await list.waitFor();
    const { campaigns } = await page.evaluate(async () => (await fetch('/api/test-campaigns')).json()) as { campaigns: { name: string; ticker: string }[] };
    expect(campaigns).toHaveLength(1);
    const created = campaigns[0];
    await list.getByText(created.name).first().waitFor();
    await list.getByText(`$${created.ticker}`).first().waitFor();
    await list.getByText(/\d+(\.\d+)? SOL/).first().waitFor();
    await list.getByText('Created:').first().waitFor();
    // Never public.
    const publicList = await (await fetch(`${baseUrl}/api/campaigns?limit=50&offset=0&search=${encodeURIComponent(created.name)}`)).json() as { total: number };
    expect(publicList.total).toBe(0);
    await page.context().close();
  });
});

describe('mobile (360 px)', () => {
  it('fits the screen and the menu navigates and shows the wallet status', async () => {
    const { page, errors } = await open('/', { width: 360 });
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Start Campaign' }).first().waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByText('Use the wallet button in the header to connect your wallet.').waitFor();
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Launch Your Campaign' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/how-it-works');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
