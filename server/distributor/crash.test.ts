import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { launchCampaign, type LaunchedCampaign } from '../../e2e/launchApi';
import { startServer, type StartedServer } from '../../e2e/server';
import { tokenAccountOf } from '../chain/curve';
import { openDatabase } from '../db/client';
import { distributionRuns } from '../db/schema';
import { createTestDatabase } from '../testing/db';
import { signFast } from '../trading/testing/market';
import { TEST_ADMIN } from '../routes/admin/testAdmin';

// The distributor's promise: a run ends paid exactly once whatever moment the process dies
// at, and no lamport goes missing. The server kills itself (SIGKILL: DISTRIBUTOR_CRASH_AFTER)
// right after a run stores each state in turn, then restarts. Crash points run latest first:
// a start first finishes the run the last one died in, then a new campaign's run is started
// and dies at an earlier state. Every pass is the test's own (the jobs never start here): a
// start-up pass that came late, after the round's buy, would die before the test looked.
const CRASH_POINTS = ['paid', 'sold', 'withdrawn', 'harvested', 'started'] as const;
// Above the 6% a run leaves behind in the pool's account, below a round's fees: one run per campaign.
const FLOOR = 50_000_000n;

type Round = {
  crashAfter: string; campaign: LaunchedCampaign; trader: Keypair; donation: PublicKey; distributor: PublicKey; pool: PublicKey;
  /** Lamports of the round's accounts once its trades are done, before any distribution. */
  before: Map<string, bigint>;
};

describe('distributor crash recovery', () => {
  const servers: StartedServer[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {});
    await cleanup?.();
  });

  it('finishes every run after SIGKILL at each step, paying once, with every lamport accounted for', async () => {
    const test = await createTestDatabase();
    cleanup = test.cleanup;
    await test.database.close();
    const output: string[] = [];
    const baseEnv = {
      // The custodial design's harvest, withdraw, sell and payout (a DBC campaign's one journaled claim: e2e/fleet/dbc.test.ts).
      CURVE_PROGRAM: 'custodial',
      DATABASE_URL: test.databaseUrl ?? '', LAUNCH_FUNDING_POLL_MS: '50', LAUNCH_FUNDING_POLL_ATTEMPTS: '40',
      ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password,
      DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: FLOOR.toString(), DISTRIBUTOR_INTERVAL_MS: '3600000', JOBS_START_DELAY_MS: '86400000',
      // The test buys 3 SOL at a time from one address: the per-address share cap has its own tests.
      QUOTES_MAX_CURVE_SHARE_BPS: '10000',
      // One address, restart after restart within a minute: the faucet and sign-in counts live in the database, not the process.
      FAUCET_PER_MINUTE: '1000', SIGN_INS_PER_MINUTE: '1000',
    };
    const start = async (crashAfter: string | null) => {
      const server = await startServer({ ...baseEnv, ...(crashAfter ? { DISTRIBUTOR_CRASH_AFTER: crashAfter } : {}) }, { dataDir: test.dataDir });
      servers.push(server);
      for (const stream of [server.process.stdout, server.process.stderr]) {
        stream?.on('data', (d) => { output.push(`[${crashAfter ?? 'final'}] ${String(d)}`); });
      }
      return server;
    };
    const died = async (server: StartedServer) => {
      if (server.process.exitCode === null && server.process.signalCode === null) await new Promise((r) => server.process.once('exit', r));
      servers.splice(servers.indexOf(server), 1);
      return server.process.signalCode;
    };

    const rounds: Round[] = [];
    let treasuryStart = 0n;
    let launchInflows = 0n;
    let treasury: PublicKey | undefined;
    const body = async () => {
      for (const crashAfter of [...CRASH_POINTS, null]) {
        const server = await start(crashAfter);
        const { url } = server;
        const rpc = new Connection(`${url}/api/rpc`, 'confirmed');
        const lamports = async (key: PublicKey) => BigInt((await rpc.getAccountInfo(key))?.lamports ?? 0);
        const admin = await adminCookie(url);
        // Finishes the run the last start died in.
        const resumed = await fetch(`${url}/api/admin/distributor/run`, { method: 'POST', headers: { cookie: admin, origin: url } });
        expect(resumed.status, await resumed.clone().text()).toBe(200);
        if (!crashAfter) {
          await verify();
          break;
        }
        treasury ??= new PublicKey(((await (await fetch(`${url}/api/config`)).json()) as { supportWallet: string }).supportWallet);
        if (rounds.length === 0) {
          await fetch(`${url}/api/dev/airdrop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: treasury.toBase58(), sol: 1 }) });
          treasuryStart = await lamports(treasury);
        }
        const treasuryBeforeLaunch = await lamports(treasury);
        const donation = Keypair.generate().publicKey;
        const campaign = await launchCampaign(url, { initialBuy: '0.3', donationWallet: donation.toBase58(), ticker: 'CRASH' });
        launchInflows += await lamports(treasury) - treasuryBeforeLaunch;
        const trader = Keypair.generate();
        await fetch(`${url}/api/dev/airdrop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: trader.publicKey.toBase58(), sol: 5 }) });
        await buy(url, campaign.mint, trader, '3');
        const distributor = new PublicKey(campaign.prepared.distribution_wallet);
        const pool = new PublicKey(campaign.prepared.bonding_curve);
        const accounts = [donation, distributor, tokenAccountOf(new PublicKey(campaign.mint), distributor), pool, campaign.creator.publicKey, trader.publicKey];
        const before = new Map<string, bigint>();
        for (const key of accounts) before.set(key.toBase58(), await lamports(key));
        rounds.push({ crashAfter, campaign, trader, donation, distributor, pool, before });
        // The server kills itself while answering: no response comes back.
        await expect(fetch(`${url}/api/admin/distributor/run`, { method: 'POST', headers: { cookie: admin, origin: url } })).rejects.toThrow();
        expect(await died(server)).toBe('SIGKILL');
      }
    };

    // The journal is read with the server stopped (PGlite is one process), then the chain through a restarted server.
    const verify = async () => {
      const server = servers.at(-1)!;
      await server.stop();
      servers.pop();
      const database = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
      let treasuryShares = 0n;
      const checks: { round: Round; run: typeof distributionRuns.$inferSelect }[] = [];
      try {
        for (const round of rounds) {
          const runs = await database.db.select().from(distributionRuns).where(eq(distributionRuns.mint, round.campaign.mint));
          expect(runs.map((r) => r.state), round.crashAfter).toEqual(['paid']);
          checks.push({ round, run: runs[0]! });
        }
      } finally {
        await database.close();
      }
      const restarted = await start(null);
      const rpc2 = new Connection(`${restarted.url}/api/rpc`, 'confirmed');
      const lamports2 = async (key: PublicKey) => BigInt((await rpc2.getAccountInfo(key))?.lamports ?? 0);
      for (const { round, run } of checks) {
        // Paid exactly once: one transaction reached the donation wallet, carrying exactly the payout.
        const received = await rpc2.getSignaturesForAddress(round.donation);
        expect(received.map((s) => s.signature), round.crashAfter).toEqual([run.payoutSignature]);
        expect(await lamports2(round.donation)).toBe(run.donationLamports);
        expect(run.platformFeeLamports! + run.donationLamports!).toBe(run.soldLamports);
        // The journal's fees are the chain's, and every lamport of the campaign's accounts is explained.
        let fees = 0n;
        for (const x of run.txs) {
          const tx = await rpc2.getTransaction(x.signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' });
          if (tx) fees += BigInt(tx.meta!.fee);
        }
        expect(run.networkFeeLamports, round.crashAfter).toBe(fees);
        const treasuryFees = run.txs.filter((x) => x.payer === 'treasury').reduce((s, x) => s + BigInt(x.fee), 0n);
        const share = run.platformFeeLamports! - treasuryFees - run.topUpLamports! - run.tokenAccountRentLamports!;
        treasuryShares += share;
        let delta = 0n;
        for (const [key, before] of round.before) delta += await lamports2(new PublicKey(key)) - before;
        expect(delta + share + fees, round.crashAfter).toBe(0n);
        // Creator and trader were not touched by the distributor.
        for (const key of [round.campaign.creator.publicKey, round.trader.publicKey]) {
          expect(await lamports2(key)).toBe(round.before.get(key.toBase58()));
        }
      }
      expect(await lamports2(treasury!) - treasuryStart - launchInflows).toBe(treasuryShares);
    };

    await body().catch((err: unknown) => {
      console.error(output.join('').slice(-20_000));
      throw err;
    });
  }, 300_000);
});

async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(TEST_ADMIN),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cm_admin='))!;
  return cookie.split(';')[0]!;
}

async function buy(url: string, mint: string, trader: Keypair, sol: string): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: url };
  const quote = await (await fetch(`${url}/api/curve/${mint}/buy`, {
    method: 'POST', headers, body: JSON.stringify({ wallet: trader.publicKey.toBase58(), amount: sol, slippageBps: 10_000 }),
  })).json() as { transactionBase64: string };
  const res = await fetch(`${url}/api/curve/${mint}/execute`, {
    method: 'POST', headers, body: JSON.stringify({ transactionBase64: signFast(quote.transactionBase64, trader) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
