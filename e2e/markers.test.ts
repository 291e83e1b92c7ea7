import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { Connection, Keypair, type PublicKey } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import type { ChartMarker, ChartMarkersResponse } from '../core/chartMarkers';
import { adminCookie } from './adminApi';
import { launchBrowser, newPage } from './browser';
import { trade } from './fleet/fleetClient';
import { launchCampaign, type LaunchedCampaign } from './launchApi';

const baseUrl = sharedBaseUrl();
const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
// Screenshots to look at after a run (test-results/ is not committed).
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../test-results/e2e/markers');
let browser: Browser;
let campaign: LaunchedCampaign;
let markers: ChartMarker[];

async function fund(wallet: PublicKey, sol: number): Promise<void> {
  const signature = await connection.requestAirdrop(wallet, sol * 1e9);
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
}

async function runDistributor(): Promise<void> {
  const cookie = await adminCookie(baseUrl);
  // The scheduled job may be mid-run in the same process: then try again (a loop: expect.poll is for tests, this is setup).
  for (let attempt = 0; attempt < 120; attempt++) {
    const res = await fetch(`${baseUrl}/api/admin/distributor/run`, { method: 'POST', headers: { cookie, origin: baseUrl } });
    if (res.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the distributor never ran');
}

beforeAll(async () => {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  browser = await launchBrowser();
  const creator = Keypair.generate();
  await fund(creator.publicKey, 3);
  campaign = await launchCampaign(baseUrl, { creator, airdropSol: 0, initialBuy: '0.1', ticker: 'MARK', name: 'Marked Trees' });
  const { mint } = campaign;
  await trade(baseUrl, baseUrl, mint, 'buy', creator, '0.2');
  await trade(baseUrl, baseUrl, mint, 'sell', creator, '1000000');
  const buyers = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
  for (const [i, buyer] of buyers.entries()) {
    await fund(buyer.publicKey, 3);
    await trade(baseUrl, baseUrl, mint, 'buy', buyer, String(0.5 * (i + 1)));
  }
  await trade(baseUrl, baseUrl, mint, 'sell', buyers[2]!, '2000000');
  // The rest in the next minute: two 1m candles, so the chart shows markers on different bars.
  await new Promise((resolve) => setTimeout(resolve, 61_000 - (Date.now() % 60_000)));
  await runDistributor();
  // A whale fills the curve (20 SOL): graduation.
  const whale = Keypair.generate();
  await fund(whale.publicKey, 30);
  expect((await trade(baseUrl, baseUrl, mint, 'buy', whale, '25')).graduated).toBe(true);
  const res = await fetch(`${baseUrl}/api/campaigns/${mint}/markers`);
  expect(res.status).toBe(200);
  markers = ((await res.json()) as ChartMarkersResponse).markers;
}, 240_000);
afterAll(async () => { await browser?.close(); });

/** Opens the campaign page at a width and waits until the chart has drawn its markers. */
async function openChart(width: number): Promise<Page> {
  const { page } = await newPage(browser, { width, height: 1000 });
  // Consent given before: the cookie banner would cover the chart in the screenshots.
  await page.context().addCookies([{ name: 'cookie-consent', value: 'true', url: baseUrl }]);
  await page.goto(`${baseUrl}/campaign/${campaign.mint}`);
  const chart = page.getByTestId('candle-chart');
  await chart.waitFor({ timeout: 30_000 });
  await expect.poll(async () => Number(await chart.getAttribute('data-markers')), { timeout: 20_000 }).toBe(markers.length);
  return page;
}

/** Moves the mouse along the chart until a marker's tooltip shows; answers its text. */
async function hoverUntilTooltip(page: Page): Promise<string> {
  const box = (await page.getByTestId('candle-chart').boundingBox())!;
  const tooltip = page.getByTestId('chart-marker-tooltip');
  for (let x = box.x + box.width - 80; x > box.x + 4; x -= 4) {
    await page.mouse.move(x, box.y + box.height / 2);
    if (await tooltip.isVisible()) return (await tooltip.textContent()) ?? '';
  }
  throw new Error('no bar with a marker tooltip under the mouse');
}

describe('chart markers on the campaign page', () => {
  it('marks every kind and shows the hovered bar\'s marker texts in a tooltip', async () => {
    expect(new Set(markers.map((m) => m.kind))).toEqual(new Set(['creator_buy', 'creator_sell', 'payout', 'graduation', 'large_trade']));
    expect(markers.find((m) => m.kind === 'creator_sell')?.text).toMatch(/^Creator sold 1,000,000 tokens for 0\.\d{1,4} SOL$/);

    const page = await openChart(1440);
    const legend = page.getByTestId('chart-marker-legend');
    expect(await legend.locator('[data-present="true"]').count()).toBe(5);
    const text = await hoverUntilTooltip(page);
    // The hovered bar's tooltip holds the texts the API gave its markers (the trades here share few bars).
    const shown = markers.filter((m) => text.includes(m.text));
    expect(shown.length, text).toBeGreaterThan(0);
    expect(text).toContain(shown[0]!.text);
    await page.getByTestId('trade-chart').screenshot({ path: path.join(OUTPUT_DIR, 'chart-tooltip-1440.png') });
    await page.mouse.move(1, 1);
    await page.getByTestId('chart-marker-tooltip').waitFor({ state: 'hidden' });
    await page.getByTestId('trade-chart').screenshot({ path: path.join(OUTPUT_DIR, 'chart-1440.png') });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'campaign-chart-1440.png'), fullPage: true });
    await page.context().close();
  });

  it('works at 390 px', async () => {
    const page = await openChart(390);
    await page.getByTestId('trade-chart').scrollIntoViewIfNeeded();
    const text = await hoverUntilTooltip(page);
    expect(markers.some((m) => text.includes(m.text)), text).toBe(true);
    await page.getByTestId('trade-chart').screenshot({ path: path.join(OUTPUT_DIR, 'chart-tooltip-390.png') });
    await page.mouse.move(1, 1);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'campaign-chart-390.png'), fullPage: true });
    await page.context().close();
  });
});
