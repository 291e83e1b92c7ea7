import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Page } from 'playwright-core';
import { signInAdminPage } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { Keypair } from '@solana/web3.js';
import { apiBuy } from './apiTrade';
import { launchCampaign, signInKeypair, type LaunchedCampaign } from './launchApi';
import { SHOTS_DIR, shootWidths } from './shots';
import { connectLocalWallet, localWalletAddress, pageSession } from './localWallet';

const baseUrl = sharedBaseUrl();
const SHOTS = '/work/shots/comments';
let browser: Browser;
let campaign: LaunchedCampaign;
let first: Page;
let second: Page;
let admin: Page;
const errors: string[][] = [];

/** A campaign page on its Comments tab, with the Local wallet connected and signed in. */
async function commenter(width: number, height: number, secretKey?: Uint8Array): Promise<Page> {
  const made = await newPage(browser, { width, height });
  errors.push(made.errors);
  const { page } = made;
  // The Local wallet takes the key it finds (the creator's, for the creator's page).
  if (secretKey) await page.addInitScript((secret) => localStorage.setItem('causemintLocalWalletSecretKey', secret), bs58.encode(secretKey));
  await page.goto(`${baseUrl}/campaign/${campaign.mint}`);
  // The cookie banner would cover the tab in the screenshots.
  await page.getByRole('button', { name: 'Decline' }).click();
  await connectLocalWallet(page);
  const wallet = await localWalletAddress(page);
  await expect.poll(() => pageSession(page), { timeout: 15_000 }).toMatchObject({ wallet });
  await page.getByRole('tab', { name: 'Comments' }).click();
  await page.getByTestId('comments-tab').waitFor();
  return page;
}

const commentByText = (page: Page, text: string) => page.getByTestId('comments-tab').locator('article').filter({ has: page.getByTestId('comment-body').getByText(text, { exact: true }) });

beforeAll(async () => {
  browser = await launchBrowser();
  campaign = await launchCampaign(baseUrl, { name: 'Comment Shelter Fund', ticker: 'TALK', initialBuy: '0.5' });
  // The creator (who bought at launch, so holds tokens) opens the conversation over the API.
  const res = await fetch(`${baseUrl}/api/campaigns/${campaign.mint}/comments`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: campaign.cookie, origin: baseUrl }, body: JSON.stringify({ body: CREATOR_TEXT }),
  });
  expect(res.status).toBe(201);
  admin = (await newPage(browser, { width: 1440, height: 1000 })).page;
  await signInAdminPage(admin, baseUrl);
  await admin.getByRole('link', { name: 'Manage Comments' }).click();
  await admin.getByRole('heading', { name: 'Comments Moderation' }).waitFor();
}, 180_000);
afterAll(async () => { await browser?.close(); });

const CREATOR_TEXT = 'Thank you all for coming. Ask me anything here.';
const FIRST_TEXT = 'Great cause! Details at https://example.org/shelter';
const REPLY_TEXT = 'Agreed, I donated too.';
const QUESTION = 'Why did the creator sell half of their tokens last week?';

describe('campaign comments', () => {
  it('two wallets comment and reply, and each page sees the other\'s words live, links shown as text', async () => {
    // (expect.poll, which the wallet helpers use, runs only inside a test.)
    first = await commenter(1440, 1000);
    second = await commenter(390, 844);
    const opening = commentByText(first, CREATOR_TEXT);
    await opening.getByTestId('badge-creator').waitFor();
    expect(await opening.getByTestId('badge-holder').textContent()).toMatch(/^Holder \d+\.\d\d%$/);
    await first.getByRole('textbox', { name: 'Write a comment' }).fill(FIRST_TEXT);
    await first.getByRole('button', { name: 'Post comment' }).click();
    // The second page has not reloaded: the comment_posted event brings it.
    const seen = commentByText(second, FIRST_TEXT);
    await seen.waitFor({ timeout: 15_000 });
    expect(await seen.getByTestId('comment-body').locator('a').count()).toBe(0);
    await seen.getByRole('button', { name: 'Reply' }).click();
    await second.getByRole('textbox', { name: 'Write a reply' }).fill(REPLY_TEXT);
    await seen.getByRole('button', { name: 'Reply', exact: true }).click();
    await first.getByTestId('reply').filter({ hasText: REPLY_TEXT }).waitFor({ timeout: 15_000 });
    await first.getByTestId('comments-tab').screenshot({ path: `${SHOTS}/tab-1440.png` });
    await second.getByTestId('comments-tab').screenshot({ path: `${SHOTS}/tab-390.png` });
  });

  it('one wallet reports; the admin sees it, hides it (gone from both pages live) and restores it', async () => {
    await commentByText(second, FIRST_TEXT).getByRole('button', { name: 'Report' }).first().click();
    await second.getByRole('radio', { name: 'Scam or phishing' }).check();
    await second.getByRole('button', { name: 'Send report' }).click();
    await second.locator('[data-sonner-toast]').filter({ hasText: 'Report sent' }).waitFor();

    const card = admin.getByTestId('admin-comment').filter({ hasText: FIRST_TEXT });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText('1 open report').waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-1440.png`, fullPage: true });

    await card.getByRole('button', { name: 'Hide' }).click();
    await commentByText(first, FIRST_TEXT).waitFor({ state: 'detached', timeout: 15_000 });
    await commentByText(second, FIRST_TEXT).waitFor({ state: 'detached', timeout: 15_000 });
    await admin.getByRole('tab', { name: /^Hidden/ }).click();
    const hidden = admin.getByTestId('admin-comment').filter({ hasText: FIRST_TEXT });
    await hidden.getByTestId('state-hidden').waitFor();
    await hidden.getByRole('button', { name: 'View thread' }).click();
    await admin.getByTestId('thread-dialog').getByText(REPLY_TEXT).waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-thread-1440.png` });
    // Mute the author for an hour from the thread, see the mute listed, then lift it.
    const dialog = admin.getByTestId('thread-dialog');
    await dialog.getByLabel('Mute for').selectOption('1h');
    await dialog.getByRole('button', { name: 'Mute wallet' }).click();
    await dialog.getByTestId('mute-state').waitFor();
    await admin.keyboard.press('Escape');
    const muted = admin.getByTestId('muted-wallet');
    await muted.waitFor();
    expect(await muted.count()).toBe(1);
    await muted.getByRole('button', { name: 'Unmute' }).click();
    await muted.waitFor({ state: 'detached' });
    await hidden.getByRole('button', { name: 'Restore' }).click();
    await commentByText(first, FIRST_TEXT).waitFor({ timeout: 15_000 });
    await commentByText(second, FIRST_TEXT).waitFor({ timeout: 15_000 });
    await admin.getByTestId('admin-comment').filter({ hasText: FIRST_TEXT }).waitFor({ state: 'detached' });

    const narrow = (await newPage(browser, { width: 390, height: 844 })).page;
    await signInAdminPage(narrow, baseUrl);
    await narrow.goto(`${baseUrl}/xk9j2m4p/comments`);
    await narrow.getByRole('tab', { name: /^All/ }).click();
    await narrow.getByTestId('admin-comment').first().waitFor();
    await narrow.screenshot({ path: `${SHOTS}/admin-390.png`, fullPage: true });
  });

  it('three holders\' reports collapse a comment behind "Click to show" (the creator\'s beside them weighs nothing); the admin sees the weights and keeps it', async () => {
    const api = (path: string, body: unknown, cookie?: string) => fetch(`${baseUrl}${path}`, {
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    });
    const asker = Keypair.generate();
    const posted = await api(`/api/campaigns/${campaign.mint}/comments`, { body: QUESTION }, await signInKeypair(baseUrl, asker));
    expect(posted.status).toBe(201);
    const id = (await posted.json() as { id: number }).id;
    expect((await api(`/api/comments/${id}/reports`, { reason: 'misleading' }, campaign.cookie)).status).toBe(201);
    // Holders: each bought the token (a real trade on its curve) before reporting.
    for (const reason of ['misleading', 'spam', 'other']) {
      const holder = Keypair.generate();
      expect((await api('/api/dev/airdrop', { wallet: holder.publicKey.toBase58(), sol: 1 })).status).toBe(200);
      await apiBuy(baseUrl, campaign.mint, holder, '0.01');
      const res = await api(`/api/comments/${id}/reports`, { reason }, await signInKeypair(baseUrl, holder));
      expect(res.status).toBe(201);
    }
    // The open pages follow live: collapsed, one click from the text.
    const folded = first.getByTestId('comments-tab').locator(`[data-comment-id="${id}"]`);
    await folded.getByTestId('comment-collapsed').waitFor({ timeout: 15_000 });
    expect(await folded.getByTestId('comment-body').count()).toBe(0);
    await folded.scrollIntoViewIfNeeded();
    await shootWidths(first, 'comment-collapsed');
    await first.getByTestId('comments-tab').screenshot({ path: `${SHOTS_DIR}/comment-collapsed-tab-1440.png` });
    const narrowFolded = second.getByTestId('comments-tab').locator(`[data-comment-id="${id}"]`);
    await narrowFolded.getByTestId('comment-collapsed').waitFor({ timeout: 15_000 });
    await second.getByTestId('comments-tab').screenshot({ path: `${SHOTS_DIR}/comment-collapsed-tab-390.png` });
    await folded.getByRole('button', { name: 'Click to show' }).click();
    expect(await folded.getByTestId('comment-body').textContent()).toBe(QUESTION);

    await admin.getByRole('tab', { name: /^Reported/ }).click();
    const card = admin.getByTestId('admin-comment').filter({ hasText: QUESTION });
    await card.getByTestId('state-collapsed').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('state-reports').textContent()).toBe('4 open reports, weight 3');
    expect(await card.getByTestId('state-creator-reports').textContent()).toBe('1 by the creator');
    await card.getByRole('button', { name: 'View thread' }).click();
    const reports = admin.getByTestId('report-list');
    await reports.waitFor();
    expect(await reports.locator('[data-testid="comment-report"][data-basis="holder"]').count()).toBe(3);
    expect(await reports.locator('[data-testid="comment-report"][data-basis="creator"]').getByText('Creator\'s report').count()).toBe(1);
    await shootWidths(admin, 'admin-report-weights');
    await admin.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Keep' }).click();
    await folded.getByTestId('comment-collapsed').waitFor({ state: 'detached', timeout: 15_000 });
    await second.getByTestId('comments-tab').locator(`[data-comment-id="${id}"]`).getByTestId('comment-body').waitFor({ timeout: 15_000 });
  }, 120_000);

  it('the creator pins a comment and hides a reply (shown to them marked, to unhide); the others\' pages follow live', async () => {
    const creator = await commenter(1440, 1000, campaign.creator.secretKey);
    const thread = commentByText(creator, FIRST_TEXT);
    await thread.getByRole('button', { name: 'Pin' }).click();
    await second.getByText('Pinned by the creator').waitFor({ timeout: 15_000 });
    // The admin's card shows it pinned too.
    await admin.getByRole('tab', { name: /^All/ }).click();
    await admin.getByTestId('admin-comment').filter({ hasText: FIRST_TEXT }).getByTestId('state-pinned').waitFor({ timeout: 15_000 });
    expect(await second.getByTestId('comments-tab').locator('article').first().getByTestId('comment-body').first().textContent()).toBe(FIRST_TEXT);

    const reply = creator.getByTestId('reply').filter({ hasText: REPLY_TEXT });
    await reply.getByRole('button', { name: 'Hide' }).click();
    await reply.getByTestId('comment-hidden').waitFor();
    await first.getByTestId('reply').filter({ hasText: REPLY_TEXT }).waitFor({ state: 'detached', timeout: 15_000 });
    await creator.getByTestId('comments-tab').screenshot({ path: `${SHOTS}/tab-creator-1440.png` });
    await reply.getByRole('button', { name: 'Unhide' }).click();
    await first.getByTestId('reply').filter({ hasText: REPLY_TEXT }).waitFor({ timeout: 15_000 });
    for (const list of errors) expect(list).toEqual([]);
  });
});
