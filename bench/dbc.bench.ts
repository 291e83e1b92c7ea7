import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { lamportsToSolString } from '../core/money';
import { launchCampaign } from '../e2e/launchApi';
import { startServer, type StartedServer } from '../e2e/server';
import { accountsNamed, buildBuy, floorRun, signAlone, type Signed } from './support/dbcFloor';
import { processCpuSeconds } from './support/processCpu';

/**
 * `value` beside the `floor` measured in the same run, and `ratio` = value / floor: machines
 * differ and this one may be loaded, so the targets are ratios to the floor (or, for the
 * indexer's lag, the issue's own promise: a trade shows on the campaign page within 1 s).
 */
export type DbcBenchRow = { bench: string; runs: number; value: number; unit: string; floor: number | string; ratio: number | string; target: string; ok: boolean };

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const POOLS = num('DBC_BENCH_POOLS', 10);
const TRADERS = num('DBC_BENCH_TRADERS', 150);
const SWAPS = num('DBC_BENCH_SWAPS', 600);
const IN_FLIGHT = num('DBC_BENCH_IN_FLIGHT', 48);
const API_TRADES = num('DBC_BENCH_API_TRADES', 40);
const API_CONCURRENCY = num('DBC_BENCH_API_CONCURRENCY', 12);
const LAG_SWAPS = num('DBC_BENCH_LAG_SWAPS', 40);
/** Swaps built at once against the server (building reads the pool, its config and the clock over RPC). */
const BUILD_CONCURRENCY = 8;
/** A small buy (plus a per-swap lamport so no two swaps are the same transaction): the pools move little over a run. */
const BUY_LAMPORTS = 2_000_000n;
/** Wide: 48 swaps in flight on 10 pools land in another order than they were built in. */
const SLIPPAGE_BPS = 2000;
const LAG_POLL_MS = 10;

/** Targets, as shares of the floor (bare LiteSVM executing the same signed swaps on one core). */
const RPC_TARGET = 0.25;
const API_TARGET = 0.08;
const LAG_P95_TARGET_MS = 1000;

type Pool = { mint: string; pool: string };

/**
 * Trades on campaigns' own Meteora DBC pools (issue 36, "Speed of the new path"), on a real
 * server (`server/main.ts` in a child process, CURVE_PROGRAM=dbc, PGlite in a temporary
 * directory) with its limits lifted: the bench measures the path, not the limiter.
 *
 * - The floor: the same signed buys executed directly in a bare LiteSVM (`createSvm`, the
 *   engine and programs the local ledger runs) holding copies of every account they name, read
 *   from the server's ledger: swaps/s on one core, best of two runs.
 * - The same swaps (built with the SDK as buildSwapTransaction builds them, signed by the trader alone) sent to the
 *   server's /api/rpc with IN_FLIGHT in flight and confirmed; and the server's CPU per swap.
 * - The spec's trade API: /api/curve/{mint}/buy then /execute, API_CONCURRENCY traders at once
 *   across the pools.
 * - The swap indexer (curve-swaps job): how long after the RPC burst's last confirmation every
 *   swap of it is listed by GET /api/campaigns/{mint}/trades, and, one swap at a time, the time
 *   from a swap's confirmation (sendTransaction's answer: durable on the ledger) to its row on
 *   that list (what the campaign page reads), polled every LAG_POLL_MS.
 *
 * Campaigns are launched the real way, over HTTP (e2e/launchApi.ts: sign-in, logo, prepare,
 * create, the creator's signature, complete). Counts: the DBC_BENCH_* variables above.
 */
export default async function dbcBench(): Promise<DbcBenchRow[]> {
  const server = await startServer({
    CURVE_PROGRAM: 'dbc', LOG_LEVEL: 'warn', DATABASE_URL: '', TRUST_PROXY: 'on', JOBS_START_DELAY_MS: '0',
    RPC_RATE_LIMIT: '10000000', FAUCET_PER_MINUTE: '1000000', FAUCET_MAX_SOL: '1000000', SIGN_INS_PER_MINUTE: '1000000',
    UPLOADS_PER_MINUTE: '100000', EVENTS_MAX_STREAMS_PER_CLIENT: '100000',
  });
  const rows: DbcBenchRow[] = [];
  try {
    await run(server, rows);
  } finally {
    await server.stop();
  }
  console.log(`load average after the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  console.table(rows);
  return rows;
}

async function run(server: StartedServer, rows: DbcBenchRow[]): Promise<void> {
  const rpcUrl = `${server.url}/api/rpc`;
  const connection = new Connection(rpcUrl, 'confirmed');
  // Behind TRUST_PROXY, each request its own client address: the per-address trade and read limits are fixed in code.
  let client = 0;
  const clientAddress = () => { client += 1; return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`; };
  const call = async <T>(path: string, body?: object): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-forwarded-for': clientAddress(), origin: server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const answer = await call<{ result?: T; error?: { message: string } }>('/api/rpc', { jsonrpc: '2.0', id: 1, method, params });
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };

  let started = performance.now();
  const pools: Pool[] = [];
  for (let i = 0; i < POOLS; i++) {
    const launched = await launchCampaign(server.url, { clientAddress: clientAddress(), initialBuy: '0.1', airdropSol: 3 });
    pools.push({ mint: launched.mint, pool: launched.created.pool });
  }
  const traders = Array.from({ length: TRADERS }, () => Keypair.generate());
  await inParallel(traders, 16, (t) => rpc('requestAirdrop', [t.publicKey.toBase58(), 1_000_000_000]));
  console.log(`${POOLS} campaigns launched, ${TRADERS} traders funded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // What a wallet does: a swap built from the SDK's quote, signed by the trader alone.
  let unique = 0;
  const buildSigned = async (trader: Keypair, pool: number): Promise<Signed> => {
    const built = await buildBuy(connection, new PublicKey(pools[pool].pool), trader.publicKey, BUY_LAMPORTS + BigInt(unique++), SLIPPAGE_BPS);
    return { ...signAlone(Buffer.from(built).toString('base64'), trader), pool };
  };
  // Each trader buys on `rounds` different pools: swap i is trader i % TRADERS on pool (trader + round) % POOLS.
  const plan = Array.from({ length: SWAPS }, (_, i) => ({ trader: traders[i % TRADERS], pool: (i % TRADERS + Math.floor(i / TRADERS)) % POOLS }));
  started = performance.now();
  // All are sent after all are built, and the floor's two runs: the first one's blockhash (150 slots, a minute) must still be valid then.
  const swaps = await inParallel(plan, BUILD_CONCURRENCY, (p) => buildSigned(p.trader, p.pool));
  const buildSeconds = (performance.now() - started) / 1000;
  console.log(`${SWAPS} swaps built and signed in ${buildSeconds.toFixed(1)} s`);

  // 1. The floor: bare LiteSVM, the same accounts, the same signed swaps (their blockhash is not checked there).
  const accounts = await accountsNamed(connection, swaps);
  const slot = BigInt(await connection.getSlot('confirmed'));
  const floorRuns = [floorRun(accounts, slot, swaps), floorRun(accounts, slot, swaps)];
  const floor = Math.max(...floorRuns);
  const floorMsPerSwap = 1000 / floor;
  rows.push({
    bench: `floor: ${SWAPS} DBC buys on ${POOLS} pools in a bare LiteSVM (best of 2: ${floorRuns.map((r) => r.toFixed(0)).join(', ')})`,
    runs: SWAPS, value: round(floor), unit: 'swaps/s', floor: round(floor), ratio: '100%', target: '-', ok: true,
  });
  rows.push({
    bench: `swaps built with the SDK against the server's /api/rpc (${BUILD_CONCURRENCY} at once; one client), for reference`, runs: SWAPS,
    value: round(SWAPS / buildSeconds), unit: 'swaps/s', floor: round(floor), ratio: share(SWAPS / buildSeconds, floor), target: '-', ok: true,
  });

  // 2. The same swaps over JSON-RPC, IN_FLIGHT at once; sendTransaction answers once the swap is durable.
  const confirmedAt = new Array<number>(swaps.length);
  const cpuBefore = processCpuSeconds(server.process.pid!);
  started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    for (let i = next++; i < swaps.length; i = next++) {
      const signature = await rpc<string>('sendTransaction', [swaps[i].wire.toString('base64'), { encoding: 'base64' }]);
      if (signature !== swaps[i].signature) throw new Error('sendTransaction answered another signature');
      confirmedAt[i] = performance.now();
    }
  }));
  for (let i = 0; i < swaps.length; i += 256) {
    const slice = swaps.slice(i, i + 256).map((s) => s.signature);
    const { value } = await rpc<{ value: ({ confirmationStatus: string; err: unknown } | null)[] }>('getSignatureStatuses', [slice]);
    value.forEach((s, j) => {
      if (!s || s.err || (s.confirmationStatus !== 'confirmed' && s.confirmationStatus !== 'finalized')) throw new Error(`not confirmed: ${slice[j]} ${JSON.stringify(s)}`);
    });
  }
  const lastConfirmed = performance.now();
  const rpcRate = SWAPS / ((lastConfirmed - started) / 1000);
  const serverCpuMsPerSwap = ((processCpuSeconds(server.process.pid!) - cpuBefore) * 1000) / SWAPS;
  rows.push({
    bench: `RPC: the same ${SWAPS} swaps via sendTransaction to /api/rpc, ${IN_FLIGHT} in flight, confirmed`, runs: SWAPS,
    value: round(rpcRate), unit: 'swaps/s', floor: round(floor), ratio: share(rpcRate, floor), target: `>= ${RPC_TARGET * 100}% of the floor`, ok: rpcRate >= RPC_TARGET * floor,
  });
  rows.push({
    // CPU time (all threads) is less sensitive to a loaded machine than the rate: ratio = floor's ms per swap / server's.
    // It includes the curve-swaps job indexing the burst meanwhile in the same process (its threads are not told apart).
    bench: 'RPC: the server process\'s CPU per swap during it, indexing included (ratio: the floor\'s ms per swap / this)', runs: SWAPS,
    value: round(serverCpuMsPerSwap, 2), unit: 'ms/swap', floor: round(floorMsPerSwap, 2), ratio: share(floorMsPerSwap, serverCpuMsPerSwap), target: '-', ok: true,
  });

  // 4a. The indexer after the burst: every swap of it listed on its campaign's trades.
  const waiting = new Map<string, Set<string>>();
  for (const s of swaps) {
    const mint = pools[s.pool].mint;
    if (!waiting.has(mint)) waiting.set(mint, new Set());
    waiting.get(mint)!.add(s.signature);
  }
  // A page holds 100 trades, newest first: wait for the newest 99 of each pool.
  for (const [mint, set] of waiting) waiting.set(mint, new Set([...set].slice(-99)));
  const burstSeen = new Map<string, number>();
  const deadline = performance.now() + 60_000;
  while ([...waiting.values()].some((set) => set.size > 0)) {
    if (performance.now() > deadline) throw new Error('the indexer did not list the RPC burst\'s swaps within 60 s');
    await Promise.all([...waiting].filter(([, set]) => set.size > 0).map(async ([mint, set]) => {
      const { trades } = await call<{ trades: { signature: string }[] }>(`/api/campaigns/${mint}/trades?limit=100`);
      for (const t of trades) if (set.delete(t.signature)) burstSeen.set(t.signature, performance.now());
    }));
    await sleep(LAG_POLL_MS);
  }
  const lastSeen = Math.max(...burstSeen.values());
  const drainMs = lastSeen - lastConfirmed;
  // A lower bound of the indexer's rate: it cannot have started before the burst's first confirmation.
  const indexRate = burstSeen.size / ((lastSeen - Math.min(...confirmedAt)) / 1000);
  rows.push({
    bench: 'indexer during and after the RPC burst: swaps listed per second from the first confirmation to the last listed', runs: burstSeen.size,
    value: round(indexRate), unit: 'swaps/s', floor: round(floor), ratio: share(indexRate, floor), target: '-', ok: true,
  });
  rows.push({
    bench: `indexer after the RPC burst: its last confirmation to every swap listed on /api/campaigns/{mint}/trades`, runs: burstSeen.size,
    value: round(drainMs), unit: 'ms', floor: '-', ratio: '-', target: '-', ok: true,
  });

  // 3. The spec's trade API: build (/buy), the trader's signature, relay (/execute), across the pools.
  let apiNext = 0;
  started = performance.now();
  await Promise.all(Array.from({ length: API_CONCURRENCY }, async (_, w) => {
    const trader = traders[w % TRADERS];
    for (let j = apiNext++; j < API_TRADES; j = apiNext++) {
      const mint = pools[(w + j) % POOLS].mint;
      const amount = lamportsToSolString(BUY_LAMPORTS + BigInt(unique++));
      const quote = await call<{ transactionBase64: string }>(`/api/curve/${mint}/buy`, { wallet: trader.publicKey.toBase58(), amount, slippageBps: SLIPPAGE_BPS });
      const signed = signAlone(quote.transactionBase64, trader);
      const done = await call<{ transactionSignature: string }>(`/api/curve/${mint}/execute`, { transactionBase64: signed.wire.toString('base64') });
      if (done.transactionSignature !== signed.signature) throw new Error('execute answered another signature');
    }
  }));
  const apiRate = API_TRADES / ((performance.now() - started) / 1000);
  rows.push({
    bench: `trade API: ${API_TRADES} buys, /api/curve/{mint}/buy then /execute, ${API_CONCURRENCY} traders at once across ${POOLS} pools`, runs: API_TRADES,
    value: round(apiRate), unit: 'trades/s', floor: round(floor), ratio: share(apiRate, floor), target: `>= ${API_TARGET * 100}% of the floor`, ok: apiRate >= API_TARGET * floor,
  });

  // 4b. One swap at a time over RPC: confirmation to its row on the campaign's trades.
  const lags: number[] = [];
  for (let i = 0; i < LAG_SWAPS; i++) {
    const pool = i % POOLS;
    const swap = await buildSigned(traders[(i * 7) % TRADERS], pool);
    await rpc('sendTransaction', [swap.wire.toString('base64'), { encoding: 'base64' }]);
    const confirmed = performance.now();
    for (;;) {
      const { trades } = await call<{ trades: { signature: string }[] }>(`/api/campaigns/${pools[pool].mint}/trades?limit=5`);
      if (trades.some((t) => t.signature === swap.signature)) break;
      if (performance.now() - confirmed > 30_000) throw new Error(`swap ${swap.signature} not listed within 30 s`);
      await sleep(LAG_POLL_MS);
    }
    lags.push(performance.now() - confirmed);
  }
  lags.sort((a, b) => a - b);
  const p50 = percentile(lags, 0.5);
  const p95 = percentile(lags, 0.95);
  const lagWhat = `indexer lag, one swap at a time: sendTransaction's answer to the row on /api/campaigns/{mint}/trades (polled every ${LAG_POLL_MS} ms)`;
  rows.push({ bench: `${lagWhat}, p50`, runs: LAG_SWAPS, value: round(p50), unit: 'ms', floor: '-', ratio: '-', target: '-', ok: true });
  rows.push({ bench: `${lagWhat}, p95`, runs: LAG_SWAPS, value: round(p95), unit: 'ms', floor: '-', ratio: '-', target: `< ${LAG_P95_TARGET_MS}`, ok: p95 < LAG_P95_TARGET_MS });
}

async function inParallel<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]);
  }));
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const share = (value: number, floor: number) => `${((value / floor) * 100).toFixed(1)}%`;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await dbcBench();
