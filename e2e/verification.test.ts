import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { adminCookie, signInAdminPage } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';
import { connectLocalWallet } from './localWallet';
import { solidPng } from './png';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

type AdminRequest = { id: number; status: string; campaign_ticker: string | null; token_address: string | null; creator_wallet: string };
async function requestsOf(wallet: string): Promise<AdminRequest[]> {
  const res = await fetch(`${baseUrl}/api/admin/verification-requests?status=all`, { headers: { cookie: await adminCookie(baseUrl) } });
  return ((await res.json()) as { requests: AdminRequest[] }).requests.filter((r) => r.creator_wallet === wallet);
}

async function adminOnCampaigns(): Promise<Page> {
  const { page } = await newPage(browser);
  await signInAdminPage(page, baseUrl);
  await page.goto(`${baseUrl}/xk9j2m4p/campaigns`);
  await page.getByRole('heading', { name: 'Campaign Management' }).waitFor();
  return page;
}

/** A page whose Local wallet is the given keypair, connected and signed in. */
async function walletPage(keypair: Keypair): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser);
  await opened.page.addInitScript((secret) => localStorage.setItem('causemintLocalWalletSecretKey', secret), bs58.encode(keypair.secretKey));
  await opened.page.goto(baseUrl);
  await connectLocalWallet(opened.page);
  return opened;
}

describe('verification and campaign moderation', () => {
  it('a creator applies, the admin approves from the open page, and the badge appears on the campaign card', async () => {
    const creator = Keypair.generate();
    const [launched, someoneElses] = await Promise.all([
      launchCampaign(baseUrl, { creator, name: 'Wells For All', ticker: 'WELLS', initialBuy: '0' }),
      launchCampaign(baseUrl, { name: 'Not Mine', ticker: 'NOTMINE', initialBuy: '0' }),
    ]);
    const admin = await adminOnCampaigns();
    await admin.getByRole('tab', { name: /Verification Requests/ }).click();
    await admin.getByTestId('verification-requests').waitFor();

    const { page, errors } = await walletPage(creator);
    // Someone else's campaign, or none: a toast and back to /account.
    await page.goto(`${baseUrl}/account/verify/${someoneElses.mint}`);
    await toast(page, 'Unauthorized').filter({ hasText: 'You can only apply for verification for your own campaigns' }).waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/account`);
    await page.goto(`${baseUrl}/account/verify/NoSuchMint1111111111111111111111`);
    await toast(page, 'Campaign Not Found').waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/account`);
    const item = page.getByTestId('account-campaign').filter({ hasText: 'Wells For All' });
    await item.getByRole('link', { name: 'Get Verified' }).click();
    await page.waitForURL(`${baseUrl}/account/verify/${launched.mint}`);
    await page.getByTestId('verification-form').waitFor({ timeout: 15_000 });
    // Ticker locked to the campaign, creator wallet read-only and the connected one.
    expect(await page.locator('#campaign_ticker').inputValue()).toBe('WELLS');
    expect(await page.locator('#campaign_ticker').getAttribute('readonly')).not.toBeNull();
    expect(await page.locator('#creator_wallet').inputValue()).toBe(creator.publicKey.toBase58());
    expect(await page.locator('#website').getAttribute('type')).toBe('url');
    expect(await page.locator('#contact_phone').getAttribute('type')).toBe('tel');

    await page.getByTestId('verification-submit').click();
    await toast(page, 'Missing Required Fields').filter({ hasText: 'Please provide your contact email' }).waitFor();
    await page.locator('#contact_name').fill('Ada Lovelace');
    await page.locator('#contact_email').fill('ada@example.org');
    await page.locator('#organization_type').selectOption('charity');
    await page.locator('#registration_number').fill('@wellsforall');
    // A supporting document, uploaded to our file store.
    await page.locator('#documents').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: solidPng(40, 40, [200, 180, 20]) });
    await page.getByTestId('verification-documents').getByRole('img', { name: 'Supporting document' }).waitFor({ timeout: 15_000 });
    // And a PDF: shown by its name, kept with the request.
    await page.locator('#documents').setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') });
    await page.getByTestId('verification-documents').getByText('registration.pdf').waitFor({ timeout: 15_000 });
    await page.getByTestId('verification-submit').click();
    await toast(page, 'Agreement Required').filter({ hasText: 'You must agree to the terms and verification process' }).waitFor();
    await page.locator('#agree_accuracy').check();
    await page.locator('#agree_cooperation').check();
    await page.getByTestId('verification-submit').click();
    await page.getByRole('dialog', { name: 'Verification Request Submitted!' }).getByText('What happens next?').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Campaign' }).getAttribute('href')).toBe(`/campaign/${launched.mint}`);

    // The open admin page shows the new request without a reload.
    const request = admin.getByTestId('verification-request').filter({ hasText: 'WELLS' });
    await request.waitFor({ timeout: 15_000 });
    await request.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByTestId('verification-review');
    await review.getByText('ada@example.org').waitFor();
    await review.getByText('@wellsforall').waitFor();
    expect(await review.getByRole('link', { name: 'Document 1' }).getAttribute('href')).toMatch(/^\/ipfs\//);
    expect(await review.getByRole('link', { name: 'Document 2' }).getAttribute('href')).toMatch(/^\/ipfs\//);
    // The documents are the admin's and the applicant's to read, nobody else's, and never cached on the way.
    const readAs = (reader: Page, url: string) => reader.evaluate(async (u) => {
      const res = await fetch(u);
      return [res.status, res.headers.get('cache-control')];
    }, url);
    const documentUrl = (await review.getByRole('link', { name: 'Document 1' }).getAttribute('href'))!;
    expect(await readAs(admin, documentUrl)).toEqual([200, 'private, no-store']);
    expect(await readAs(page, documentUrl)).toEqual([200, 'private, no-store']);
    expect((await fetch(`${baseUrl}${documentUrl}`)).status).toBe(404);
    await review.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Verification approved').waitFor();
    await admin.getByText('No pending verification requests').waitFor();

    // The account page shows the approved request and no 'Get Verified' for the campaign.
    await page.goto(`${baseUrl}/account`);
    await page.getByTestId('account-verification-request').filter({ hasText: 'Approved' }).waitFor({ timeout: 15_000 });
    await item.getByTestId('account-campaign-verified').waitFor();
    expect(await item.getByRole('link', { name: 'Get Verified' }).count()).toBe(0);

    // The campaign card carries the badge.
    await page.goto(`${baseUrl}/explore?q=Wells`);
    const card = page.getByTestId('campaign-card').filter({ hasText: 'Wells For All' });
    await card.getByLabel('Verified').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
    await admin.context().close();
  }, 180_000);

  it('the admin verifies and flags a campaign from the moderation page; the public side follows', async () => {
    const launched = await launchCampaign(baseUrl, { name: 'Moderated Cause', ticker: 'MODR', initialBuy: '0' });
    const admin = await adminOnCampaigns();
    await admin.getByLabel('Search campaigns').fill('MODR');
    const row = admin.getByTestId('moderation-campaign').filter({ hasText: 'Moderated Cause' });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => admin.getByTestId('moderation-campaign').count()).toBe(1);

    // A write the server fails: told in the spec's words, and nothing changes on the row.
    const patch = '**/api/admin/campaigns/*';
    await admin.route(patch, (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }) : route.fallback()));
    await row.getByRole('button', { name: 'Verify', exact: true }).click();
    await toast(admin, 'Failed to update verification status').waitFor();
    await row.getByRole('button', { name: 'Flag', exact: true }).click();
    await admin.getByTestId('flag-dialog').getByLabel('Reason (kept in the audit log)').fill('Impersonates a registered charity');
    await admin.getByTestId('flag-dialog').getByRole('button', { name: 'Flag campaign' }).click();
    await toast(admin, 'Failed to update flag status').waitFor();
    expect(await row.getByTestId('badge-verified').count()).toBe(0);
    await admin.unroute(patch);

    await row.getByRole('button', { name: 'Verify', exact: true }).click();
    await row.getByTestId('badge-verified').waitFor();
    await toast(admin, '$MODR verified').waitFor();
    await row.getByRole('button', { name: 'Flag', exact: true }).click();
    await admin.getByTestId('flag-dialog').getByLabel('Reason (kept in the audit log)').fill('Impersonates a registered charity');
    await admin.getByTestId('flag-dialog').getByRole('button', { name: 'Flag campaign' }).click();
    await row.getByTestId('badge-flagged').waitFor();
    await admin.getByRole('tab', { name: /Flagged/ }).click();
    await admin.getByTestId('moderation-campaign').filter({ hasText: 'Moderated Cause' }).waitFor();

    // The detail dialog shows its fields.
    await admin.getByRole('button', { name: 'Details of Moderated Cause' }).click();
    await admin.getByTestId('campaign-detail').getByText(launched.mint, { exact: true }).waitFor();
    await admin.keyboard.press('Escape');

    // Flagged: gone from public lists, a warning on its own page.
    const listed = async () => ((await (await fetch(`${baseUrl}/api/campaigns?search=Moderated`)).json()) as { total: number }).total;
    await expect.poll(listed).toBe(0);
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/campaign/${launched.mint}`);
    await page.getByText('This campaign has been flagged for review').waitFor({ timeout: 15_000 });

    // Unflagged, it is listed again with its badge.
    await admin.getByTestId('moderation-campaign').filter({ hasText: 'Moderated Cause' }).getByRole('button', { name: 'Unflag' }).click();
    // An unflag is confirmed too, with no reason asked.
    expect(await admin.getByTestId('flag-dialog').getByLabel('Reason (kept in the audit log)').count()).toBe(0);
    await admin.getByTestId('flag-dialog').getByRole('button', { name: 'Unflag campaign' }).click();
    await toast(admin, '$MODR unflagged').waitFor();
    await expect.poll(listed).toBe(1);
    await page.goto(`${baseUrl}/explore?q=Moderated`);
    await page.getByTestId('campaign-card').filter({ hasText: 'Moderated Cause' }).getByLabel('Verified').waitFor({ timeout: 15_000 });
    await page.context().close();
    await admin.context().close();
  }, 180_000);

  it("a visitor without a wallet on /account/verify: 'Authentication Required', then sent to /account", async () => {
    const { page, errors } = await newPage(browser);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname); });
    await page.goto(`${baseUrl}/account/verify`);
    await toast(page, 'Authentication Required').filter({ hasText: 'Please connect your wallet to apply for verification' }).waitFor({ timeout: 15_000 });
    // /account itself sends a visitor without a wallet on to the home page.
    await expect.poll(() => visited, { timeout: 15_000 }).toContain('/account');
    expect(visited.indexOf('/account')).toBeGreaterThan(visited.indexOf('/account/verify'));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a pre-verification from the browser form: stored, a second one refused with 'Submission Failed', the admin's failures told, and the badge at launch", async () => {
    const creator = Keypair.generate();
    const wallet = creator.publicKey.toBase58();
    const { page, errors } = await walletPage(creator);
    await page.goto(`${baseUrl}/account/verify`);
    await page.getByTestId('verification-form').waitFor({ timeout: 15_000 });
    expect(await page.locator('#campaign_ticker').getAttribute('readonly')).toBeNull();
    expect(await page.locator('#creator_wallet').inputValue()).toBe(wallet);
    await page.locator('#campaign_ticker').fill('prev');
    await page.locator('#campaign_name').fill('Pre Verified Wells');
    await page.locator('#contact_name').fill('Grace Hopper');
    await page.locator('#contact_email').fill('grace@example.org');
    await page.locator('#agree_accuracy').check();
    await page.locator('#agree_cooperation').check();
    await page.getByTestId('verification-submit').click();
    const submitted = page.getByRole('dialog', { name: 'Verification Request Submitted!' });
    await submitted.getByText('What happens next?').waitFor({ timeout: 15_000 });
    expect(await submitted.getByRole('link', { name: 'Back to Account' }).getAttribute('href')).toBe('/account');
    const [stored] = await requestsOf(wallet);
    expect(stored).toMatchObject({ status: 'pending', campaign_ticker: 'PREV', token_address: null });

    // A second one while the first is pending: the spec's title and text, and the server's reason beside them.
    await page.keyboard.press('Escape');
    await submitted.waitFor({ state: 'detached' });
    await page.getByTestId('verification-submit').click();
    const failed = toast(page, 'Submission Failed').filter({ hasText: 'Failed to submit verification request. Please try again.' });
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.getByTestId('submission-reason').textContent()).toBe('You already have a pre-verification request pending review');
    expect(await requestsOf(wallet)).toHaveLength(1);

    // The admin's approve and reject fail on the way: the spec's toasts, and the request stays pending.
    const admin = await adminOnCampaigns();
    await admin.getByRole('tab', { name: /Verification Requests/ }).click();
    const row = admin.getByTestId('verification-request').filter({ hasText: 'PREV' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByTestId('verification-review');
    await review.getByText('grace@example.org').waitFor();
    await admin.route('**/api/admin/verification-requests/*/*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
    await review.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Failed to approve verification').waitFor();
    await review.getByRole('button', { name: 'Reject' }).click();
    await toast(admin, 'Failed to reject verification').waitFor();
    expect((await requestsOf(wallet))[0]).toMatchObject({ status: 'pending' });
    await admin.unrouteAll();
    await review.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Verification approved').waitFor();

    // Approved before the launch: the campaign of that ticker goes live verified.
    const launched = await launchCampaign(baseUrl, { creator, name: 'Pre Verified Wells', ticker: 'PREV', initialBuy: '0' });
    const shown = await (await fetch(`${baseUrl}/api/campaigns/${launched.mint}`)).json() as { verified: boolean };
    expect(shown.verified).toBe(true);
    expect((await requestsOf(wallet))[0]).toMatchObject({ status: 'approved', token_address: launched.mint });
    expect(errors).toEqual([]);
    await page.context().close();
    await admin.context().close();
  }, 180_000);
});
