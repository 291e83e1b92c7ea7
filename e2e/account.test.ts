import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { fakeSigningWalletScript, SIGNING_WALLET_NAME, type SigningMode } from './fakeSigningWallet';
import { connectLocalWallet, headerAddress, localWalletAddress, pageSession, walletButton } from './localWallet';
import { solidPng } from './png';
import { shootWidths } from './shots';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Counts the page's sign-in requests: each challenge is one signature prompt. */
function countSignIns(page: Page) {
  const counts = { challenge: 0, verify: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/challenge') counts.challenge += 1;
    if (pathname === '/api/auth/verify') counts.verify += 1;
  });
  return counts;
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function photoSource(page: Page): Promise<{ src: string; width: number }> {
  const photo = page.getByTestId('account-profile-photo');
  await photo.waitFor({ timeout: 15_000 });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  return photo.evaluate((img: HTMLImageElement) => ({ src: new URL(img.src).pathname, width: img.naturalWidth }));
}

describe('wallet sign-in and the account page', () => {
  it('signs in on connect, edits the profile, reuses the session after a reload, disconnects to /', async () => {
    const { page, errors } = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const signIns = countSignIns(page);

    // Without a wallet, /account sends the visitor home.
    await page.goto(`${baseUrl}/account`);
    await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });

    // Connecting the Local wallet signs in by itself: the server session is this wallet's.
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });
    expect(signIns).toEqual({ challenge: 1, verify: 1 });
    const record = JSON.parse(await page.evaluate(() => sessionStorage.getItem('causemintWalletAuth')) ?? 'null');
    expect(record).toMatchObject({ wallet: address, signatureHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: expect.any(String) });
    expect(record.message).toContain(`Nonce: ${record.nonce}`);

    await page.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    expect(await page.getByTestId('account-wallet-address').textContent()).toBe(address);
    await page.getByTestId('account-profile-placeholder').waitFor();
    expect(await page.getByTestId('account-username').textContent()).toBe('No username set');
    await page.getByTestId('account-campaigns-empty').waitFor({ timeout: 15_000 });
    expect((await page.getByTestId('account-wallet-card').boundingBox())!.y).toBeLessThan((await page.getByTestId('account-my-campaigns').boundingBox())!.y);
    // No donations: the activity comes last, donations beside holdings and trades.
    await page.getByTestId('account-donations').getByText('No direct donations yet.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Create Your First Campaign' }).getAttribute('href')).toBe('/start-campaign');
    expect(await page.getByTestId('account-stat-created').textContent()).toBe('0');
    expect(await page.getByTestId('account-stat-raised').textContent()).toBe('0.0 SOL');
    expect(await page.getByTestId('account-preverify').getAttribute('href')).toBe('/account/verify');
    await expect.poll(() => page.getByTestId('account-wallet-balance').textContent(), { timeout: 15_000 }).toBe('0 SOL');

    // The wallet card copies the full address.
    await page.getByTestId('account-copy-address').click();
    await toast(page, 'Address Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // Username: inline field with its limit and a counter (the field stops at 50; the server refuses more), Save, the spec's toast.
    await page.getByTestId('account-username-edit').click();
    await page.getByTestId('account-username-input').fill('A'.repeat(51));
    expect(await page.getByTestId('account-username-input').inputValue()).toBe('A'.repeat(50));
    expect(await page.getByTestId('account-username-count').textContent()).toBe('50/50 characters');
    await page.getByTestId('account-username-input').fill('Ada Lovelace');
    expect(await page.getByTestId('account-username-count').textContent()).toBe('12/50 characters');
    await page.getByTestId('account-username-save').click();
    await toast(page, 'Username saved').filter({ hasText: 'Your username has been updated' }).waitFor();
    expect(await page.getByTestId('account-username').textContent()).toBe('Ada Lovelace');

    // A photo over 3 MB is refused before any upload.
    const photoInput = page.getByTestId('account-photo-input');
    await photoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024 + 1, 1) });
    await toast(page, 'File too large').filter({ hasText: 'Please choose an image under 3MB' }).waitFor();
    expect(await page.getByTestId('account-profile-photo').count()).toBe(0);

    // A real PNG is uploaded, saved to the profile and shown.
    await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(40, 40, [16, 185, 129]) });
    await toast(page, 'Photo uploaded').filter({ hasText: 'Your profile photo has been updated' }).waitFor({ timeout: 15_000 });
    const photo = await photoSource(page);
    expect(photo).toEqual({ src: expect.stringMatching(/^\/ipfs\/b[a-z2-7]+$/), width: 40 });
    const profile = await (await fetch(`${baseUrl}/api/profiles/${address}`)).json();
    expect(profile).toMatchObject({ wallet_address: address, username: 'Ada Lovelace', profile_photo: photo.src });
    await page.screenshot({ path: '/tmp/account-page.png', fullPage: true });

    // A test campaign made on the connection-test page is listed as one: no token, so no link to a
    // campaign page (which would bounce to /explore); its one link is the page that lists it.
    await page.goto(`${baseUrl}/test-supabase`);
    await page.getByRole('button', { name: 'Create Test Campaign' }).click();
    await toast(page, 'Test campaign created').waitFor({ timeout: 15_000 });
    await page.goto(`${baseUrl}/account`);
    const testCard = page.getByTestId('account-campaign').filter({ has: page.getByTestId('account-campaign-test') });
    await testCard.waitFor({ timeout: 15_000 });
    expect(await testCard.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/test-supabase']);
    await testCard.getByTestId('account-campaign-no-page').waitFor();
    await expect.poll(() => testCard.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('account-stat-created').textContent()).toBe('0');
    // A wallet with campaigns opens on them; one with none (above) opens on its profile.
    const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
    expect(await top('account-my-campaigns')).toBeLessThan(await top('account-wallet-card'));
    await shootWidths(page, 'account-test-campaign');
    await testCard.getByRole('link', { name: 'Test campaigns' }).click();
    await page.waitForURL(`${baseUrl}/test-supabase`);
    await page.goto(`${baseUrl}/account`);

    // After a reload both are there, and the live session is reused: no new signature.
    await page.reload();
    await headerAddress(page).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('account-username').textContent(), { timeout: 15_000 }).toBe('Ada Lovelace');
    expect(await photoSource(page)).toEqual(photo);
    await page.getByTestId('account-username-edit').waitFor({ timeout: 15_000 });
    // Longer than the 500 ms before a sign-in prompt would appear.
    await page.waitForTimeout(1500);
    expect(signIns).toEqual({ challenge: 1, verify: 1 });
    expect(await pageSession(page)).toMatchObject({ wallet: address });

    // Disconnect ends the session and leaves /account for /.
    await page.getByTestId('account-disconnect').click();
    await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });
    await expect.poll(() => pageSession(page), { timeout: 10_000 }).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('causemintWalletAuth'))).toBeNull();
    await page.goto(`${baseUrl}/account`);
    await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });

    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('sign-in refusals and failures', () => {
  async function connectFakeSigner(mode: SigningMode) {
    const { page, errors } = await newPage(browser);
    const keypair = Keypair.generate();
    await page.addInitScript(fakeSigningWalletScript, {
      mode, name: SIGNING_WALLET_NAME, address: keypair.publicKey.toBase58(), publicKey: Array.from(keypair.publicKey.toBytes()),
    });
    const signIns = countSignIns(page);
    await page.goto(baseUrl);
    await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
    await walletButton(page).click();
    await page.getByTestId('wallet-option').filter({ hasText: SIGNING_WALLET_NAME }).click();
    const signRequests = () => page.evaluate(() => (window as unknown as { __fakeSigner: { signRequests: number } }).__fakeSigner.signRequests);
    return { page, errors, signIns, signRequests };
  }

  it('a refused signature: cancelled, then Authentication Required, and the wallet is disconnected', async () => {
    const { page, errors, signIns, signRequests } = await connectFakeSigner('reject');
    await toast(page, 'Authentication cancelled').filter({ hasText: "Sign the message when you're ready to continue" }).waitFor({ timeout: 15_000 });
    await toast(page, 'Authentication Required').waitFor();
    await expect.poll(() => walletButton(page).textContent(), { timeout: 10_000 }).toBe('Connect Wallet');
    expect(await signRequests()).toBe(1);
    expect(signIns).toEqual({ challenge: 1, verify: 0 });
    expect(await pageSession(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a signature the server refuses: Authentication failed, and the wallet is disconnected', async () => {
    const { page, errors, signIns } = await connectFakeSigner('garbage');
    await toast(page, 'Authentication failed').filter({ hasText: 'Failed to authenticate wallet. Please try again.' }).waitFor({ timeout: 15_000 });
    await toast(page, 'Authentication Required').waitFor();
    await expect.poll(() => walletButton(page).textContent(), { timeout: 10_000 }).toBe('Connect Wallet');
    expect(signIns).toEqual({ challenge: 1, verify: 1 });
    expect(await pageSession(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a wallet that cannot sign messages: Wallet feature not available, no challenge asked', async () => {
    const { page, errors, signIns } = await connectFakeSigner('none');
    await toast(page, 'Wallet feature not available')
      .filter({ hasText: "Your wallet doesn't support message signing. Please try reconnecting." }).waitFor({ timeout: 15_000 });
    await headerAddress(page).waitFor();
    expect(signIns).toEqual({ challenge: 0, verify: 0 });
    expect(await pageSession(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
