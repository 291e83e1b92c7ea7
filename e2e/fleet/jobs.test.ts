import { Transaction } from '@solana/web3.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet, type FleetProcess } from '../../server/fleet/startFleet';
import { completeLaunch, prepareLaunch, signLaunch } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import { jobLockHolder, ledgerRpc, payoutCampaigns, query, signatureOf, solBalance, tokenBalance } from './fleetClient';

// Jobs run once across two workers, on campaigns' own DBC pools: each distributor claim pays
// once, even when the worker running them is killed mid-run; and a launch whose web process
// dies mid-complete is finished by the creator's retry on another, charged once.

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
      // 150 slots of 100 ms: a claim (or a launch) a killed process sent without seeing its answer
      // is known to have landed or not within 15 s (on a cluster the run waits for its blockhash to expire).
      LEDGER_SLOT_MS: '100',
    },
  });
});
afterAll(async () => { await fleet?.stop(); });

const alive = (p: FleetProcess) => p.child.exitCode === null && p.child.signalCode === null;
/** The worker whose connections carry this application name (startFleet's PGAPPNAME). */
const workerNamed = (name: string | null) => fleet.workers.find((w) => `causemint-${w.name}` === name);

async function launchRow(requestId: string) {
  return (await query<{ state: string; launch_signature: string | null }>(databaseUrl, 'select state, launch_signature from launch_requests where request_id = $1', [requestId]))[0]!;
}

/**
 * Runs rounds of trades until a claim run is seen journaled (its claim sent, or about to be) and
 * not yet paid; answers the open runs then. A claim lands within milliseconds of its journal
 * entry locally, so a round may pass unseen: then another.
 */
async function untilClaimOpen(round: () => Promise<void>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // DISTRIBUTOR_TEST_CLAIM_PAUSE_MS holds each sent claim's run unpaid for 1.5 s: the first round's claims are caught.
    for (let attempt = 0; attempt < 3; attempt++) {
      let traded = false;
      const trading = round().then(() => { traded = true; });
      for (let polls = 0; !traded || polls % 200 !== 0; polls++) {
        const { rows } = await client.query<{ state: string; steps: string }>(
          "select state, txs::text as steps from distribution_runs where kind = 'dbc_claim' and state <> 'paid' and txs::text like '%\"claim\"%'");
        // The caller kills at once; the round's trades finish after.
        if (rows.length > 0) return { open: rows, trading };
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await trading;
      // This round's claims settle before the next round (a run caught only between looks is another round's chance).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    }
    return { open: [], trading: Promise.resolve() };
  } finally {
    await client.end();
  }
}

describe('jobs across two workers', () => {
  it('a launch whose web process is killed mid-complete is finished by the retry on the other, and charges its creator once', async () => {
    const [web1, web2] = fleet.webs as [FleetProcess, FleetProcess];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let caught: { launch: Awaited<ReturnType<typeof prepareLaunch>>; signed: Awaited<ReturnType<typeof signLaunch>>; answer: Promise<string> } | undefined;
    try {
      // The kill must land between the signature stored (before the send) and complete's answer:
      // a launch that answered first is a miss, and another launch tries again.
      for (let attempt = 0; attempt < 8 && !caught; attempt++) {
        const launch = await prepareLaunch(web1.url!, { airdropSol: 3, initialBuy: '0.5', ticker: `KIL${'ABCDEFGH'[attempt]}` });
        const signed = await signLaunch(web1.url!, launch);
        let answered = false;
        const answer = completeLaunch(web1.url!, launch, signed.signedTransaction).then(() => { answered = true; return 'answered'; }, (err: Error) => err.message);
        while (!answered) {
          const { rows } = await client.query<{ launch_signature: string | null }>('select launch_signature from launch_requests where request_id = $1', [launch.prepared.request_id]);
          if (rows[0]?.launch_signature) {
            await web1.kill('SIGKILL');
            caught = { launch, signed, answer };
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        if (!caught) await answer;
      }
    } finally {
      await client.end();
    }
    expect(caught, 'every complete answered before the kill').toBeDefined();
    const { launch, signed, answer } = caught!;
    const { request_id: requestId, token_address: mint } = launch.prepared;
    const creator = launch.creator.publicKey.toBase58();
    const atKill = await launchRow(requestId);
    console.log(`web1 killed with the launch ${atKill.state}, its signature ${atKill.launch_signature ? 'stored' : 'not stored'}`);
    expect(await answer).not.toBe('answered');
    // What web1 stored before its send is the creator's signed launch, whether or not it landed.
    expect(atKill.launch_signature).toBe(signatureOf(Transaction.from(Buffer.from(signed.signedTransaction, 'base64'))));
    expect(alive(web1)).toBe(false);

    // The creator's wallet asks again with the same signed transaction, on the process still up:
    // it finds the launch landed (or relays it), and the campaign is saved once.
    const done = await completeLaunch(web2.url!, launch, signed.signedTransaction);
    expect(done.mintAddress).toBe(mint);
    expect(await launchRow(requestId)).toMatchObject({ state: 'created' });
    expect(await ledgerRpc(fleet.ledger.url!, 'getAccountInfo', [mint, { encoding: 'base64', commitment: 'confirmed' }])).toMatchObject({ value: { owner: expect.any(String) } });
    expect((await fetch(`${fleet.url}/api/campaigns/${mint}`)).status).toBe(200);
    // Charged exactly what create said the transaction takes, once; the initial buy's tokens, once.
    const charged = 3_000_000_000n - BigInt(signed.toSign.totalLamports);
    expect(await solBalance(fleet.ledger.url!, creator)).toBe(charged);
    expect(await tokenBalance(fleet.ledger.url!, mint, creator)).toBe(BigInt(signed.toSign.expectedTokens));
    expect(BigInt(done.initialBuyTokens)).toBe(BigInt(signed.toSign.expectedTokens));

    // Again after the restart, on the process that died: the same launch, nothing more charged.
    await web1.restart();
    expect((await completeLaunch(web1.url!, launch, signed.signedTransaction)).mintAddress).toBe(mint);
    expect(await solBalance(fleet.ledger.url!, creator)).toBe(charged);
    expect(await tokenBalance(fleet.ledger.url!, mint, creator)).toBe(BigInt(signed.toSign.expectedTokens));
    expect(Number((await query<{ n: string }>(databaseUrl, 'select count(*)::text as n from campaigns where token_address = $1', [mint]))[0]!.n)).toBe(1);
  });

  it('every distributor claim pays once, the worker running them killed mid-run included', async () => {
    const { donationWallets, mints, round } = await payoutCampaigns(fleet, 'DST', '0.5');
    const distributors = new Map((await query<{ token_address: string; distributor_wallet: string }>(databaseUrl,
      'select token_address, distributor_wallet from campaigns where token_address = any($1)', [mints])).map((r) => [r.token_address, r.distributor_wallet]));
    // A claim goes through the distributor key and leaves it where it began (the treasury pays the fees).
    const distributorsBefore = new Map(await Promise.all(mints.map(async (m) => [m, await solBalance(fleet.ledger.url!, distributors.get(m)!)] as const)));
    const paidRuns = async () => Number((await query<{ n: string }>(databaseUrl, "select count(*)::text as n from distribution_runs where kind = 'dbc_claim' and state = 'paid' and donation_lamports > 0"))[0]!.n);

    await round();
    await expect.poll(paidRuns, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    const holder = workerNamed(await jobLockHolder(databaseUrl, 'distributor'))!;
    const other = fleet.workers.find((w) => w !== holder)!;
    expect(fleet.workers.every(alive)).toBe(true);
    expect(holder.output()).toContain('distributor: run finished');
    expect(other.output()).not.toContain('distributor: run finished');

    // kill -9 of the distributor's worker with a claim journaled and its run not yet paid (the step that must not pay twice).
    const { open, trading } = await untilClaimOpen(round);
    await holder.kill('SIGKILL');
    await trading;
    console.log(`${holder.name} killed with runs open: ${open.map((r) => `${r.state} (${JSON.parse(r.steps).map((t: { step: string }) => t.step).join(', ')})`).join('; ')}`);
    expect(open.length).toBeGreaterThan(0);
    await expect.poll(() => jobLockHolder(databaseUrl, 'distributor'), { timeout: 30_000 }).toBe(`causemint-${other.name}`);
    const unpaid = () => query<{ state: string; last_error: string | null }>(databaseUrl, "select state, last_error from distribution_runs where state <> 'paid'");
    await expect.poll(async () => JSON.stringify(await unpaid()), { timeout: 60_000, interval: 500 }).toBe('[]');

    // The worker that took over goes on claiming new fees.
    const beforeThird = await paidRuns();
    await round();
    await expect.poll(paidRuns, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(beforeThird + 3);
    await expect.poll(async () => (await query(databaseUrl, "select id from distribution_runs where state <> 'paid'")).length, { timeout: 60_000 }).toBe(0);
    expect(other.output()).toContain('distributor: run finished');

    for (const [i, mint] of mints.entries()) {
      const runs = await query<{ donation_lamports: string; payout_signature: string | null; created_at: Date; paid_at: Date }>(databaseUrl,
        "select donation_lamports::text, payout_signature, created_at, paid_at from distribution_runs where mint = $1 and kind = 'dbc_claim' order by created_at", [mint]);
      const claims = runs.filter((r) => BigInt(r.donation_lamports) > 0n);
      expect(claims.length, mint).toBeGreaterThanOrEqual(2);
      // One run at a time per campaign: each starts after the one before it was paid.
      for (let r = 1; r < runs.length; r++) expect(runs[r]!.created_at.getTime()).toBeGreaterThanOrEqual(runs[r - 1]!.paid_at.getTime());
      // The donation wallet gained exactly the claims recorded, each one transaction, each once.
      const paid = claims.reduce((sum, r) => sum + BigInt(r.donation_lamports), 0n);
      expect(await solBalance(fleet.ledger.url!, donationWallets[i]!) - 1_000_000_000n).toBe(paid);
      const touching = (await ledgerRpc<{ signature: string; err: unknown }[]>(fleet.ledger.url!, 'getSignaturesForAddress', [donationWallets[i], { limit: 1000, commitment: 'confirmed' }]))
        .filter((s) => s.err === null).map((s) => s.signature);
      const payouts = claims.map((r) => r.payout_signature!);
      expect(new Set(payouts).size).toBe(claims.length);
      expect(payouts.every((s) => touching.includes(s))).toBe(true);
      // Besides the claims, only the 1 SOL airdrop.
      expect(touching.length).toBe(payouts.length + 1);
      // Nothing of the cause's stays with the distributor key.
      expect(await solBalance(fleet.ledger.url!, distributors.get(mint)!)).toBe(distributorsBefore.get(mint));
    }
  });
});
