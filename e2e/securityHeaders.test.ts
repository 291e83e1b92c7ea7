import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './globalSetup';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A page that collects every Content-Security-Policy violation, reported or logged. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const { page, errors } = await newPage(browser);
  const violations = errors;
  page.on('console', (message) => { if (message.text().includes('Content Security Policy')) violations.push(message.text()); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} on ${location.pathname}`));
  });
  return { page, violations };
}

describe('Content-Security-Policy in the browser', () => {
  it('loads the public pages without a violation', async () => {
    const { page, violations } = await watchedPage();
    const csp = (await page.goto(`${baseUrl}/`))?.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    // The cookie banner (1.5 s) and toasts inject their styles: wait for the banner.
    await page.getByRole('button', { name: /Accept/ }).first().waitFor();

    await page.goto(`${baseUrl}/start-campaign`);
    await page.getByRole('heading').first().waitFor();
    await page.goto(`${baseUrl}/trade/So11111111111111111111111111111111111111112`);
    await page.getByRole('heading').first().waitFor();

    // The PubSub websocket the wallet adapter opens (ws://<this host>/api/rpc) is allowed.
    const opened = await page.evaluate(() => new Promise<string>((resolve) => {
      const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/rpc`);
      socket.onopen = () => { socket.close(); resolve('open'); };
      socket.onerror = () => resolve('error');
    }));
    expect(opened).toBe('open');
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('runs the admin login, its failure toast and the dashboard without a violation', async () => {
    const { page, violations } = await watchedPage();
    // Any spelling of an admin page lands on the login without a session.
    await page.goto(`${baseUrl}/XK9J2M4P/Dashboard/`);
    await page.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/xk9j2m4p/login');

    await page.getByLabel('Username').fill('csp-check');
    await page.getByLabel('Password').fill('not-a-password');
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await page.getByText('Please check your credentials').waitFor();

    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('hides the built source maps', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${baseUrl}${script}`)).status).toBe(200);
    expect((await fetch(`${baseUrl}${script}.map`)).status).toBe(404);
  });
});
