import { Connection, Keypair } from '@solana/web3.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchBrowser, newPage } from './browser';
import { launchCampaign } from './launchApi';

const baseUrl = sharedBaseUrl();
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('a launch anywhere reaches open pages', () => {
  it("raises the header's campaign count without a reload (live event, not a poll)", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    const { total } = await (await fetch(`${baseUrl}/api/campaigns/count`)).json() as { total: number };
    const count = page.getByTestId('total-campaigns');
    await count.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();

    // Another person launches: their creator wallet is funded from the ledger's JSON-RPC faucet.
    const creator = Keypair.generate();
    const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');
    const signature = await connection.requestAirdrop(creator.publicKey, 2e9);
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
    // No initial buy: no trade event either, so only the launch's own event can refresh the count.
    await launchCampaign(baseUrl, { creator, airdropSol: 0, name: 'Live Count', initialBuy: '' });

    // The count's own query refetches only on focus or remount; 5 s is well inside any poll.
    await count.getByText((total + 1).toLocaleString('en-US'), { exact: true }).waitFor({ timeout: 5_000 });
    await page.context().close();
  });
});
