import { Connection, Keypair } from '@solana/web3.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { launchCampaign, type LaunchedCampaign } from './launchApi';

const baseUrl = sharedBaseUrl();
let browser: Browser;
let campaign: LaunchedCampaign;
const SERVER_ERROR = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) };

beforeAll(async () => {
  browser = await launchBrowser();
  const creator = Keypair.generate();
  const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
  const signature = await connection.requestAirdrop(creator.publicKey, 2e9);
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
  campaign = await launchCampaign(baseUrl, { creator, airdropSol: 0, name: 'Waiting Room', initialBuy: '' });
});
afterAll(async () => { await browser?.close(); });

describe('what a visitor sees while waiting, and when a source fails', () => {
  it('shows a progress bar at once while a page\'s code loads', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'How It Works' }).first().waitFor();
    // The How It Works chunk arrives 2 s late, as on a slow link.
    await page.route('**/assets/HowItWorksPage-*.js', async (route) => { await new Promise((r) => setTimeout(r, 2_000)); await route.continue(); });
    await page.getByRole('link', { name: 'How It Works' }).first().click();
    await page.getByTestId('page-loading').waitFor({ timeout: 1_000 });
    await page.getByRole('heading', { name: 'Token Generation' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('page-loading').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/explore shows the error with Try again when the list fails, and recovers on Try again', async () => {
    const { page } = await newPage(browser);
    await page.route(/\/api\/campaigns\?/, (route) => route.fulfill(SERVER_ERROR));
    await page.goto(`${baseUrl}/explore`);
    // Not 'Loading Campaigns' for ever: the first failure shows, retries or not.
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor({ timeout: 10_000 });
    await page.unroute(/\/api\/campaigns\?/);
    await retry.click();
    await page.getByTestId('showing-line').waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('the Donations tab says what failed and offers Retry; a failed refresh keeps the figures and says so', async () => {
    const { page } = await newPage(browser);
    const donations = new RegExp(`/api/campaigns/${campaign.mint}/donations\\?`);
    await page.route(donations, (route) => route.fulfill(SERVER_ERROR));
    await page.goto(`${baseUrl}/campaign/${campaign.mint}`);
    await page.getByTestId('campaign-page').waitFor({ timeout: 20_000 });
    // The curve strip says what graduation is (20 SOL here), and that it is not the goal.
    await page.getByTestId('graduation-explained').getByText('What is graduation?').click();
    expect(await page.getByTestId('graduation-explained').textContent()).toContain('once buyers have put 20 SOL into the bonding curve');
    await page.getByRole('tab', { name: 'Donations' }).click();
    const alert = page.getByTestId('donations-tab').getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain('Failed to load donations: the donation records could not be read just now.');
    await page.unroute(donations);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No donations yet.', { exact: false }).waitFor({ timeout: 15_000 });

    // The campaign's own figures fail to refresh: they stay, and a toast says so.
    const raised = await page.getByTestId('funding-raised').textContent();
    await page.route(new RegExp(`/api/campaigns/${campaign.mint}$`), (route) => route.fulfill(SERVER_ERROR));
    // Another launch: its live event asks every open page to refresh its campaigns.
    const other = Keypair.generate();
    const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
    await connection.confirmTransaction({ signature: await connection.requestAirdrop(other.publicKey, 2e9), ...(await connection.getLatestBlockhash()) }, 'confirmed');
    await launchCampaign(baseUrl, { creator: other, airdropSol: 0, name: 'Waiting Room Two', initialBuy: '' });
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to refresh raised amount' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('funding-raised').textContent()).toBe(raised);
    await page.context().close();
  });
});
