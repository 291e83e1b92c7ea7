import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Page } from 'playwright-core';
import { adminCookie, putMaintenance, resetMaintenance, signInAdminPage } from './adminApi';
import { shootWidths } from './shots';
import { launchBrowser, newPage } from './browser';

const baseUrl = sharedBaseUrl();
const HOUR = 3_600_000;
// The spec's 5 s switch, plus margin for a loaded test machine.
const SWITCH_TIMEOUT = 7_000;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await adminCookie(baseUrl);
});
afterEach(async () => { await resetMaintenance(baseUrl); });
afterAll(async () => { await browser?.close(); });

const maintenanceHeading = (page: Page) => page.getByRole('heading', { name: 'Under Maintenance' });

async function openPublic(path = '/how-it-works'): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
  await page.evaluate(() => { (window as unknown as { __marker: number }).__marker = 42; });
  return page;
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

describe('maintenance mode', () => {
  it('switches public pages to the maintenance page and back without a reload; admin login stays reachable', async () => {
    const page = await openPublic();
    await putMaintenance(baseUrl, cookie, { maintenance_mode: true, maintenance_message: 'Upgrading the ledger, back soon.' });

    await maintenanceHeading(page).waitFor({ timeout: SWITCH_TIMEOUT });
    await page.getByText("We're making the product better for you!").waitFor();
    await page.getByText('Upgrading the ledger, back soon.').waitFor();
    for (const item of ['Improved performance', 'Enhanced security', 'New features and bug fixes', 'Better user experience']) {
      await page.getByText(item, { exact: false }).waitFor();
    }
    expect(await page.getByRole('banner').count()).toBe(0); // the whole shell is replaced
    expect(await marker(page)).toBe(42);

    // Any other public route, opened fresh, is replaced too; the admin login is not.
    const other = (await newPage(browser)).page;
    await other.goto(`${baseUrl}/terms`);
    await maintenanceHeading(other).waitFor();
    await other.goto(`${baseUrl}/xk9j2m4p/login`);
    await other.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    expect(await maintenanceHeading(other).count()).toBe(0);
    await other.context().close();

    await putMaintenance(baseUrl, cookie, { maintenance_mode: false });
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor({ timeout: SWITCH_TIMEOUT });
    expect(await marker(page)).toBe(42);
    await page.context().close();
  });

  it("lets a signed-in admin's own browser see the site, marked, so they can check it before reopening", async () => {
    const { page, errors } = await newPage(browser);
    await signInAdminPage(page, baseUrl);
    await putMaintenance(baseUrl, cookie, { maintenance_mode: true });
    await page.goto(`${baseUrl}/how-it-works`);
    await page.getByTestId('admin-preview-banner').waitFor({ timeout: SWITCH_TIMEOUT });
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    expect(await maintenanceHeading(page).count()).toBe(0);
    await shootWidths(page, 'maintenance-admin-preview');
    // A visitor at the same moment gets the maintenance page.
    const visitor = (await newPage(browser)).page;
    await visitor.goto(`${baseUrl}/how-it-works`);
    await maintenanceHeading(visitor).waitFor();
    // Reopened: the admin's mark goes.
    await putMaintenance(baseUrl, cookie, { maintenance_mode: false });
    await page.getByTestId('admin-preview-banner').waitFor({ state: 'detached', timeout: SWITCH_TIMEOUT });
    expect(errors).toEqual([]);
    await page.context().close();
    await visitor.context().close();
  });

  it('still switches within 5 s when the live event stream is unavailable (polling fallback)', async () => {
    const { page } = await newPage(browser);
    await page.route('**/api/events', (route) => route.abort());
    await page.goto(`${baseUrl}/how-it-works`);
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    await page.evaluate(() => { (window as unknown as { __marker: number }).__marker = 42; });

    await putMaintenance(baseUrl, cookie, { maintenance_mode: true });
    await maintenanceHeading(page).waitFor({ timeout: SWITCH_TIMEOUT });
    await page.getByText("We're currently performing scheduled maintenance to improve our platform. We'll be back shortly!").waitFor();
    await putMaintenance(baseUrl, cookie, { maintenance_mode: false });
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor({ timeout: SWITCH_TIMEOUT });
    expect(await marker(page)).toBe(42);
    await page.context().close();
  });

  it('counts down to the end time, then says Maintenance ending soon... and reloads 5 s later', async () => {
    const page = await openPublic();
    const now = Date.now();
    await putMaintenance(baseUrl, cookie, {
      maintenance_mode: true,
      schedule: { enabled: true, startTime: new Date(now - HOUR).toISOString(), endTime: new Date(now + 4_000).toISOString(), message: 'Short window' },
    });
    await maintenanceHeading(page).waitFor({ timeout: SWITCH_TIMEOUT });
    const countdown = page.getByTestId('maintenance-countdown');
    if (await countdown.count()) expect(await countdown.textContent()).toContain('Estimated time remaining');
    await page.getByText('Maintenance ending soon...').waitFor({ timeout: 10_000 });
    expect(await marker(page)).toBe(42);
    // The reload drops everything set on window.
    await page.waitForFunction(() => (window as unknown as { __marker?: number }).__marker === undefined, undefined, { timeout: 12_000 });
    // After the reload the end is past: no countdown, and no reload loop.
    await page.getByRole('heading', { name: /Under Maintenance|From Meme to Movement/ }).waitFor();
    expect(await page.getByTestId('maintenance-countdown').count()).toBe(0);
    await page.evaluate(() => { (window as unknown as { __marker: number }).__marker = 7; });
    await page.waitForTimeout(6_000);
    expect(await marker(page)).toBe(7);
    await page.context().close();
  });

  it('shows Estimated time remaining in hours, minutes and seconds for a later end', async () => {
    const now = Date.now();
    await putMaintenance(baseUrl, cookie, {
      maintenance_mode: true,
      schedule: { enabled: true, startTime: new Date(now - HOUR).toISOString(), endTime: new Date(now + 2 * HOUR + 5 * 60_000).toISOString(), message: 'Long window' },
    });
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    const countdown = page.getByTestId('maintenance-countdown');
    await countdown.waitFor();
    const text = await countdown.innerText();
    expect(text).toContain('Estimated time remaining');
    expect(text).toMatch(/02\s*hours\s*0[45]\s*minutes\s*\d\d\s*seconds/);
    await page.context().close();
  });
});

describe('scheduled maintenance notice', () => {
  it('shows one notice, never a twin, while the page loads', async () => {
    await putMaintenance(baseUrl, cookie, {
      maintenance_mode: false,
      schedule: { enabled: true, startTime: new Date(Date.now() + HOUR).toISOString(), endTime: new Date(Date.now() + 2 * HOUR).toISOString(), message: 'Index rebuild' },
    });
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/how-it-works`);
    await page.getByText(/Index rebuild/).waitFor({ timeout: SWITCH_TIMEOUT });
    // The layout remounts once its lazy page has loaded: sample the toasts through that.
    let most = 0;
    for (let i = 0; i < 30; i++) {
      most = Math.max(most, await page.getByText('Scheduled Maintenance').count());
      await page.waitForTimeout(50);
    }
    expect(most).toBe(1);
    await page.context().close();
  });

  it('shows for a future window until dismissed, and stays dismissed for that start time', async () => {
    const start = new Date(Date.now() + HOUR).toISOString();
    await putMaintenance(baseUrl, cookie, {
      maintenance_mode: false,
      schedule: { enabled: true, startTime: start, endTime: new Date(Date.now() + 3 * HOUR).toISOString(), message: 'Database upgrade' },
    });
    const page = await openPublic();
    await page.getByText('Scheduled Maintenance').waitFor({ timeout: SWITCH_TIMEOUT });
    await page.getByText(/Database upgrade/).waitFor();
    // Leaving the public layout (maintenance on, then off) is not a dismissal: the notice comes back.
    await putMaintenance(baseUrl, cookie, { maintenance_mode: true });
    await maintenanceHeading(page).waitFor({ timeout: SWITCH_TIMEOUT });
    await putMaintenance(baseUrl, cookie, { maintenance_mode: false });
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor({ timeout: SWITCH_TIMEOUT });
    expect(await page.evaluate(() => localStorage.getItem('maintenance-notice-dismissed'))).toBeNull();
    // The earlier toast may still be animating out: exactly one notice remains.
    await expect.poll(() => page.getByText('Scheduled Maintenance').count(), { timeout: 5_000 }).toBe(1);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('Scheduled Maintenance').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('maintenance-notice-dismissed'))).toBe(start);

    await page.reload();
    await page.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByText('Scheduled Maintenance').count()).toBe(0);

    // A window that already started gives no notice.
    const fresh = (await newPage(browser)).page;
    await putMaintenance(baseUrl, cookie, {
      maintenance_mode: false,
      schedule: { enabled: true, startTime: new Date(Date.now() - 60_000).toISOString(), endTime: new Date(Date.now() + HOUR).toISOString(), message: 'Running now' },
    });
    await fresh.goto(`${baseUrl}/how-it-works`);
    await fresh.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    await fresh.waitForTimeout(1500);
    expect(await fresh.getByText('Scheduled Maintenance').count()).toBe(0);
    await fresh.context().close();
    await page.context().close();
  });
});
