import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { connectLocalWallet, localWalletAddress } from './localWallet';
import { freePort } from './server';

const root = path.resolve(import.meta.dirname, '..');
const OUTPUT_DIR = path.resolve(root, 'test-results/e2e/newcomer');
let browser: Browser;
let child: ChildProcess;
let dataDir: string;
let openUrl: string;

// The README's first command on a fresh data directory: `npm start` (scripts/start.mjs), its
// demo campaigns included, read as a newcomer reads it: the URL printed in the ready box.
beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-newcomer-'));
  const port = await freePort();
  child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_ACTIVITY: 'off', NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready box:\n${output}`)), 170_000);
    child.stdout!.on('data', () => {
      const url = /\| {3}Open: +(\S+)/.exec(output)?.[1];
      if (url) { clearTimeout(timer); resolve(url); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`npm start exited ${code}:\n${output}`)); });
  });
});

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a newcomer\'s first visit', () => {
  it('opens the printed URL, gets test SOL from the prompt, donates from a demo campaign without scrolling and opens the receipt', async () => {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const { page, errors } = await newPage(browser, { width: 1440, height: 900 });
    await page.goto(openUrl);
    await connectLocalWallet(page);
    // A new Local wallet holds 0 SOL: the header says where test SOL is.
    const prompt = page.getByTestId('header-test-sol');
    await prompt.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'home-empty-wallet-1440.png') });
    await prompt.click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Received 10 test SOL' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => prompt.count(), { timeout: 10_000 }).toBe(0);

    // The demo campaigns arrive within a minute or two of the box: open one from home.
    await page.getByTestId('campaign-card').first().waitFor({ timeout: 120_000 });
    await page.getByTestId('campaign-card').first().click();
    await page.getByTestId('campaign-page').waitFor({ timeout: 20_000 });
    await page.getByTestId('support-button').click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Amount (SOL)');
    await amount.waitFor({ timeout: 15_000 });
    // Without scrolling: the donation leads the dialog and its Donate button is on screen at 1440x900.
    const donate = dialog.getByTestId('donate-button');
    const box = (await donate.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(await dialog.evaluate((el) => el.querySelector('.overflow-y-auto')?.scrollTop ?? 0)).toBe(0);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'support-dialog-1440.png') });
    await amount.fill('0.5');
    await donate.click();
    const thanks = page.locator('[data-sonner-toast]').filter({ hasText: 'Thank you!' });
    await thanks.waitFor({ timeout: 30_000 });
    await thanks.getByRole('button', { name: 'Receipt' }).click();
    await page.getByTestId('receipt').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('0.5 SOL');
    expect(await page.getByTestId('receipt').textContent()).toContain(await localWalletAddress(page));
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'receipt-1440.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
