import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { headerAddress, walletButton } from './localWallet';
import { FAKE_WALLET_ADDRESS, FAKE_WALLET_NAME, fakeWalletScript, type FakeWalletMode } from './fakeWalletExtension';
import { CONNECT_STALL_MS } from '../app/solana/reconnect';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });


async function withFakeExtension(mode: FakeWalletMode, options: { fakeClock?: boolean } = {}) {
  const { page, errors } = await newPage(browser);
  // Time still flows; the test may jump it forward instead of waiting.
  if (options.fakeClock) await page.clock.install();
  await page.addInitScript(fakeWalletScript, { mode, name: FAKE_WALLET_NAME, address: FAKE_WALLET_ADDRESS });
  await page.goto(baseUrl);
  await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
  await walletButton(page).click();
  const option = page.getByTestId('wallet-option').filter({ hasText: FAKE_WALLET_NAME });
  await option.waitFor();
  // An extension is installed: no 'Install Phantom' entry.
  expect(await page.getByTestId('wallet-option-install').count()).toBe(0);
  await option.click();
  return { page, errors, attempts: () => page.evaluate(() => (window as unknown as { __fakeWallet: { attempts: number } }).__fakeWallet.attempts) };
}

const buttonText = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="wallet-slot"] [data-testid="wallet-button"]')?.textContent === t, text, { timeout: 15_000 });

describe('wallet extensions: reconnect and the spec toasts', () => {
  it('retries a failed connection twice, 1 s apart, showing the attempt', async () => {
    const { page, errors, attempts } = await withFakeExtension('flaky');
    await buttonText(page, 'Connecting (Retry 2/3)');
    await buttonText(page, 'Connecting (Retry 3/3)');
    await headerAddress(page).waitFor({ timeout: 15_000 });
    expect(await headerAddress(page).textContent()).toBe('9xQe...VFin');
    expect(await attempts()).toBe(3);
    expect(await page.getByText('Connection Failed').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("gives up after 3 tries with 'Connection Failed' and offers 'Retry Connection'", async () => {
    const { page, attempts } = await withFakeExtension('broken');
    await buttonText(page, 'Retry Connection');
    await page.getByText('Connection Failed').waitFor();
    expect(await attempts()).toBe(3);
    await walletButton(page).click();
    await expect.poll(attempts, { timeout: 10_000 }).toBeGreaterThan(3);
    await page.context().close();
  });

  it('ignores a user rejection silently', async () => {
    const { page, attempts } = await withFakeExtension('reject');
    await expect.poll(attempts).toBe(1);
    await buttonText(page, 'Connect Wallet');
    await page.waitForTimeout(1500);
    expect(await attempts()).toBe(1);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.context().close();
  });

  it("reports a lost extension connection with 'Wallet Extension Issue' and a Refresh action", async () => {
    const { page } = await withFakeExtension('lost');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Wallet Extension Issue' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Phantom is having trouble connecting. Please refresh the page or check if the extension is enabled.');
    await toast.getByRole('button', { name: 'Refresh' }).waitFor();
    await buttonText(page, 'Retry Connection');
    await page.context().close();
  });

  it("reports an extension that never answers connect with 'Extension Issue' and a Refresh that reloads", async () => {
    const { page, attempts } = await withFakeExtension('silent', { fakeClock: true });
    await expect.poll(attempts).toBe(1);
    // The app waits CONNECT_STALL_MS (30 s) before calling it a stall: not a moment sooner.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Extension Issue' });
    await page.clock.fastForward(CONNECT_STALL_MS - 2_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await toast.count()).toBe(0);
    await page.clock.fastForward(2_000);
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.locator('[data-title]').textContent()).toBe('Extension Issue');
    expect(await toast.locator('[data-description]').textContent()).toBe('Having trouble connecting to Phantom. Please refresh the page.');
    await page.evaluate(() => { (window as unknown as { beforeRefresh: boolean }).beforeRefresh = true; });
    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Refresh' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { beforeRefresh?: boolean }).beforeRefresh)).toBeUndefined();
    await page.context().close();
  }, 90_000);

  it("answers a wallet error no other toast covers with 'Error'", async () => {
    const { page, errors } = await withFakeExtension('disconnect-fails');
    await headerAddress(page).waitFor({ timeout: 15_000 });
    await walletButton(page).click();
    await page.getByTestId('wallet-menu-disconnect').click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'An unexpected error occurred. Please try again.' });
    await toast.waitFor();
    expect(await toast.locator('[data-title]').textContent()).toBe('Error');
    expect(await toast.locator('[data-description]').textContent()).toBe('An unexpected error occurred. Please try again.');
    // The extension's own words stay out of the page.
    expect(await page.getByText('Internal extension state corrupted').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("offers Phantom's install when no extension is present", async () => {
    const { page } = await newPage(browser);
    await page.goto(baseUrl);
    await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
    await walletButton(page).click();
    const install = page.getByTestId('wallet-option-install');
    await install.waitFor();
    expect(await install.textContent()).toContain('Install Phantom');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
    await install.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Wallet Not Found' });
    await toast.waitFor();
    expect(dialogs).toEqual(['Phantom wallet is not installed. Would you like to install it?']);
    expect(await toast.textContent()).toContain('Please install Phantom wallet extension to continue.');
    await toast.getByRole('button', { name: 'Install' }).waitFor();
    await page.context().close();
  });
});
