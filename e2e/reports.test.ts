import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { shootWidths } from './shots';
import type { Browser, Page } from 'playwright-core';
import { signInAdminPage } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { launchCampaign, type LaunchedCampaign } from './launchApi';

const baseUrl = sharedBaseUrl();
let browser: Browser;
let campaign: LaunchedCampaign;
let admin: Page;
const TICKER = 'RPTME';
const DESCRIPTION = 'The creator claims to raise money for a shelter, but the shelter says it has never heard of them.';

beforeAll(async () => {
  browser = await launchBrowser();
  campaign = await launchCampaign(baseUrl, { name: 'Reported Shelter Fund', ticker: TICKER, initialBuy: '0' });
  // The admin keeps one page open for the whole file: reports must reach it without a reload.
  admin = (await newPage(browser)).page;
  await signInAdminPage(admin, baseUrl);
  await admin.getByRole('link', { name: 'Manage Reports' }).click();
  await admin.getByRole('heading', { name: 'Reports Management' }).waitFor();
}, 120_000);
afterAll(async () => { await browser?.close(); });

/** The four summary cards' numbers, once loaded. */
async function counts(): Promise<Record<string, number>> {
  const read = async (id: string) => Number((await admin.getByTestId(id).getByTestId('summary-count').textContent())?.replace(/,/g, ''));
  await admin.getByTestId('summary-total-reports').getByTestId('summary-count').filter({ hasText: /\d/ }).waitFor();
  return { total: await read('summary-total-reports'), pending: await read('summary-pending'), investigating: await read('summary-investigating'), resolved: await read('summary-resolved') };
}

async function fillReport(page: Page) {
  await page.getByLabel('Report type *').selectOption('Fraudulent/Scam');
  await page.getByLabel('Description *').fill('Too short to say anything.');
  await page.getByText('Write at least 50 characters: 24 more (26/50)').waitFor();
  await page.getByLabel('Description *').fill(DESCRIPTION);
  await page.getByLabel('Contact email (optional)').fill('watcher@example.org');
}

const toast = (page: Page, title: string, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: text });

describe('campaign reports', () => {
  // First in the file: no browser test elsewhere submits a report, so the shared server has none yet.
  it("before any report, each tab shows the spec's empty text", async () => {
    expect(await counts()).toEqual({ total: 0, pending: 0, investigating: 0, resolved: 0 });
    const panel = admin.getByRole('tabpanel');
    await panel.getByText('No pending reports', { exact: true }).waitFor();
    await admin.getByRole('tab', { name: /^Investigating/ }).click();
    await panel.getByText('No reports under investigation', { exact: true }).waitFor();
    await admin.getByRole('tab', { name: /^Resolved/ }).click();
    await panel.getByText('No resolved reports', { exact: true }).waitFor();
    await admin.getByRole('tab', { name: /^Pending/ }).click();
    await panel.getByText('No pending reports', { exact: true }).waitFor();
  });

  it("refuses a report with the spec's toasts: missing fields, a description too short (not sent), and 'Submission Failed' on a server failure", async () => {
    const before = await counts();
    const { page: visitor } = await newPage(browser);
    await visitor.goto(`${baseUrl}/report?campaign=${campaign.mint}`);
    await visitor.getByTestId('picked-campaign').getByText(`$${TICKER}`).waitFor({ timeout: 15_000 });
    await visitor.getByTestId('report-agree').check();
    const submit = visitor.getByRole('button', { name: 'Submit Report' });
    await submit.click();
    await toast(visitor, 'Missing Required Fields', 'Please fill in all required fields').waitFor();

    // A description under 50 characters is not sent: the form says what to write, with a counter, not a failure to retry.
    await visitor.getByLabel('Report type *').selectOption('Misleading Information');
    await visitor.getByLabel('Description *').fill('Too short to say anything.');
    await visitor.getByText('Write at least 50 characters: 24 more (26/50)').waitFor();
    const sent: string[] = [];
    visitor.on('request', (r) => { if (r.url().endsWith('/api/reports') && r.method() === 'POST') sent.push(r.url()); });
    await submit.click();
    await toast(visitor, 'Description too short', 'Write at least 50 characters so the team can act on it (26 so far).').waitFor();
    expect(sent).toEqual([]);
    // A script that skips the form is refused by the server in the same terms (server/routes/reports).
    const refused = toast(visitor, 'Submission Failed', 'Failed to submit report. Please try again.');

    // A server failure: the spec's words alone.
    await visitor.getByLabel('Description *').fill(DESCRIPTION);
    await visitor.route('**/api/reports', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
    await visitor.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await submit.click();
    await refused.waitFor();
    expect(await refused.getByTestId('submission-reason').count()).toBe(0);
    expect(visitor.url()).toBe(`${baseUrl}/report?campaign=${campaign.mint}`);
    expect(await counts()).toEqual(before);
    await visitor.context().close();
  });

  it('a visitor reports a campaign from its page, the admin sees it live and resolves it, and the counts move', async () => {
    const before = await counts();
    const { page: visitor, errors } = await newPage(browser);
    await visitor.goto(`${baseUrl}/campaign/${campaign.mint}`);
    await visitor.getByTestId('report-campaign-link').click();
    await visitor.waitForURL(`${baseUrl}/report?campaign=${campaign.mint}`);
    await visitor.getByTestId('picked-campaign').getByText(`$${TICKER}`).waitFor();
    await fillReport(visitor);
    const submit = visitor.getByRole('button', { name: 'Submit Report' });
    expect(await submit.isDisabled()).toBe(true);
    await visitor.getByTestId('report-agree').check();
    await submit.click();
    await visitor.getByText('Report Submitted', { exact: true }).waitFor();
    await visitor.getByText('Thank you for your report. Our team will review it within 24-48 hours.').waitFor();
    await visitor.waitForURL(`${baseUrl}/`, { timeout: 10_000 });
    expect(errors).toEqual([]);
    await visitor.context().close();

    // Live: the admin page, never reloaded, counts it and lists it under Pending.
    await expect.poll(counts, { timeout: 10_000 }).toEqual({ ...before, total: before.total + 1, pending: before.pending + 1 });
    const card = admin.getByTestId('report-card').filter({ hasText: DESCRIPTION.slice(0, 40) }).first();
    await card.getByText(`$${TICKER}`).waitFor();
    await card.getByText('watcher@example.org').waitFor();
    await card.getByRole('button', { name: 'View Details' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Report Details' });
    await dialog.getByText(DESCRIPTION).waitFor();
    expect(await dialog.getByTestId('report-dialog-status').textContent()).toBe('Pending');
    const update = dialog.getByRole('button', { name: 'Update Report' });
    expect(await update.isDisabled()).toBe(true);
    await dialog.getByLabel('Update status').selectOption('resolved');
    await dialog.getByLabel('Resolution (for resolved or dismissed reports)').fill('Checked with the shelter; campaign removed from lists.');
    await update.click();
    await admin.getByText('Status Updated').waitFor();
    await admin.getByText('Report status changed to resolved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(counts, { timeout: 10_000 }).toEqual({ ...before, total: before.total + 1, resolved: before.resolved + 1 });

    await admin.getByRole('tab', { name: /^Resolved/ }).click();
    await admin.getByRole('tabpanel').getByTestId('report-card').filter({ hasText: DESCRIPTION.slice(0, 40) }).first().getByText('Resolved').waitFor();
  });

  it('a visitor finds the campaign by typing, and the admin flags it from the report in one step', async () => {
    const { page: visitor } = await newPage(browser);
    await visitor.goto(`${baseUrl}/report`);
    await visitor.getByRole('combobox', { name: 'Campaign *' }).fill(TICKER.slice(0, 4).toLowerCase());
    await visitor.getByRole('option', { name: new RegExp(`\\$${TICKER}`) }).click();
    await visitor.getByTestId('picked-campaign').getByText('Reported Shelter Fund').waitFor();
    await fillReport(visitor);
    await visitor.getByTestId('report-agree').check();
    await visitor.getByRole('button', { name: 'Submit Report' }).click();
    await visitor.getByText('Report Submitted', { exact: true }).waitFor();
    await visitor.context().close();

    await admin.getByRole('tab', { name: /^Pending/ }).click();
    const card = admin.getByRole('tabpanel').getByTestId('report-card').filter({ hasText: DESCRIPTION.slice(0, 40) }).first();
    // The moderation page, open in another tab of the same admin, follows the flag without a reload.
    const moderation = await admin.context().newPage();
    await moderation.goto(`${baseUrl}/xk9j2m4p/campaigns`);
    await moderation.getByRole('textbox', { name: 'Search campaigns' }).fill(TICKER);
    const row = moderation.getByTestId('moderation-campaign').filter({ has: moderation.getByText(`$${TICKER}`) }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('badge-flagged').count()).toBe(0);

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Report Details' });
    expect(await dialog.getByRole('link', { name: 'Open campaign' }).getAttribute('href')).toBe(`/campaign/${campaign.mint}`);
    await dialog.getByRole('button', { name: 'Flag campaign' }).click();
    // The flag is confirmed, and needs its reason.
    const confirm = admin.getByTestId('flag-dialog');
    await confirm.getByRole('button', { name: 'Flag campaign' }).click();
    await confirm.getByText('Say why the campaign is flagged').waitFor();
    await confirm.getByLabel('Reason (kept in the audit log)').fill('The charity confirmed it never heard of this campaign');
    await shootWidths(admin, 'admin-flag-dialog');
    await confirm.getByRole('button', { name: 'Flag campaign' }).click();
    await admin.getByText(`$${TICKER} is hidden from the public lists`).waitFor();
    await dialog.getByRole('button', { name: 'Unflag campaign' }).waitFor();
    await row.getByTestId('badge-flagged').waitFor({ timeout: 15_000 });
    await moderation.close();

    const listed = async () => {
      const body = await (await fetch(`${baseUrl}/api/campaigns?search=${TICKER}`)).json() as { campaigns: { token_address: string }[] };
      return body.campaigns.some((c) => c.token_address === campaign.mint);
    };
    expect(await listed()).toBe(false);
    const shown = await (await fetch(`${baseUrl}/api/campaigns/${campaign.mint}`)).json() as { flagged: boolean };
    expect(shown.flagged).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('tabpanel').getByTestId('report-card').filter({ hasText: 'Campaign flagged' }).first().waitFor();
  });
});
