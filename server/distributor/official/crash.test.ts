import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_TOTAL_SUPPLY } from '../../../core/constants';
import { startServer, type StartedServer } from '../../../e2e/server';
import { openDatabase } from '../../db/client';
import { distributionRuns, verifiedCharities } from '../../db/schema';
import { createTestDatabase } from '../../testing/db';
import { signFast } from '../../testing/signing';
import { TEST_ADMIN } from '../../routes/admin/testAdmin';

// The official token's run (on its own DBC pool: after its fee claim), killed (SIGKILL: DISTRIBUTOR_CRASH_AFTER) right
// after each of its states in turn, latest first: every start first finishes the run the
// last one died in (the job at start-up), then a new trade's run dies at an earlier state.
// At the end every run is paid once: each holder batch, the buyback, the burn and the
// payout landed exactly once, and the holders, charities and supply show exactly that.
const CRASH_POINTS = ['paid', 'burned', 'bought_back', 'holders_paid', 'sold'] as const;
// Above what a buyback's own 10% fee leaves behind, below a round's tax: one run per round.
const FLOOR = 50_000_000n;

describe('official token distribution crash recovery', () => {
  const servers: StartedServer[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {});
    await cleanup?.();
  });

  it('pays every share exactly once whatever state the process dies after', async () => {
    const test = await createTestDatabase();
    cleanup = test.cleanup;
    await test.database.close();
    const output: string[] = [];
    const baseEnv = {
      DATABASE_URL: test.databaseUrl ?? '',
      ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password, OFFICIAL_TOKEN_LAUNCH: 'on',
      DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: FLOOR.toString(), DISTRIBUTOR_INTERVAL_MS: '3600000',
      HOLDER_REWARD_MIN_TOKENS: '1000',
    };
    const start = async (crashAfter: string | null) => {
      const server = await startServer({ ...baseEnv, ...(crashAfter ? { DISTRIBUTOR_CRASH_AFTER: crashAfter } : {}) }, { dataDir: test.dataDir });
      servers.push(server);
      for (const stream of [server.process.stdout, server.process.stderr]) stream?.on('data', (d) => { output.push(`[${crashAfter ?? 'final'}] ${String(d)}`); });
      return server;
    };
    const died = async (server: StartedServer) => {
      if (server.process.exitCode === null && server.process.signalCode === null) await new Promise((r) => server.process.once('exit', r));
      servers.splice(servers.indexOf(server), 1);
      return server.process.signalCode;
    };

    let mint = '';
    // Each trader's SOL right after its buy: from then on only holder rewards reach it.
    const traders = new Map<string, bigint>();
    const body = async () => {
      for (const crashAfter of CRASH_POINTS) {
        const server = await start(crashAfter);
        const { url } = server;
        const rpc = new Connection(`${url}/api/rpc`, 'confirmed');
        mint = await officialMint(url);
        const admin = await adminCookie(url);
        // Joins the start-up run, which finishes the run the last start died in.
        const resumed = await fetch(`${url}/api/admin/distributor/run`, { method: 'POST', headers: { cookie: admin, origin: url } });
        expect(resumed.status, await resumed.clone().text()).toBe(200);
        const trader = Keypair.generate();
        await fetch(`${url}/api/dev/airdrop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: trader.publicKey.toBase58(), sol: 5 }) });
        await buy(url, mint, trader, '3');
        traders.set(trader.publicKey.toBase58(), BigInt(await rpc.getBalance(trader.publicKey)));
        // The server kills itself while answering: no response comes back.
        await expect(fetch(`${url}/api/admin/distributor/run`, { method: 'POST', headers: { cookie: admin, origin: url } })).rejects.toThrow();
        expect(await died(server)).toBe('SIGKILL');
      }
      // A last start finishes the last run; the journal is read with the server stopped (PGlite is one process).
      const last = await start(null);
      const joined = await fetch(`${last.url}/api/admin/distributor/run`, { method: 'POST', headers: { cookie: await adminCookie(last.url), origin: last.url } });
      expect(joined.status).toBe(200);
      await last.stop();
      servers.pop();
      const database = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
      let runs: typeof distributionRuns.$inferSelect[];
      let charities: string[];
      try {
        runs = await database.db.select().from(distributionRuns).where(eq(distributionRuns.kind, 'official'));
        charities = (await database.db.select({ wallet: verifiedCharities.walletAddress }).from(verifiedCharities)).map((c) => c.wallet);
      } finally {
        await database.close();
      }
      expect(runs.map((r) => r.state)).toEqual(CRASH_POINTS.map(() => 'paid'));

      const final = await start(null);
      const rpc = new Connection(`${final.url}/api/rpc`, 'confirmed');
      const landed = async (signatures: string[]) => {
        const { value } = await rpc.getSignatureStatuses(signatures, { searchTransactionHistory: true });
        return signatures.filter((_, i) => value[i] && !value[i]!.err);
      };
      const rewards = new Map<string, bigint>();
      for (const run of runs) {
        const batches = new Set(run.holderPayouts!.map((p) => p.batch));
        for (const batch of batches) {
          expect(await landed(run.txs.filter((x) => x.step === 'holders' && x.batch === batch).map((x) => x.signature))).toHaveLength(1);
        }
        // On its own DBC pool (the default) the run's SOL comes from one claim of the pool's fee.
        for (const step of ['claim', 'buyback', 'burn', 'payout'] as const) {
          expect(await landed(run.txs.filter((x) => x.step === step).map((x) => x.signature)), step).toHaveLength(1);
        }
        for (const p of run.holderPayouts!) rewards.set(p.owner, (rewards.get(p.owner) ?? 0n) + BigInt(p.lamports));
      }
      // Holders got exactly their shares, once.
      for (const [trader, after] of traders) {
        expect(BigInt(await rpc.getBalance(new PublicKey(trader))) - after).toBe(rewards.get(trader) ?? 0n);
      }
      let charitiesReceived = 0n;
      for (const wallet of charities) charitiesReceived += BigInt(await rpc.getBalance(new PublicKey(wallet)));
      expect(charitiesReceived).toBe(runs.reduce((s, r) => s + r.charityLamports!, 0n));
      const supply = BigInt((await rpc.getTokenSupply(new PublicKey(mint))).value.amount);
      expect(supply).toBe(TOKEN_TOTAL_SUPPLY - runs.reduce((s, r) => s + r.buybackTokens!, 0n));
    };
    await body().catch((err: unknown) => {
      console.error(output.join('').slice(-20_000));
      throw err;
    });
  }, 400_000);
});

async function officialMint(url: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const token = await (await fetch(`${url}/api/official-token`)).json() as { source: string; tokenAddress: string };
    if (token.source === 'local') return token.tokenAddress;
    if (Date.now() > deadline) throw new Error('the official token was not launched');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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
