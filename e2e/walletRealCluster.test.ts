import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { FAKE_WALLET_ADDRESS, FAKE_WALLET_NAME, fakeWalletScript } from './fakeWalletExtension';
import { startServer, type StartedServer } from './server';

// A second server configured for a real cluster (devnet), whose upstream RPC is the local-mode
// e2e server: the browser side must behave as on a real network (no Local wallet, no faucet).
const upstream = sharedBaseUrl();
let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SOLANA_RPC_URL: `${upstream}/api/rpc`, SOLANA_CLUSTER: 'devnet', ADMIN_USERNAME: 'cluster-admin', ADMIN_PASSWORD: 'cluster-admin-password' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const walletButton = (page: Page) => page.getByTestId('wallet-slot').getByTestId('wallet-button');
const buttonText = (page: Page) => walletButton(page).textContent();

describe('wallets on a real cluster', () => {
  it('serves the cluster configuration', async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({ localMode: false, cluster: 'devnet', rpcPath: '/api/rpc' });
    expect((await fetch(`${server.url}/api/dev/airdrop`, { method: 'POST' })).status).toBe(404);
  });

  it("desktop without an extension: 'Install Phantom' opens phantom.app after a confirm", async () => {
    const { page } = await newPage(browser);
    await page.context().route('https://phantom.app/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'phantom' }));
    await page.goto(server.url);
    // 15 polls of 200 ms find no extension.
    await expect.poll(() => buttonText(page), { timeout: 15_000 }).toBe('Install Phantom');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.accept(); });
    const popup = page.waitForEvent('popup');
    await walletButton(page).click();
    const tab = await popup;
    await tab.waitForURL('https://phantom.app/');
    expect(dialogs).toEqual(['Phantom wallet is not installed. Would you like to install it?']);
    await page.context().close();
  });

  it("mobile without an extension: 'Connect Phantom' opens the page in Phantom's app", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await context.route('https://phantom.app/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'phantom' }));
    const page = await context.newPage();
    await page.goto(`${server.url}/explore`);
    await expect.poll(() => buttonText(page), { timeout: 15_000 }).toBe('Connect Phantom');
    await walletButton(page).click();
    await page.getByText('Redirecting to Phantom wallet...').waitFor();
    expect(await page.getByText('Opening Phantom').count()).toBe(1);
    await page.waitForURL(/^https:\/\/phantom\.app\/ul\/browse\//);
    const url = new URL(page.url());
    expect(decodeURIComponent(url.pathname.slice('/ul/browse/'.length))).toBe(`${server.url}/explore`);
    expect(url.searchParams.get('ref')).toBe(server.url);
    await context.close();
  });

  it('lists only real wallets, reads the balance through the gateway, links to the devnet explorer', async () => {
    const { page, errors } = await newPage(browser);
    await page.addInitScript(fakeWalletScript, { mode: 'flaky' as const, name: FAKE_WALLET_NAME, address: FAKE_WALLET_ADDRESS });
    await page.goto(server.url);
    await expect.poll(() => buttonText(page), { timeout: 15_000 }).toBe('Connect Wallet');
    await walletButton(page).click();
    await page.getByTestId('wallet-option').first().waitFor();
    // Config loaded by now (the dialog tells): no Local wallet, and an extension means no install entry.
    expect(await page.getByTestId('wallet-option').allTextContents()).toEqual([expect.stringContaining(FAKE_WALLET_NAME)]);
    expect(await page.getByText('Local wallet').count()).toBe(0);
    await page.getByTestId('wallet-option').click();
    const slot = page.getByTestId('wallet-slot');
    await slot.getByTestId('wallet-address').waitFor({ timeout: 15_000 });
    await expect.poll(() => slot.getByTestId('wallet-balance').textContent(), { timeout: 15_000 }).toMatch(/^\d+(\.\d+)? SOL$/);

    await walletButton(page).click();
    await page.getByTestId('wallet-menu-disconnect').waitFor();
    expect(await page.getByTestId('wallet-menu-test-sol').count()).toBe(0);
    await page.context().route('https://explorer.solana.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'explorer' }));
    const popup = page.waitForEvent('popup');
    await page.getByTestId('wallet-menu-explorer').click();
    const tab = await popup;
    await tab.waitForURL(/explorer\.solana\.com/);
    expect(tab.url()).toBe(`https://explorer.solana.com/address/${FAKE_WALLET_ADDRESS}?cluster=devnet`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
