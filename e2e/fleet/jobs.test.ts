import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet, type FleetProcess } from '../../server/fleet/startFleet';
import { createLaunch, prepareAndFund } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import { jobLockHolder, ledgerRpc, payoutCampaigns, query, solBalance, tokenBalance } from './fleetClient';

// Jobs run once across two workers: each distributor run pays once, even when the worker
// running them is killed mid-run, and a launch whose web process dies mid-create finishes in
// the worker.

let fleet: Fleet;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await newFleetDatabase();
  fleet = await startFleet({
    databaseUrl, built: true, webs: 2, workers: 2,
    env: {
      CURVE_PROGRAM: 'custodial', DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '2000',
      FAUCET_PER_MINUTE: '100000', RPC_RATE_LIMIT: '1000000', QUOTES_MAX_CURVE_SHARE_BPS: '10000', QUOTES_MAX_LIVE_PER_CLIENT: '100000',
      // 150 slots of 100 ms: a payout (or sell) the killed worker sent without seeing its answer
      // is known to have landed or not within 15 s (on a cluster the run waits for its blockhash to expire).
      LEDGER_SLOT_MS: '100',
    },
  });
});
afterAll(async () => { await fleet?.stop(); });

const alive = (p: FleetProcess) => p.child.exitCode === null && p.child.signalCode === null;
/** The worker whose connections carry this application name (startFleet's PGAPPNAME). */
const workerNamed = (name: string | null) => fleet.workers.find((w) => `causemint-${w.name}` === name);

async function launchState(requestId: string): Promise<string> {
  return (await query<{ state: string }>(databaseUrl, 'select state from launch_requests where request_id = $1', [requestId]))[0]!.state;
}

/** Runs rounds of trades until a distribution run is seen in state 'sold' (a payout next); answers the open runs then. */
async function untilRunSold(round: () => Promise<void>, paidRuns: () => Promise<number>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 4; attempt++) {
      const paidBefore = await paidRuns();
      let traded = false;
      const trading = round().then(() => { traded = true; });
      for (let polls = 0; ; polls++) {
        const { rows } = await client.query<{ state: string; steps: string }>("select state, txs::text as steps from distribution_runs where state <> 'paid'");
        // The caller kills at once; the round's trades finish after.
        if (rows.some((r) => r.state === 'sold')) return { open: rows, trading };
        // This round's runs were all paid between two looks.
        await new Promise((resolve) => setTimeout(resolve, 2));
        if (traded && polls % 100 === 0 && rows.length === 0 && await paidRuns() >= paidBefore + 3) break;
      }
    }
    return { open: [], trading: Promise.resolve() };
  } finally {
    await client.end();
  }
}

describe('jobs across two workers', () => {
  it('a launch whose web process is killed mid-create finishes in the worker, and charges its creator once', async () => {
    const web1 = fleet.webs[0]!;
    await expect.poll(() => jobLockHolder(databaseUrl, 'launches'), { timeout: 30_000 }).not.toBeNull();
    const runner = workerNamed(await jobLockHolder(databaseUrl, 'launches'))!;
    const funded = await prepareAndFund(fleet.url, { airdropSol: 3, initialBuy: '0.5', ticker: 'KILL' });
    const { request_id: requestId, token_address: mint, amount_to_fund_lamports: funding } = funded.prepared;
    const creator = funded.creator.publicKey.toBase58();

    // The create goes to web1, which records the funding and hands the launch to the worker;
    // web1 dies while the worker has it under way.
    const answer = createLaunch(web1.url!, funded).then(() => 'answered', (err: Error) => err.message);
    await expect.poll(() => launchState(requestId), { interval: 5, timeout: 30_000 }).not.toBe('prepared');
    await web1.kill('SIGKILL');
    const stateAtKill = await launchState(requestId);
    console.log(`web1 killed with the launch ${stateAtKill}`);
    expect(['funded', 'mint_created', 'curve_seeded', 'initial_buy_done', 'campaign_saved']).toContain(stateAtKill);
    expect(await answer).not.toBe('answered');

    await expect.poll(() => launchState(requestId), { timeout: 60_000, interval: 250 }).toBe('created');
    expect(alive(web1)).toBe(false);
    // The launches job's runner drove it; the other worker did not.
    expect(runner.output()).toContain(requestId);
    expect(fleet.workers.find((w) => w !== runner)!.output()).not.toContain(requestId);
    expect(await ledgerRpc(fleet.ledger.url!, 'getAccountInfo', [mint, { encoding: 'base64', commitment: 'confirmed' }])).toMatchObject({ value: { owner: expect.any(String) } });
    const listed = await fetch(`${fleet.url}/api/campaigns/${mint}`);
    expect(listed.status).toBe(200);
    const [row] = await query<{ buy_tokens: string }>(databaseUrl, 'select buy_tokens::text from launch_requests where request_id = $1', [requestId]);
    const charged = 3_000_000_000n - BigInt(funding) - 5_000n;
    expect(await solBalance(fleet.ledger.url!, creator)).toBe(charged);
    expect(await tokenBalance(fleet.ledger.url!, mint, creator)).toBe(BigInt(row!.buy_tokens));

    // The creator's retry after the restart answers the same launch and charges nothing more.
    await web1.restart();
    expect((await createLaunch(web1.url!, funded)).mintAddress).toBe(mint);
    expect(await solBalance(fleet.ledger.url!, creator)).toBe(charged);
    expect(await tokenBalance(fleet.ledger.url!, mint, creator)).toBe(BigInt(row!.buy_tokens));
  });

  it('every distributor run pays once, the worker running them killed mid-run included', async () => {
    const { donationWallets, mints, round } = await payoutCampaigns(fleet, 'DST', '0.5');
    const paidRuns = async () => Number((await query<{ n: string }>(databaseUrl, "select count(*)::text as n from distribution_runs where state = 'paid'"))[0]!.n);

    await round();
    await expect.poll(paidRuns, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    const holder = workerNamed(await jobLockHolder(databaseUrl, 'distributor'))!;
    const other = fleet.workers.find((w) => w !== holder)!;
    expect(fleet.workers.every(alive)).toBe(true);
    expect(holder.output()).toContain('distributor: run finished');
    expect(other.output()).not.toContain('distributor: run finished');

    // kill -9 of the distributor's worker while a run is sold and its payout about to go or gone
    // (the step that must not pay twice); runs take a moment, so a round may pass unseen: then another.
    const { open, trading } = await untilRunSold(round, paidRuns);
    await holder.kill('SIGKILL');
    await trading;
    console.log(`${holder.name} killed with runs open: ${open.map((r) => `${r.state} (${JSON.parse(r.steps).map((t: { step: string }) => t.step).join(', ')})`).join('; ')}`);
    expect(open.length).toBeGreaterThan(0);
    await expect.poll(() => jobLockHolder(databaseUrl, 'distributor'), { timeout: 30_000 }).toBe(`causemint-${other.name}`);
    const unpaid = () => query<{ state: string; last_error: string | null }>(databaseUrl, "select state, last_error from distribution_runs where state <> 'paid'");
    await expect.poll(async () => JSON.stringify(await unpaid()), { timeout: 60_000, interval: 500 }).toBe('[]');

    const beforeThird = await paidRuns();
    await round();
    await expect.poll(paidRuns, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(beforeThird + 3);
    await expect.poll(async () => (await query(databaseUrl, "select id from distribution_runs where state <> 'paid'")).length, { timeout: 60_000 }).toBe(0);
    expect(other.output()).toContain('distributor: run finished');

    const rentExempt = BigInt(await ledgerRpc<number>(fleet.ledger.url!, 'getMinimumBalanceForRentExemption', [0]));
    for (const [i, mint] of mints.entries()) {
      const runs = await query<{ id: string; donation_lamports: string; payout_signature: string; withdraw_signature: string; created_at: Date; paid_at: Date; distributor_wallet: string }>(databaseUrl,
        `select id, donation_lamports::text, payout_signature, withdraw_signature, created_at, paid_at, distributor_wallet
         from distribution_runs where mint = $1 order by created_at`, [mint]);
      expect(runs.length, mint).toBeGreaterThanOrEqual(2);
      // One run at a time per campaign: each starts after the one before it was paid.
      for (let r = 1; r < runs.length; r++) expect(runs[r]!.created_at.getTime()).toBeGreaterThanOrEqual(runs[r - 1]!.paid_at.getTime());
      expect(new Set(runs.map((r) => r.withdraw_signature)).size).toBe(runs.length);
      // The donation wallet gained exactly the runs' recorded payouts, each one transaction, each once.
      const paid = runs.reduce((sum, r) => sum + BigInt(r.donation_lamports), 0n);
      expect(await solBalance(fleet.ledger.url!, donationWallets[i]!) - 1_000_000_000n).toBe(paid);
      const touching = (await ledgerRpc<{ signature: string }[]>(fleet.ledger.url!, 'getSignaturesForAddress', [donationWallets[i], { limit: 1000, commitment: 'confirmed' }])).map((s) => s.signature);
      const payouts = runs.map((r) => r.payout_signature);
      expect(new Set(payouts).size).toBe(runs.length);
      expect(payouts.every((s) => touching.includes(s))).toBe(true);
      // Besides the payouts, only the 1 SOL airdrop.
      expect(touching.length).toBe(payouts.length + 1);
      // Nothing withheld from the cause: the distributor wallet is back to its rent-exempt minimum.
      expect(await solBalance(fleet.ledger.url!, runs[0]!.distributor_wallet)).toBe(rentExempt);
    }
  });
});
