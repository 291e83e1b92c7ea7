import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { ALL_TRANSFERS_TEXT, REFERENCE_ONLY_TEXT } from '../core/donationCounting';
import { CREATION_MESSAGES } from '../core/schemas/creation';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';
import { connectLocalWallet } from './localWallet';
import { shootWidths } from './shots';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A page whose Local wallet is the given keypair, connected (and so signed in). */
async function walletPage(keypair: Keypair, path = '/'): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser);
  await opened.page.addInitScript((secret) => localStorage.setItem('causemintLocalWalletSecretKey', secret), bs58.encode(keypair.secretKey));
  await opened.page.goto(`${baseUrl}${path}`);
  await connectLocalWallet(opened.page);
  return opened;
}

describe('donation wallets', () => {
  it('the creation form refuses a platform address before anything is paid, and says why', async () => {
    const { page, errors } = await walletPage(Keypair.generate(), '/start-campaign');
    const treasury = (await (await fetch(`${baseUrl}/api/config`)).json() as { supportWallet: string }).supportWallet;
    await page.getByTestId('donation-choice-custom').click();
    await page.locator('#donationWallet').fill(treasury);
    await page.locator('#donationWallet').blur();
    await page.getByText(CREATION_MESSAGES.donationWalletPlatform).waitFor({ timeout: 15_000 });
    // A fresh wallet is fine, and the form says how transfers to it will count.
    await page.locator('#donationWallet').fill(Keypair.generate().publicKey.toBase58());
    await page.getByTestId('donation-wallet-unproven').filter({ hasText: REFERENCE_ONLY_TEXT }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(CREATION_MESSAGES.donationWalletPlatform).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the creator asks from the manage page, the wallet\'s holder signs through the link, and the campaign page counts every transfer', async () => {
    const creator = Keypair.generate();
    const charity = Keypair.generate();
    const launched = await launchCampaign(baseUrl, { creator, name: 'Proven Wells', ticker: 'PWELL', initialBuy: '0', donationWallet: charity.publicKey.toBase58() });

    const owner = await walletPage(creator, `/campaign/${launched.mint}`);
    await owner.page.getByTestId('donation-counting').filter({ hasText: REFERENCE_ONLY_TEXT }).waitFor({ timeout: 15_000 });
    await owner.page.goto(`${baseUrl}/campaign/${launched.mint}/manage`);
    await owner.page.getByTestId('manage-donation-wallet').waitFor({ timeout: 15_000 });
    await owner.page.getByTestId('confirm-donation-wallet').click();
    const link = await owner.page.getByTestId('confirm-wallet-link').getAttribute('href', { timeout: 15_000 });
    expect(link).toMatch(/\/confirm-donation-wallet\/[1-9A-HJ-NP-Za-km-z]+$/);

    // The creator's own wallet cannot sign for the charity's: the page asks for the right one.
    await owner.page.goto(link!);
    await owner.page.getByText(`Switch your wallet to`).waitFor({ timeout: 15_000 });
    expect(await owner.page.getByTestId('confirm-wallet-sign').count()).toBe(0);

    const holder = await walletPage(charity, new URL(link!).pathname);
    await holder.page.getByTestId('confirm-wallet-address').filter({ hasText: charity.publicKey.toBase58() }).waitFor();
    // The holder sees which campaign they vouch for.
    await holder.page.getByTestId('confirm-wallet-campaigns').getByRole('link', { name: 'Proven Wells' }).waitFor();
    await shootWidths(holder.page, 'confirm-donation-wallet');
    await holder.page.getByTestId('confirm-wallet-sign').click();
    await holder.page.getByTestId('confirm-wallet-confirmed').waitFor({ timeout: 15_000 });

    await owner.page.goto(`${baseUrl}/campaign/${launched.mint}`);
    await owner.page.getByTestId('donation-counting').filter({ hasText: ALL_TRANSFERS_TEXT }).waitFor({ timeout: 15_000 });
    const api = await (await fetch(`${baseUrl}/api/campaigns/${launched.mint}`)).json() as { donation_counting: string };
    expect(api.donation_counting).toBe('all_transfers');
    expect([...owner.errors, ...holder.errors]).toEqual([]);
    await owner.page.context().close();
    await holder.page.context().close();
  });
});
