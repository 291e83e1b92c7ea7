import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { BUILT_IN_CHARITIES } from '../core/charities';
import { signInAdminPage } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { connectLocalWallet } from './localWallet';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function adminPage(): Promise<Page> {
  const { page } = await newPage(browser);
  await signInAdminPage(page, baseUrl);
  await page.goto(`${baseUrl}/xk9j2m4p/charities`);
  await page.getByTestId('admin-charity-row').first().waitFor();
  return page;
}

const adminNames = (page: Page) => page.getByTestId('admin-charity-name').allTextContents();
const publicNames = (page: Page, category: string) =>
  page.getByRole('region', { name: category, exact: true }).getByTestId('charity-card').locator('h3').allTextContents();
const formChoices = (page: Page) => page.getByTestId('charity-select').locator('option').allTextContents();
const toast = (page: Page, title: string, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: text });
const failing = { status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' };

describe('verified charities, admin to public', () => {
  it('the admin adds, reorders, deactivates and deletes a charity; the public page and the creation form follow live', async () => {
    const name = `Riverbend Food Bank ${Date.now()}`;
    const wallet = Keypair.generate().publicKey.toBase58();
    const admin = await adminPage();
    const totalBefore = Number(await admin.getByTestId('charity-stat-total').textContent());

    // The public page and the creation form stay open: every change reaches them without a reload.
    const { page: visitor, errors } = await newPage(browser);
    await visitor.goto(`${baseUrl}/verified-charities`);
    await visitor.getByTestId('charity-card').first().waitFor();
    const basicNeeds = await publicNames(visitor, 'Basic Needs');
    expect(basicNeeds.length).toBeGreaterThan(1);
    const { page: creator } = await newPage(browser);
    await creator.goto(`${baseUrl}/start-campaign`);
    await creator.getByRole('heading', { name: 'Launch Your Campaign/Token' }).waitFor({ timeout: 15_000 });
    await connectLocalWallet(creator);
    await creator.getByTestId('donation-choice-charity').click();
    await creator.getByTestId('charity-select').waitFor();

    // Add: the dialog refuses a bad wallet with the server's words, then saves.
    await admin.getByRole('button', { name: 'Add New Charity' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add New Charity' });
    await dialog.locator('#charity-name').fill(name);
    await dialog.locator('#charity-category').selectOption('Basic Needs');
    await dialog.locator('#charity-wallet_address').fill('not-a-wallet');
    await dialog.locator('#charity-website').fill('riverbend.example');
    await dialog.locator('#charity-description').fill('Meals for families in need.');
    await dialog.getByRole('button', { name: 'Add Charity' }).click();
    await dialog.getByRole('alert').getByText('Invalid Solana wallet address').waitFor();
    await dialog.locator('#charity-wallet_address').fill(wallet);
    await dialog.getByRole('button', { name: 'Add Charity' }).click();
    await admin.getByText('Charity added successfully').waitFor();
    await expect.poll(() => adminNames(admin)).toContain(name);
    expect((await adminNames(admin)).at(-1)).toBe(name);
    await expect.poll(() => admin.getByTestId('charity-stat-total').textContent()).toBe(String(totalBefore + 1));

    await expect.poll(() => publicNames(visitor, 'Basic Needs'), { timeout: 15_000 }).toEqual([...basicNeeds, name]);
    const card = visitor.getByTestId('charity-card').filter({ hasText: name });
    expect(await card.getByText('Meals for families in need.').count()).toBe(1);
    expect(await card.locator(`code[title="${wallet}"]`).count()).toBe(1);
    expect(await card.getByRole('link', { name: 'riverbend.example' }).getAttribute('href')).toBe('https://riverbend.example');
    await expect.poll(() => formChoices(creator), { timeout: 15_000 }).toContain(`${name} (Basic Needs)`);

    // Reorder: up until it passes the last active Basic Needs charity (inactive rows sit between).
    const row = admin.getByTestId('admin-charity-row').filter({ hasText: name });
    expect(await row.getByRole('button', { name: `Move ${name} down` }).isDisabled()).toBe(true);
    const lastBasic = basicNeeds.at(-1)!;
    while ((await adminNames(admin)).indexOf(name) > (await adminNames(admin)).indexOf(lastBasic)) {
      const at = (await adminNames(admin)).indexOf(name);
      await row.getByRole('button', { name: `Move ${name} up` }).click();
      await expect.poll(() => adminNames(admin).then((n) => n.indexOf(name))).toBe(at - 1);
    }
    await admin.getByText('Order updated successfully').first().waitFor();
    const reordered = [...basicNeeds.slice(0, -1), name, lastBasic];
    await expect.poll(() => publicNames(visitor, 'Basic Needs'), { timeout: 15_000 }).toEqual(reordered);
    await expect.poll(async () => {
      const choices = await formChoices(creator);
      return [choices.indexOf(`${name} (Basic Needs)`), choices.indexOf(`${lastBasic} (Basic Needs)`)];
    }, { timeout: 15_000 }).toSatisfy(([mine, theirs]: number[]) => mine >= 0 && mine === theirs - 1);

    // Deactivate: gone from the public page and the form, still listed for the admin.
    await row.getByRole('switch', { name: `${name} active` }).click();
    await admin.getByText('Charity deactivated successfully').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await expect.poll(() => publicNames(visitor, 'Basic Needs'), { timeout: 15_000 }).toEqual(basicNeeds);
    await expect.poll(() => formChoices(creator), { timeout: 15_000 }).not.toContain(`${name} (Basic Needs)`);

    // Delete, after the spec's confirmation.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete charity' });
    await confirm.getByText('Are you sure you want to delete this charity?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Charity deleted successfully').waitFor();
    await expect.poll(() => adminNames(admin)).not.toContain(name);
    expect(await admin.getByTestId('charity-stat-total').textContent()).toBe(String(totalBefore));
    expect(errors).toEqual([]);
    await Promise.all([admin, visitor, creator].map((p) => p.context().close()));
  });

  it('the public page searches, filters by category, and falls back to the cached list when the API fails', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/verified-charities`);
    await page.getByTestId('charity-card').first().waitFor();
    const total = await page.getByTestId('charity-card').count();

    await page.getByRole('tab', { name: 'Animal Welfare' }).click();
    await expect.poll(() => page.getByTestId('charity-group').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Animal Welfare' }).getByTestId('charity-card').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByLabel('Search charities').fill('no such charity anywhere');
    await page.getByText('No charities found matching your search criteria.').waitFor();

    // The API fails: the list this browser loaded last, with the spec's notice.
    await page.route('**/api/charities', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
    await page.reload();
    await page.getByText('Using cached charity data').waitFor({ timeout: 15_000 });
    await page.getByText('Info', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('charity-card').count()).toBe(total);
    await page.context().close();
  });

  it('a first-time visitor whose API fails sees the built-in list, with the same notice', async () => {
    // A fresh browser context: no saved copy of the list.
    const { page } = await newPage(browser);
    await page.route('**/api/charities', (route) => route.fulfill(failing));
    await page.goto(`${baseUrl}/verified-charities`);
    await toast(page, 'Info', 'Using cached charity data').waitFor({ timeout: 15_000 });
    const builtIn = BUILT_IN_CHARITIES.filter((c) => c.is_active);
    await expect.poll(() => page.getByTestId('charity-card').count(), { timeout: 15_000 }).toBe(builtIn.length);
    const card = page.getByTestId('charity-card').filter({ hasText: builtIn[0]!.name });
    expect(await card.locator(`code[title="${builtIn[0]!.wallet_address}"]`).count()).toBe(1);
    expect(await page.getByText('No campaign payouts yet').count()).toBe(0);
    expect(await page.getByRole('tab').allTextContents()).toEqual(expect.arrayContaining(['All', builtIn[0]!.category]));
    await page.context().close();
  });

  it("the admin page's failure toasts: load, reorder, toggle, delete and save", async () => {
    const { page } = await newPage(browser);
    await signInAdminPage(page, baseUrl);
    // The list cannot be loaded.
    await page.route('**/api/admin/charities', (route) => (route.request().method() === 'GET' ? route.fulfill(failing) : route.fallback()));
    await page.goto(`${baseUrl}/xk9j2m4p/charities`);
    await toast(page, 'Error', 'Failed to load charities').waitFor({ timeout: 15_000 });
    await page.unroute('**/api/admin/charities');
    await page.reload();
    const row = page.getByTestId('admin-charity-row').nth(1);
    await row.waitFor({ timeout: 15_000 });
    const name = (await row.getByTestId('admin-charity-name').textContent())!;
    const order = await adminNames(page);

    // Every write fails on the way: the spec's words, and nothing moves.
    await page.route('**/api/admin/charities/*/move', (route) => route.fulfill(failing));
    await row.getByRole('button', { name: `Move ${name} up` }).click();
    await toast(page, 'Error', 'Failed to update order').waitFor();
    expect(await adminNames(page)).toEqual(order);
    await page.route('**/api/admin/charities/*', (route) => (['PATCH', 'DELETE'].includes(route.request().method()) ? route.fulfill(failing) : route.fallback()));
    await row.getByRole('switch', { name: `${name} active` }).click();
    await toast(page, 'Error', 'Failed to update charity status').waitFor();
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete charity' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Error', 'Failed to delete charity').waitFor();
    await page.keyboard.press('Escape');
    await page.route('**/api/admin/charities', (route) => (route.request().method() === 'POST' ? route.fulfill(failing) : route.fallback()));
    await page.getByRole('button', { name: 'Add New Charity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Charity' });
    await dialog.locator('#charity-name').fill('Never Saved Trust');
    await dialog.locator('#charity-category').selectOption('Education');
    await dialog.locator('#charity-wallet_address').fill(Keypair.generate().publicKey.toBase58());
    await dialog.locator('#charity-website').fill('never-saved.example');
    await dialog.getByRole('button', { name: 'Add Charity' }).click();
    await toast(page, 'Error', 'Failed to save charity').waitFor();
    await page.unrouteAll();
    await page.reload();
    await page.getByTestId('admin-charity-row').first().waitFor({ timeout: 15_000 });
    expect(await adminNames(page)).toEqual(order);
    await page.context().close();
  });
});
