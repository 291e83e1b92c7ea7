import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { Browser, Page } from 'playwright-core';
import { resetMaintenance } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './globalSetup';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterEach(async () => { await resetMaintenance(baseUrl); });
afterAll(async () => { await browser?.close(); });

const path = (page: Page) => new URL(page.url()).pathname;

async function login(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl}/xk9j2m4p/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
}

async function loggedIn(openMaintenance = true): Promise<Page> {
  const { page } = await newPage(browser);
  await login(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  if (openMaintenance) await page.getByRole('tab', { name: 'Maintenance' }).click();
  return page;
}

describe('admin login and guard', () => {
  it('sends guarded paths without a session to the login page', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/xk9j2m4p/dashboard`);
    await page.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    expect(path(page)).toBe('/xk9j2m4p/login');
    await page.goto(`${baseUrl}/xk9j2m4p`);
    await page.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    expect(path(page)).toBe('/xk9j2m4p/login');
    await page.context().close();
  });

  it('rejects wrong credentials with the spec texts', async () => {
    const { page } = await newPage(browser);
    await login(page, E2E_ADMIN.username, 'not-the-password');
    await page.getByRole('alert').getByText('Invalid username or password').waitFor();
    await page.getByText('Login failed').waitFor();
    await page.getByText('Please check your credentials').waitFor();
    expect(path(page)).toBe('/xk9j2m4p/login');
    await page.context().close();
  });

  it('logs in to the dashboard and out again', async () => {
    const page = await loggedIn(false);
    expect(path(page)).toBe('/xk9j2m4p/dashboard');
    const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
    for (const name of ['Overview', 'User Analytics', 'Maintenance', 'SDK/API Testing', 'Campaigns', 'Charities', 'Security', 'Revenue']) {
      expect(await tabs.getByRole('tab', { name }).isDisabled()).toBe(false);
    }
    expect(await tabs.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    // /xk9j2m4p goes to the dashboard once logged in.
    await page.goto(`${baseUrl}/xk9j2m4p`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(path(page)).toBe('/xk9j2m4p/dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    await page.goto(`${baseUrl}/xk9j2m4p/dashboard`);
    await page.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    expect(path(page)).toBe('/xk9j2m4p/login');
    await page.context().close();
  });
});

describe('maintenance tab', () => {
  it('toggles maintenance for public pages', async () => {
    const page = await loggedIn();
    const visitor = (await newPage(browser)).page;
    await visitor.goto(`${baseUrl}/get-verified`);
    await visitor.getByRole('heading', { name: 'Why get verified?' }).waitFor();

    await page.getByRole('switch').click();
    await page.getByTestId('maintenance-state').getByText('ON').waitFor();
    await visitor.getByRole('heading', { name: 'Under Maintenance' }).waitFor({ timeout: 7_000 });

    await page.getByRole('switch').click();
    await page.getByTestId('maintenance-state').getByText('OFF').waitFor();
    await visitor.getByRole('heading', { name: 'Why get verified?' }).waitFor({ timeout: 7_000 });
    await visitor.context().close();
    await page.context().close();
  });

  it('validates and saves a schedule: presets, min end, countdown and Already passed', async () => {
    const page = await loggedIn();
    await page.getByLabel('Start time').fill('');
    await page.getByLabel('End time').fill('');
    await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
    await page.getByText('Missing information').waitFor();
    await page.getByText('Please set both start and end times').waitFor();

    await page.getByRole('button', { name: 'In 1 hour (2 hours)' }).click();
    const start = await page.getByLabel('Start time').inputValue();
    const end = await page.getByLabel('End time').inputValue();
    expect(Date.parse(end) - Date.parse(start)).toBe(2 * 3_600_000);
    expect(await page.getByLabel('End time').getAttribute('min')).toBe(start);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Scheduled maintenance to improve our platform.');

    for (const preset of ['In 3 hours (1 hour)', 'Tomorrow 2AM (4 hours)', 'Next week 3AM (3 hours)']) {
      await page.getByRole('button', { name: preset }).click();
    }
    expect((await page.getByLabel('Start time').inputValue()).endsWith('T03:00')).toBe(true);
    expect((await page.getByLabel('End time').inputValue()).endsWith('T06:00')).toBe(true);

    await page.getByRole('button', { name: 'In 1 hour (2 hours)' }).click();
    await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
    await page.getByText('Maintenance scheduled').waitFor();
    await page.getByTestId('schedule-countdown').getByText(/^0h 5\dm \d\ds$/).waitFor();
    const settings = await (await fetch(`${baseUrl}/api/settings/site`)).json() as { schedule: { enabled: boolean; message: string } };
    expect(settings.schedule).toMatchObject({ enabled: true, message: 'Scheduled maintenance to improve our platform.' });

    // End before start is refused in the page.
    await page.getByLabel('End time').fill(start.replace(/T\d\d:\d\d$/, 'T00:00'));
    await page.getByLabel('Start time').fill(start);
    await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
    await page.getByText('End time must be after start time').waitFor();

    // A start in the past counts as passed.
    const past = new Date(Date.now() - 10 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    await page.getByLabel('Start time').fill(local(past));
    await page.getByLabel('End time').fill(local(new Date(Date.now() + 3_600_000)));
    await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
    await page.getByTestId('schedule-countdown').getByText('Already passed').waitFor();
    await page.context().close();
  });

  it('shows Error Loading Dashboard with Reload Page when the dashboard crashes', async () => {
    const { page } = await newPage(browser);
    await login(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    // Malformed settings from the server make the Maintenance tab throw while rendering.
    await page.route('**/api/settings/site', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }));
    await page.goto(`${baseUrl}/xk9j2m4p/dashboard?tab=maintenance`);
    await page.getByText('Error Loading Dashboard').waitFor();
    await page.getByRole('button', { name: 'Reload Page' }).waitFor();
    await page.context().close();
  });
});
