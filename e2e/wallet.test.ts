import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { connectLocalWallet, headerAddress, localWalletAddress, walletButton } from './localWallet';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const headerBalance = (page: Page) => page.getByTestId('wallet-slot').getByTestId('wallet-balance');

async function menuItem(page: Page, testId: string) {
  await walletButton(page).click();
  const item = page.getByTestId(testId);
  await item.waitFor();
  return item;
}

async function ledgerBalance(address: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  });
  return (await res.json()).result.value;
}

describe('wallet in the browser (local mode)', () => {
  it('connects the Local wallet, gets test SOL, survives a reload, disconnects', async () => {
    const { page, errors } = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    // Live balance: web3.js accountSubscribe on the same host's /api/rpc websocket.
    const accountNotifications: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"accountNotification"')) accountNotifications.push(ws.url());
    }));
    await page.goto(baseUrl);

    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    expect(await headerAddress(page).textContent()).toBe(`${address.slice(0, 4)}...${address.slice(-4)}`);
    expect(await page.evaluate(() => localStorage.getItem('causemintWallet'))).toBe('"Local wallet"');
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('0 SOL');

    // Get test SOL: a real airdrop on the local ledger, shown in the header.
    await (await menuItem(page, 'wallet-menu-test-sol')).click();
    await page.getByText('New balance: 10 SOL').waitFor({ timeout: 20_000 });
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('10 SOL');
    expect(await ledgerBalance(address)).toBe(10_000_000_000);
    await expect.poll(() => accountNotifications.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(accountNotifications[0]).toBe(`${baseUrl.replace(/^http/, 'ws')}/api/rpc`);

    // Copy Address puts the full address on the clipboard.
    await (await menuItem(page, 'wallet-menu-copy')).click();
    await page.getByText('Wallet Address Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // View on Explorer: Solana Explorer reading this server's /api/rpc (kept offline here).
    await page.context().route('https://explorer.solana.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'explorer' }));
    const popupPromise = page.waitForEvent('popup');
    await (await menuItem(page, 'wallet-menu-explorer')).click();
    const popup = await popupPromise;
    await popup.waitForURL(/explorer\.solana\.com/);
    const explorerUrl = new URL(popup.url());
    expect(explorerUrl.pathname).toBe(`/address/${address}`);
    expect(explorerUrl.searchParams.get('cluster')).toBe('custom');
    expect(explorerUrl.searchParams.get('customUrl')).toBe(`${baseUrl}/api/rpc`);
    await popup.close();

    // A reload reconnects the same wallet by itself, balance included.
    await page.reload();
    await headerAddress(page).waitFor({ timeout: 15_000 });
    expect(await localWalletAddress(page)).toBe(address);
    expect(await headerAddress(page).textContent()).toBe(`${address.slice(0, 4)}...${address.slice(-4)}`);
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('10 SOL');

    // Disconnect forgets the selection (no auto-connect on the next load) but keeps the key.
    await (await menuItem(page, 'wallet-menu-disconnect')).click();
    await expect.poll(() => walletButton(page).textContent()).toBe('Connect Wallet');
    expect(await page.evaluate(() => localStorage.getItem('causemintWallet'))).toBeNull();
    await page.reload();
    await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
    await page.waitForTimeout(1500);
    expect(await headerAddress(page).count()).toBe(0);

    await connectLocalWallet(page);
    expect(await localWalletAddress(page)).toBe(address);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
