import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Cookie, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';

const baseUrl = sharedBaseUrl();
const DAY_S = 86_400;
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

async function openWithBanner(): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto(`${baseUrl}/how-it-works`);
  await banner(page).waitFor({ timeout: 10_000 });
  return page;
}

async function cookieMap(page: Page): Promise<Map<string, Cookie>> {
  return new Map((await page.context().cookies()).map((c) => [c.name, c]));
}

function expectLifetime(cookie: Cookie | undefined, days: number) {
  expect(cookie).toBeDefined();
  expect(cookie!.path).toBe('/');
  expect(cookie!.sameSite).toBe('Lax');
  expect(cookie!.secure).toBe(false); // plain http here; Secure is added on https
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(days * DAY_S - 120);
  expect(lifetime).toBeLessThan(days * DAY_S + 120);
}

async function expectNoBannerAfterReload(page: Page) {
  await page.reload();
  await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
  await page.waitForTimeout(2500);
  expect(await banner(page).count()).toBe(0);
}

describe('cookie banner', () => {
  it('appears 1.5 s after load, with a Cookie Policy link to /privacy', async () => {
    const { page } = await newPage(browser);
    // Timestamps taken in the page: when the app first rendered and when the banner appeared.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRender?: number; __bannerShown?: number };
      new MutationObserver(() => {
        if (w.__firstRender === undefined && document.getElementById('root')?.childElementCount) w.__firstRender = performance.now();
        if (w.__bannerShown === undefined && document.querySelector('[aria-label="Cookie consent"]')) w.__bannerShown = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/how-it-works`);
    await banner(page).waitFor({ timeout: 10_000 });
    const { first, shown } = await page.evaluate(() => {
      const w = window as unknown as { __firstRender: number; __bannerShown: number };
      return { first: w.__firstRender, shown: w.__bannerShown };
    });
    expect(shown - first).toBeGreaterThanOrEqual(1500 - 50);
    expect(shown - first).toBeLessThan(4000);
    expect(await banner(page).getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/privacy');
    for (const name of ['Accept', 'Decline', 'Close cookie banner']) await banner(page).getByRole('button', { name }).waitFor();
    await page.context().close();
  });

  it('Accept records consent, analytics and functional on, marketing off', async () => {
    const page = await openWithBanner();
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const cookies = await cookieMap(page);
    expect(cookies.get('cookie-consent')?.value).toBe('true');
    expect(cookies.get('user-preferences-analytics')?.value).toBe('true');
    expect(cookies.get('user-preferences-functional')?.value).toBe('true');
    expect(cookies.get('user-preferences-marketing')?.value).toBe('false');
    expectLifetime(cookies.get('cookie-consent'), 365);
    expectLifetime(cookies.get('user-preferences-analytics'), 30);
    const mode = await page.evaluate(() => JSON.parse(localStorage.getItem('consent-mode') ?? 'null'));
    expect(mode).toMatchObject({ analytics_storage: 'granted', functionality_storage: 'granted', personalization_storage: 'granted', security_storage: 'granted' });
    await expectNoBannerAfterReload(page);
    await page.context().close();
  });

  it('Decline records consent with everything off but security', async () => {
    const page = await openWithBanner();
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const cookies = await cookieMap(page);
    // The choice is recorded (so the banner stays away), as a refusal.
    expect(cookies.get('cookie-consent')?.value).toBe('false');
    for (const name of ['analytics', 'functional', 'marketing']) expect(cookies.get(`user-preferences-${name}`)?.value).toBe('false');
    expectLifetime(cookies.get('cookie-consent'), 365);
    expectLifetime(cookies.get('user-preferences-marketing'), 30);
    const mode = await page.evaluate(() => JSON.parse(localStorage.getItem('consent-mode') ?? 'null'));
    expect(mode).toMatchObject({ analytics_storage: 'denied', functionality_storage: 'denied', personalization_storage: 'denied', security_storage: 'granted' });
    await expectNoBannerAfterReload(page);
    await page.context().close();
  });

  it('the close button hides the banner without recording anything', async () => {
    const page = await openWithBanner();
    await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const cookies = await cookieMap(page);
    expect([...cookies.keys()].filter((n) => n === 'cookie-consent' || n.startsWith('user-preferences-'))).toEqual([]);
    await page.reload();
    await banner(page).waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  it('lifts toasts above the banner so they never cover its buttons, on desktop and phone', async () => {
    for (const width of [1440, 390]) {
      const { page } = await newPage(browser, { width });
      await page.goto(`${baseUrl}/report`);
      await banner(page).waitFor({ timeout: 10_000 });
      await page.getByTestId('report-agree').check();
      await page.getByRole('button', { name: 'Submit Report' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Missing Required Fields' });
      await toast.waitFor();
      // The toast slides in: measure once it has settled.
      await expect.poll(async () => {
        const [t, b] = await Promise.all([toast.boundingBox(), banner(page).boundingBox()]);
        return t !== null && b !== null && t.y + t.height <= b.y;
      }, { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Decline' }).click();
      // Once the banner is gone the toasts return to the corner.
      await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--cookie-banner-height'))).toBe('');
      await page.context().close();
    }
  });
});

describe('theme', () => {
  it('is dark by default and follows the theme-preference cookie', async () => {
    const { page } = await newPage(browser);
    // theme-preference is a functional cookie: written only once the visitor allowed those.
    await page.context().addCookies(['cookie-consent', 'user-preferences-functional'].map((name) => ({ name, value: 'true', url: baseUrl })));
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Light mode' }).click();
    // The class follows the theme in an effect, after the click's render.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const theme = (await cookieMap(page)).get('theme-preference');
    expect(theme?.value).toBe('light');
    expectLifetime(theme, 365);
    await page.reload();
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.context().close();
  });
});

describe('on https', () => {
  it('every cookie the app writes is Secure, with path / and SameSite=Lax', async () => {
    const { page } = await newPage(browser);
    // The app served as https://causemint.test: each request is answered by the test server
    // (as a TLS-terminating proxy would), so the page runs on an https origin.
    const origin = 'https://causemint.test';
    await page.context().route(`${origin}/**`, async (route) => {
      const url = new URL(route.request().url());
      // The event stream never ends: a proxied fetch would wait for ever (the app falls back to polling).
      if (url.pathname === '/api/events') return route.abort();
      const headers = { ...route.request().headers(), origin: baseUrl };
      delete (headers as Record<string, string>).host;
      return route.fulfill({ response: await route.fetch({ url: `${baseUrl}${url.pathname}${url.search}`, headers }) });
    });
    await page.goto(`${origin}/how-it-works`);
    expect(await page.evaluate(() => window.isSecureContext && location.protocol)).toBe('https:');
    await banner(page).waitFor({ timeout: 10_000 });
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    // Accept writes the consent cookies and, functional ones being allowed now, the theme.
    await expect.poll(async () => (await page.context().cookies(origin)).map((c) => c.name).sort(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['cookie-consent', 'theme-preference', 'user-preferences-functional']));
    const written = (await page.context().cookies(origin)).filter((c) => c.name === 'cookie-consent' || c.name.startsWith('user-preferences-') || c.name === 'theme-preference');
    expect(written.length).toBeGreaterThanOrEqual(5);
    for (const cookie of written) expect([cookie.name, cookie.secure, cookie.path, cookie.sameSite]).toEqual([cookie.name, true, '/', 'Lax']);
    await page.context().close();
  });
});
