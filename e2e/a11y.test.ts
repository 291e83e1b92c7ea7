import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { Connection, Keypair } from '@solana/web3.js';
import { launchBrowser, newPage } from './browser';
import { BACKERS_NOTE } from '../core/funding';
import { launchCampaign } from './launchApi';
import { connectLocalWallet } from './localWallet';
import { shootWidths } from './shots';

const baseUrl = sharedBaseUrl();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;
let mint: string;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };

beforeAll(async () => {
  browser = await launchBrowser();
  // A campaign with a trade, so cards, the campaign page and the trade page have their content.
  const creator = Keypair.generate();
  const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
  await connection.confirmTransaction({ signature: await connection.requestAirdrop(creator.publicKey, 3e9), ...(await connection.getLatestBlockhash()) }, 'confirmed');
  mint = (await launchCampaign(baseUrl, { creator, airdropSol: 0, name: 'Accessible Aid', initialBuy: '0.2' })).mint;
});
afterAll(async () => { await browser?.close(); });

/** axe-core's WCAG 2 A/AA rules on the page as it stands; serious and critical violations only. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: our Content-Security-Policy (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}


describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical violation on any public page', () => {
  it('holds at 1440 and 390 px', async () => {
    const pages = ['/', '/explore', '/how-it-works', '/verified-charities', '/get-verified', '/official-token', '/report', '/terms', '/privacy', '/start-campaign',
      `/campaign/${mint}`, `/trade/${mint}`];
    const found: string[] = [];
    for (const width of [1440, 390]) {
      const { page } = await newPage(browser, { width });
      for (const url of pages) {
        await page.goto(`${baseUrl}${url}`);
        await page.waitForLoadState('networkidle');
        for (const v of await seriousViolations(page)) {
          found.push(`${width}px ${url}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`).join('\n    ')}${v.nodes.length > 5 ? `\n    ... ${v.nodes.length} nodes` : ''}`);
        }
      }
      await page.context().close();
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('holds with a wallet connected (the header\'s wallet button, the account page), at 1440 and 390 px, and nothing is cut off', async () => {
    const { page } = await newPage(browser, { width: 1440 });
    await page.goto(baseUrl);
    await connectLocalWallet(page);
    await page.getByTestId('wallet-slot').getByTestId('wallet-balance').filter({ hasText: /\d SOL$/ }).waitFor({ timeout: 15_000 });
    const found: string[] = [];
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of ['/', '/explore', `/campaign/${mint}`, `/trade/${mint}`, '/account']) {
        await page.goto(`${baseUrl}${url}`);
        await page.waitForLoadState('networkidle');
        if (url === '/account') await page.getByTestId('account-activity').waitFor({ timeout: 20_000 });
        for (const v of await seriousViolations(page)) {
          found.push(`${width}px ${url}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`).join('\n    ')}`);
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);

    // What a phone cut off or mislabelled, at both widths: the campaign tabs (two rows of three on a
    // phone, none past the edge), the creator's launch buy labelled in Recent Trades on the campaign
    // and trade pages, the chart's value in its legend (the axis keeps its own labels), and the
    // creation form's 'Video (optional)'.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/campaign/${mint}`);
      const tabs = page.getByTestId('campaign-tabs');
      await tabs.getByRole('tab', { name: 'Holders' }).waitFor({ timeout: 15_000 });
      const list = (await tabs.boundingBox())!;
      for (const tab of await tabs.getByRole('tab').all()) {
        const b = (await tab.boundingBox())!;
        expect(b.x, `${width} px: ${await tab.textContent()}`).toBeGreaterThanOrEqual(list.x);
        expect(b.x + b.width, `${width} px: ${await tab.textContent()}`).toBeLessThanOrEqual(list.x + list.width);
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      const creatorRow = page.getByTestId('trade-row').filter({ has: page.getByTestId('trade-row-trader') });
      await creatorRow.first().waitFor({ timeout: 15_000 });
      expect(await creatorRow.getByTestId('trade-row-trader').allTextContents()).toEqual(['Creator']);
      expect(await page.getByTestId('chart-legend-market-cap').textContent()).toMatch(/^\$\d+(\.\d+)?[KMB]?$/);
      // Backers are said to be other people than the creator and the cause, where the number is.
      expect(await page.getByTestId('funding-backers-note').textContent()).toBe(BACKERS_NOTE);
      expect(await page.getByTestId('funding-backers').getAttribute('title')).toMatch(/^Supporters other than the creator and the cause who put at least [\d.]+ SOL in/);
      if (width === 390) await shootWidths(page, 'campaign-connected');
      await page.goto(`${baseUrl}/trade/${mint}`);
      await page.getByTestId('trade-row-trader').filter({ hasText: 'Creator' }).waitFor({ timeout: 15_000 });
      if (width === 390) await shootWidths(page, 'trade-connected');
      await page.goto(`${baseUrl}/start-campaign`);
      const video = page.getByTestId('video-summary');
      await video.waitFor({ timeout: 15_000 });
      expect(await video.textContent()).toBe('Video (optional)');
      expect(await video.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight), `${width} px: Video (optional) whole`).toBe(true);
    }
    await page.goto(baseUrl);
    await page.getByTestId('campaign-card').first().waitFor({ timeout: 15_000 });
    await shootWidths(page, 'header-connected');
    await page.context().close();
  });
});
