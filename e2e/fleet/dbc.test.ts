import { Keypair } from '@solana/web3.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet, type FleetProcess } from '../../server/fleet/startFleet';
import { launchCampaign } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import { airdrop, jobLockHolder, ledgerRpc, payoutCampaigns, query, solBalance, someClient, trade } from './fleetClient';

// Campaigns on their own DBC pools (issue 36, the default design) across a fleet of two web
// processes and two workers: a completed curve migrates into DAMM v2 once, and the claimer
// killed mid-pass pays each claim once.

let fleet: Fleet;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await newFleetDatabase();
  fleet = await startFleet({
    databaseUrl, built: true, webs: 2, workers: 2,
    env: {
      DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '2000',
      // Each claim sent is recorded paid 1.5 s later: the kill below lands in that window every time, not by luck.
      DISTRIBUTOR_TEST_CLAIM_PAUSE_MS: '1500',
      FAUCET_PER_MINUTE: '100000', RPC_RATE_LIMIT: '1000000',
      // 150 slots of 100 ms: a claim the killed worker sent without seeing its answer is known to have landed or not within 15 s.
      LEDGER_SLOT_MS: '100',
    },
  });
});
afterAll(async () => { await fleet?.stop(); });

const alive = (p: FleetProcess) => p.child.exitCode === null && p.child.signalCode === null;
const workerNamed = (name: string | null) => fleet.workers.find((w) => `causemint-${w.name}` === name);
const migrationsIn = (output: string) => output.split('\n').filter((line) => line.includes('curve graduated into DAMM v2') && line.includes('"status":"migrated"')).length;

describe('DBC pools across two workers', () => {
  it('a completed curve migrates into DAMM v2 once, and the graduated pool trades through either web process', async () => {
    const [web1, web2] = fleet.webs.map((w) => w.url!) as [string, string];
    const { mint } = await launchCampaign(fleet.url, { initialBuy: '0', ticker: 'GRAD' });
    const whales = [0, 1].map(() => Keypair.generate());
    await Promise.all(whales.map((w) => airdrop(fleet.url, w.publicKey, 30)));
    // Two buys, each more than the whole 20 SOL curve: the first fills it (partial fill), the second finds it complete or graduated.
    const outcomes = await Promise.allSettled(whales.map((w, i) => trade(i ? web1 : web2, i ? web2 : web1, mint, 'buy', w, '25', someClient())));
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);

    const graduated = async () => (await query<{ damm_pool: string | null }>(databaseUrl, 'select damm_pool from curve_pools where mint = $1', [mint]))[0]!.damm_pool;
    await expect.poll(graduated, { timeout: 60_000, interval: 250 }).not.toBeNull();
    const dammPool = (await graduated())!;
    expect(await ledgerRpc(fleet.ledger.url!, 'getAccountInfo', [dammPool, { encoding: 'base64', commitment: 'confirmed' }])).toMatchObject({ value: { owner: 'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG' } });
    // One migration across both workers (the job's lock, and the program refuses a second).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(fleet.workers.reduce((n, w) => n + migrationsIn(w.output()), 0)).toBe(1);
    const [campaign] = await query<{ is_bonded: boolean }>(databaseUrl, 'select is_bonded from campaigns where token_address = $1', [mint]);
    expect(campaign!.is_bonded).toBe(true);

    // The widget's API now trades the DAMM v2 pool, from either process, and the trades are read back from the chain.
    const buyer = Keypair.generate();
    await airdrop(fleet.url, buyer.publicKey, 2);
    const bought = await trade(web2, web1, mint, 'buy', buyer, '0.2', someClient());
    expect(bought.expected).toBeGreaterThan(0n);
    await expect.poll(async () => (await query(databaseUrl, 'select 1 from curve_trades where signature = $1', [bought.signature])).length, { timeout: 10_000 }).toBe(1);
  });

  it('the claimer killed mid-pass: the other worker finishes it, and each claim is paid once, exactly what it claimed', async () => {
    const { donationWallets, mints, round } = await payoutCampaigns(fleet, 'CLM', '0.3');
    const paidRuns = async () => Number((await query<{ n: string }>(databaseUrl, "select count(*)::text as n from distribution_runs where kind = 'dbc_claim' and state = 'paid' and donation_lamports > 0"))[0]!.n);

    await round();
    await expect.poll(paidRuns, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    const holder = workerNamed(await jobLockHolder(databaseUrl, 'distributor'))!;
    const other = fleet.workers.find((w) => w !== holder)!;

    // kill -9 of the distributor's worker with a claim journaled (sent, or about to be) and its run not yet paid.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let open: { state: string }[] = [];
    try {
      // DISTRIBUTOR_TEST_CLAIM_PAUSE_MS holds each sent claim's run unpaid for 1.5 s: the first round's claims are caught.
      for (let attempt = 0; attempt < 3 && open.length === 0; attempt++) {
        const trading = round();
        let traded = false;
        void trading.then(() => { traded = true; });
        for (let polls = 0; !traded || polls % 200 !== 0; polls++) {
          const { rows } = await client.query<{ state: string }>("select state from distribution_runs where kind = 'dbc_claim' and state <> 'paid' and txs::text like '%\"claim\"%'");
          if (rows.length > 0) { open = rows; break; }
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        if (open.length > 0) {
          await holder.kill('SIGKILL');
          await trading;
          break;
        }
        await trading;
        // Wait for this round's claims before the next round (a run caught only between looks is another round's chance).
        await new Promise((resolve) => setTimeout(resolve, 2_500));
      }
    } finally {
      await client.end();
    }
    console.log(`${holder.name} killed with ${open.length} claim run(s) open`);
    expect(open.length).toBeGreaterThan(0);
    expect(alive(holder)).toBe(false);
    await expect.poll(() => jobLockHolder(databaseUrl, 'distributor'), { timeout: 30_000 }).toBe(`causemint-${other.name}`);
    await expect.poll(async () => (await query(databaseUrl, "select id from distribution_runs where state <> 'paid'")).length, { timeout: 60_000, interval: 500 }).toBe(0);
    expect(other.output()).toContain('distributor: run finished');

    for (const [i, mint] of mints.entries()) {
      const runs = await query<{ donation_lamports: string; payout_signature: string | null }>(databaseUrl,
        "select donation_lamports::text, payout_signature from distribution_runs where mint = $1 and kind = 'dbc_claim' and donation_lamports > 0", [mint]);
      const paid = runs.reduce((sum, r) => sum + BigInt(r.donation_lamports), 0n);
      // The donation wallet gained exactly the claims recorded, each one transaction, each once.
      expect(await solBalance(fleet.ledger.url!, donationWallets[i]!) - 1_000_000_000n, mint).toBe(paid);
      const touching = (await ledgerRpc<{ signature: string; err: unknown }[]>(fleet.ledger.url!, 'getSignaturesForAddress', [donationWallets[i], { limit: 1000, commitment: 'confirmed' }]))
        .filter((s) => s.err === null).map((s) => s.signature);
      const claims = runs.map((r) => r.payout_signature!);
      expect(new Set(claims).size).toBe(runs.length);
      expect(claims.every((s) => touching.includes(s))).toBe(true);
      // Besides the claims, only the 1 SOL airdrop.
      expect(touching.length).toBe(claims.length + 1);
    }
  }, 360_000);
});
