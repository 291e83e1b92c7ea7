import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { Connection, Keypair } from '@solana/web3.js';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';

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
});
