// A follower's journey: follow a campaign from its page, confirm an e-mail address from
// the mail a real SMTP server (in this process) received, then watch the bell rise when
// the creator posts an update and when a distributor payout reaches the cause, each also
// mailed with its one-click unsubscribe. This file starts its own server with SMTP_URL.

import { mkdirSync } from 'node:fs';
import { Connection, Keypair, type PublicKey } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { startTestSmtp, type TestSmtp } from '../server/testing/smtp';
import { launchBrowser, newPage } from './browser';
import { trade } from './fleet/fleetClient';
import { E2E_ADMIN } from './globalSetup';
import { launchCampaign, signInKeypair, type LaunchedCampaign } from './launchApi';
import { shootWidths } from './shots';
import { connectLocalWallet, localWalletAddress, pageSession } from './localWallet';
import { freePort, startServer, type StartedServer } from './server';

const SHOTS = process.env.FOLLOWS_SHOTS_DIR ?? '/work/shots/follows';
let smtp: TestSmtp;
let server: StartedServer;
let baseUrl: string;
let browser: Browser;
let campaign: LaunchedCampaign;
let page: Page;
let errors: string[];

async function fund(connection: Connection, wallet: PublicKey, sol: number): Promise<void> {
  const signature = await connection.requestAirdrop(wallet, sol * 1e9);
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(E2E_ADMIN) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const bellCount = async () => {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};
const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  smtp = await startTestSmtp();
  const port = await freePort();
  server = await startServer({
    PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url,
    ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password,
    // The test runs the distributor itself.
    DISTRIBUTOR_INTERVAL_MS: '86400000', RPC_RATE_LIMIT: '1000000', FAUCET_PER_MINUTE: '100000', SIGN_INS_PER_MINUTE: '100000',
  });
  baseUrl = server.url;
  browser = await launchBrowser();
  campaign = await launchCampaign(baseUrl, { initialBuy: '0.1', ticker: 'FLW', name: 'Follow Aid' });
  ({ page, errors } = await newPage(browser, { width: 1440, height: 900 }));
  await page.context().addCookies([{ name: 'cookie-consent', value: 'true', url: baseUrl }]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('following a campaign', () => {
  it('follows from the campaign page once signed in; the count shows', async () => {
    await page.goto(`${baseUrl}/campaign/${campaign.mint}`);
    await connectLocalWallet(page);
    const address = await localWalletAddress(page);
    await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet: address });
    const follow = page.getByTestId('campaign-banner').getByTestId('follow-button');
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
    expect(await follow.getByTestId('follower-count').textContent()).toBe('0');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.getByTestId('follower-count').textContent()).toBe('1');
    // The bell is there for a signed-in wallet, with nothing unread yet.
    await page.getByTestId('notification-bell').waitFor();
    expect(await bellCount()).toBe(0);
    await page.getByTestId('campaign-banner').screenshot({ path: `${SHOTS}/follow-button-1440.png` });
  }, 60_000);

  it('confirms an e-mail address from the received mail before anything else is mailed', async () => {
    await page.goto(`${baseUrl}/account`);
    const settings = page.getByTestId('email-settings');
    await settings.waitFor({ timeout: 15_000 });
    await page.getByTestId('email-input').fill('not an address');
    await page.getByTestId('email-save').click();
    expect(await page.getByTestId('email-problem').textContent()).toBe('Enter a valid e-mail address');
    await page.getByTestId('email-input').fill('fan@example.org');
    await page.getByTestId('email-save').click();
    await expect.poll(() => page.getByTestId('email-status').textContent(), { timeout: 10_000 }).toContain('Waiting for you to open the link');
    const [mail] = await smtp.waitForMails(1, 20_000);
    expect(mail!.to).toEqual(['fan@example.org']);
    expect(mail!.subject).toBe('Confirm your e-mail address for Causemint');
    const confirm = mail!.links.find((l) => l.startsWith(`${baseUrl}/email/confirm?token=`))!;
    expect(confirm).toBeTruthy();
    await page.goto(confirm);
    expect(await page.getByTestId('email-confirmed').textContent()).toContain('fan@example.org is confirmed');
    await page.goto(`${baseUrl}/account`);
    await expect.poll(() => page.getByTestId('email-status').textContent(), { timeout: 10_000 }).toContain('fan@example.org is confirmed');
    await settings.scrollIntoViewIfNeeded();
    await settings.screenshot({ path: `${SHOTS}/email-settings-1440.png` });
  }, 60_000);

  it('raises the bell and mails the follower when the creator posts an update', async () => {
    await page.goto(`${baseUrl}/explore`);
    await page.getByTestId('campaign-card').first().waitFor({ timeout: 15_000 });
    const mailsBefore = smtp.mails.length;
    const res = await fetch(`${baseUrl}/api/campaigns/${campaign.mint}/updates`, {
      method: 'POST', headers: { cookie: campaign.cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'First well dug', content: 'The village has water.' }),
    });
    expect(res.status).toBe(201);
    // Live: the SSE event names nobody; this browser refetches its own count.
    await expect.poll(bellCount, { timeout: 15_000 }).toBe(1);
    await shot('bell-explore-1440');
    const [mail] = (await smtp.waitForMails(mailsBefore + 1, 20_000)).slice(mailsBefore);
    expect(mail!.to).toEqual(['fan@example.org']);
    expect(mail!.subject).toBe('Follow Aid ($FLW) posted an update: First well dug');
    expect(mail!.links.some((l) => l.startsWith(`${baseUrl}/campaign/${campaign.mint}?tab=updates#update-`))).toBe(true);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${baseUrl}/api/email/unsubscribe\\?token=[\\w-]+>$`));
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  }, 60_000);

  it('raises the bell again when a distributor payout reaches the cause', async () => {
    const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
    const buyer = Keypair.generate();
    await fund(connection, buyer.publicKey, 5);
    await trade(baseUrl, baseUrl, campaign.mint, 'buy', buyer, '2');
    await trade(baseUrl, baseUrl, campaign.mint, 'sell', buyer, '1000000');
    const mailsBefore = smtp.mails.length;
    const cookie = await adminCookie();
    const run = await fetch(`${baseUrl}/api/admin/distributor/run`, { method: 'POST', headers: { cookie, origin: baseUrl } });
    expect(run.status).toBe(200);
    await expect.poll(bellCount, { timeout: 20_000 }).toBe(2);
    const [mail] = (await smtp.waitForMails(mailsBefore + 1, 20_000)).slice(mailsBefore);
    expect(mail!.subject).toMatch(/^[\d.]+ SOL from Follow Aid \(\$FLW\)'s trading fees reached the cause$/);
  }, 90_000);

  it('lists them on /notifications with links, marks them read, and the mail\'s unsubscribe page works signed out', async () => {
    await page.getByTestId('notification-bell').click();
    await page.waitForURL(`${baseUrl}/notifications`);
    const items = page.getByTestId('notification');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    expect(await items.nth(0).textContent()).toContain('reached the cause');
    expect(await items.nth(1).getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/campaign/${campaign.mint}\\?tab=updates#update-\\d+$`));
    await shot('notifications-1440');
    await items.nth(1).getByTestId('toggle-read').click();
    await expect.poll(bellCount).toBe(1);
    await page.getByTestId('mark-all-read').click();
    await expect.poll(bellCount).toBe(0);
    expect(await items.nth(0).getAttribute('data-read')).toBe('true');

    // 390 px: the same pages on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('notifications-390');
    await page.goto(`${baseUrl}/campaign/${campaign.mint}`);
    await page.getByTestId('campaign-banner').getByTestId('follow-button').waitFor({ timeout: 15_000 });
    await page.getByTestId('campaign-banner').screenshot({ path: `${SHOTS}/follow-button-390.png` });
    await page.goto(`${baseUrl}/account`);
    await page.getByTestId('email-settings').waitFor({ timeout: 15_000 });
    await page.getByTestId('email-settings').screenshot({ path: `${SHOTS}/email-settings-390.png` });

    // The follow pill on a card, then opening the bell at 390.
    await page.goto(`${baseUrl}/explore`);
    // The card's pill knows this wallet follows the campaign (one request for the page's cards).
    const pill = page.getByTestId('campaign-card').first().locator('..').getByTestId('follow-button');
    await expect.poll(() => pill.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await shot('explore-cards-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot('explore-cards-1440');
    // Unfollow from the card: the count drops; follow again.
    await pill.click();
    await expect.poll(() => pill.getAttribute('aria-pressed')).toBe('false');
    expect(await pill.getByTestId('follower-count').textContent()).toBe('0');
    await pill.click();
    await expect.poll(() => pill.getAttribute('aria-pressed')).toBe('true');
    expect(await pill.getByTestId('follower-count').textContent()).toBe('1');

    // Unsubscribe from a fresh browser with no session: the mail's link is enough.
    const unsubscribe = smtp.mails.at(-1)!.links.find((l) => l.includes('/email/unsubscribe?token='))!;
    const { page: anon } = await newPage(browser, { width: 390, height: 844 });
    await anon.goto(unsubscribe);
    await anon.getByTestId('unsubscribe-button').click();
    await anon.getByTestId('unsubscribed').waitFor();
    await anon.screenshot({ path: `${SHOTS}/unsubscribed-390.png` });
    await page.goto(`${baseUrl}/account`);
    await expect.poll(() => page.getByTestId('email-status').textContent(), { timeout: 10_000 }).toContain('is not confirmed');
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('an address someone else typed (issue 35)', () => {
  it('the confirmation\'s "this was not me" page stops all mail to it, and /account cannot add it again', async () => {
    const target = 'not-mine@example.org';
    const cookie = await signInKeypair(baseUrl, Keypair.generate());
    const put = await fetch(`${baseUrl}/api/account/email`, {
      method: 'PUT', headers: { 'content-type': 'application/json', origin: baseUrl, cookie }, body: JSON.stringify({ email: target }),
    });
    expect(put.status).toBe(202);
    await expect.poll(() => smtp.mails.some((m) => m.to[0] === target), { timeout: 15_000 }).toBe(true);
    const link = smtp.mails.find((m) => m.to[0] === target)!.links.find((l) => l.includes('/email/not-me?token='))!;
    const { page: anon, errors: anonErrors } = await newPage(browser, { width: 1440, height: 900 });
    await anon.goto(link);
    await anon.getByTestId('not-me-button').waitFor();
    await shootWidths(anon, 'email-not-me');
    await anon.getByTestId('not-me-button').click();
    expect(await anon.getByTestId('not-me-done').textContent()).toContain(`We will never e-mail ${target} again`);
    await shootWidths(anon, 'email-not-me-done');
    // Another wallet (this page's) tries the address on /account: refused, with the reason.
    await page.goto(`${baseUrl}/account`);
    await page.getByTestId('email-input').fill(target);
    await page.getByTestId('email-save').click();
    await expect.poll(() => page.getByTestId('email-problem').textContent(), { timeout: 10_000 }).toContain('asked us never to e-mail it');
    expect(anonErrors).toEqual([]);
  }, 60_000);
});

describe('without SMTP_URL (the suite\'s shared server)', () => {
  it('says on /account that e-mail is unavailable, and offers no address field', async () => {
    const shared = sharedBaseUrl();
    const { page: other, errors: otherErrors } = await newPage(browser, { width: 1440, height: 900 });
    await other.context().addCookies([{ name: 'cookie-consent', value: 'true', url: shared }]);
    await other.goto(shared);
    await connectLocalWallet(other);
    await expect.poll(() => pageSession(other), { timeout: 15_000 }).toMatchObject({ wallet: await localWalletAddress(other) });
    await other.goto(`${shared}/account`);
    const unavailable = other.getByTestId('email-unavailable');
    await unavailable.waitFor({ timeout: 15_000 });
    expect(await unavailable.textContent()).toContain('E-mail is unavailable on this site');
    expect(await other.getByTestId('email-input').count()).toBe(0);
    await other.getByTestId('email-settings').screenshot({ path: `${SHOTS}/email-unavailable-1440.png` });
    expect(otherErrors).toEqual([]);
  }, 60_000);
});
