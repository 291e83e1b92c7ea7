import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser } from 'playwright-core';
import { shortAddress } from '../core/format';
import { launchBrowser, newPage } from './browser';
import { connectLocalWallet, localWalletAddress } from './localWallet';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('app shell with a connected wallet', () => {
  it('shows the account icon, the shortened address in the mobile menu, and applies for verification', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/get-verified`);
    await page.getByRole('heading', { name: 'Why get verified?' }).waitFor();
    expect(await page.getByRole('link', { name: 'My Account' }).count()).toBe(0);

    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    const account = page.getByRole('link', { name: 'My Account' });
    await account.waitFor();
    expect(await account.getAttribute('href')).toBe('/account');
    expect(await page.getByRole('link', { name: 'Apply for Verification' }).getAttribute('href')).toBe('/account/verify');

    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const status = page.getByRole('dialog', { name: 'Menu' }).getByTestId('mobile-wallet-status');
    await status.getByText('Wallet connected').waitFor();
    expect(await status.textContent()).toContain(shortAddress(address));
    expect(shortAddress(address)).toMatch(/^\w{4}\.\.\.\w{4}$/);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Account' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
