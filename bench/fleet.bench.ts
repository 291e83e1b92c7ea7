import { performance } from 'node:perf_hooks';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import pg from 'pg';
import { lamportsToSolString } from '../core/money';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../scripts/build-if-needed.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { launchCampaign } from '../e2e/launchApi';
import { startFleet, type Fleet } from '../server/fleet/startFleet';
import { accountsNamed, buildBuy, floorRun, signAlone, type Signed } from './support/dbcFloor';
import { measureCpu, pidsNamed, processRssMb, saturatedResource, type CpuGroup } from './support/processCpu';

// `npm run bench -- fleet` (needs DATABASE_URL: a PostgreSQL server it may create a database
// on). The fleet as operators run it: a ledger process, three web processes behind Debian's
// nginx, a worker, one PostgreSQL. 100 campaigns are launched on their own DBC pools through
// the product. Then, beside the floor (the same presigned swaps executed by a bare LiteSVM in
// this process, on one core), the ledger process's rate for those swaps over JSON-RPC and the
// worker's indexer (its drain after the burst, and one swap's lag). Then 200 traders buy
// through nginx (the trade API: build, the trader's signature alone, execute), each on its own
// token (2 per token) with 1, 2 and 3 web processes in rotation, then all on one token; then
// at half the peak rate, the latency. Each process's CPU is read from /proc per trade.
// Every request carries its own X-Forwarded-For (nginx is trusted): the per-address limits
// are not what is measured. The bench machine's own load generator shares the 2 cores.

export type FleetBenchRow = { bench: string; value: number; unit: string; floor: number | string; ratio: string; target: string; ok: boolean; saturated: string };

const TOKENS = Number(process.env.FLEET_BENCH_TOKENS ?? 100);
const TRADERS = Number(process.env.FLEET_BENCH_TRADERS ?? 200);
const SECONDS = Number(process.env.FLEET_BENCH_SECONDS ?? 15);
const LAUNCH_CONCURRENCY = 6;
const SWAPS = Number(process.env.FLEET_BENCH_SWAPS ?? 600);
const IN_FLIGHT = 48;
const LAG_SWAPS = 20;
/** Swaps built at once against the ledger process (building reads the pool, its config and the clock). */
const BUILD_CONCURRENCY = 8;
/** A small buy, a lamport more each time, so no two swaps are the same transaction. */
const BUY_LAMPORTS = 2_000_000n;
/** Wide: swaps in flight on one pool land in another order than they were built in. */
const SLIPPAGE_BPS = 2000;
/** Targets as shares of the floor (the issue's, as in dbc.bench.ts), and the issue's promise for the lag. */
const RPC_TARGET = 0.25;
const API_TARGET = 0.08;
const LAG_P95_TARGET_MS = 1000;

let nextAddress = 0;
/** A client address of its own for each request (TEST-NET and private ranges, never routed). */
const freshAddress = () => { nextAddress += 1; return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`; };

async function post<T>(url: string, body: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(url, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, 'x-forwarded-for': freshAddress() },
  });
  return { status: res.status, json: await res.json() as T };
}

type Timed = { build: number; execute: number } | { error: string };

let nextAmount = 0;

/** One buy through `site`: the quote, the trader's signature, the execute; each request timed. */
async function buy(site: string, mint: string, trader: Keypair): Promise<Timed> {
  let start = performance.now();
  // A lamport more each time: a trader's next buy on the same blockhash is then not the same transaction.
  const built = await post<{ transactionBase64: string; error?: string }>(`${site}/api/curve/${mint}/buy`, {
    wallet: trader.publicKey.toBase58(), amount: lamportsToSolString(1_000_000n + BigInt(nextAmount++)), slippageBps: 10_000,
  });
  const build = performance.now() - start;
  if (built.status !== 200) return { error: `build ${built.status} ${built.json.error ?? ''}` };
  const signed = signAlone(built.json.transactionBase64, trader).wire.toString('base64');
  start = performance.now();
  const executed = await post<{ error?: string }>(`${site}/api/curve/${mint}/execute`, { transactionBase64: signed });
  if (executed.status !== 200) return { error: `execute ${executed.status} ${executed.json.error ?? ''}` };
  return { build, execute: performance.now() - start };
}

type RunResult = { trades: number; perSecond: number; errors: Map<string, number>; builds: number[]; executes: number[] };

function tally(results: Timed[], seconds: number): RunResult {
  const errors = new Map<string, number>();
  const builds: number[] = [];
  const executes: number[] = [];
  for (const r of results) {
    if ('error' in r) errors.set(r.error, (errors.get(r.error) ?? 0) + 1);
    else { builds.push(r.build); executes.push(r.execute); }
  }
  return { trades: builds.length, perSecond: Number((builds.length / seconds).toFixed(1)), errors, builds, executes };
}

/** Every trader buys its token again and again, as fast as answers come, for `seconds`. */
async function closedLoop(site: string, traders: Keypair[], mintOf: (i: number) => string, seconds: number): Promise<RunResult> {
  const results: Timed[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(traders.map(async (trader, i) => {
    while (performance.now() < until) results.push(await buy(site, mintOf(i), trader).catch((err: Error) => ({ error: err.message })));
  }));
  return tally(results, (performance.now() - started) / 1000);
}

/** Trades started at a steady `rate` per second, whatever the answers' pace, for `seconds`. */
async function openLoop(site: string, traders: Keypair[], mintOf: (i: number) => string, rate: number, seconds: number): Promise<RunResult> {
  const results: Promise<Timed>[] = [];
  const busy = new Set<number>();
  const started = performance.now();
  for (let n = 0; n < rate * seconds; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // A trader with a trade in flight is skipped: its next quote would wait on its own funds.
    let i = n % traders.length;
    for (let k = 0; busy.has(i) && k < traders.length; k++) i = (i + 1) % traders.length;
    busy.add(i);
    results.push(buy(site, mintOf(i), traders[i]!).catch((err: Error) => ({ error: err.message })).finally(() => busy.delete(i)));
  }
  const settled = await Promise.all(results);
  return tally(settled, (performance.now() - started) / 1000);
}

function p99(times: number[]): number {
  if (times.length === 0) return Number.NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]!.toFixed(1));
}

async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `causemint_bench_fleet_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function cpuGroups(fleet: Fleet): CpuGroup[] {
  return [
    { name: 'ledger', pids: () => [fleet.ledger.child.pid!] },
    ...fleet.webs.map((w) => ({ name: w.name, pids: () => [w.child.pid!] })),
    ...fleet.workers.map((w) => ({ name: w.name, pids: () => [w.child.pid!] })),
    { name: 'nginx', pids: () => fleet.nginx.workerPids() },
    { name: 'postgres', pids: () => pidsNamed('postgres') },
    { name: 'bench client', pids: () => [process.pid] },
  ];
}

export default async function fleetBench(): Promise<FleetBenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The fleet bench runs on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- fleet');
  await buildAppIfNeeded({ quiet: true });
  await buildServerIfNeeded({ quiet: true });
  const database = await createDatabase(serverUrl);
  const fleet = await startFleet({
    databaseUrl: database.url, built: true, webs: 3, workers: 1, nginxWorkers: 'auto',
    env: {
      DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000', LOG_LEVEL: 'info',
      FAUCET_PER_MINUTE: '100000', UPLOADS_PER_MINUTE: '100000', SIGN_INS_PER_MINUTE: '100000', RPC_RATE_LIMIT: '10000000',
    },
    // FLEET_BENCH_CPU_PROF=DIR: every process writes a V8 CPU profile there when the fleet stops.
    nodeArgs: process.env.FLEET_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FLEET_BENCH_CPU_PROF}`] : [],
  });
  const rows: FleetBenchRow[] = [];
  try {
    const setupStarted = performance.now();
    const mints: string[] = [];
    const pools: string[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: LAUNCH_CONCURRENCY }, async () => {
      for (let i = next++; i < TOKENS; i = next++) {
        const { created } = await launchCampaign(fleet.url, { initialBuy: '0', ticker: `FB${String.fromCharCode(65 + Math.floor(i / 26) % 26, 65 + (i % 26))}`, clientAddress: freshAddress() });
        mints.push(created.mintAddress);
        pools.push(created.pool);
      }
    }));
    const traders = Array.from({ length: TRADERS }, () => Keypair.generate());
    await fund(fleet.ledger.url!, traders);
    console.log(`launched ${TOKENS} campaigns and funded ${TRADERS} traders in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    const platformMint = (i: number) => mints[i % mints.length]!;
    const addresses = fleet.webs.map((w) => `127.0.0.1:${w.port}`);
    const single = new Set(['ledger', ...fleet.webs.map((w) => w.name), ...fleet.workers.map((w) => w.name), 'bench client']);

    const floor = await chainPath(fleet, database.url, traders, pools, rows);

    await closedLoop(fleet.url, traders, platformMint, 3); // warm every process's caches and connections
    let peak = { webs: 1, perSecond: 0 };
    const perWebs: number[] = [];
    for (const webs of [1, 2, 3]) {
      await fleet.nginx.drain(addresses.slice(webs));
      const cpu = measureCpu(cpuGroups(fleet));
      const run = await closedLoop(fleet.url, traders, platformMint, SECONDS);
      const reading = cpu.stop();
      report(`${webs} web`, run, reading);
      perWebs.push(run.perSecond);
      if (run.perSecond > peak.perSecond) peak = { webs, perSecond: run.perSecond };
      rows.push({
        bench: `fleet: trade API, ${TRADERS} traders on ${TOKENS} tokens, ${webs} web process${webs > 1 ? 'es' : ''}`, value: run.perSecond, unit: 'trades/s',
        floor, ratio: share(run.perSecond, floor), target: `>= 1000 and >= ${API_TARGET * 100}% of the floor`,
        ok: run.perSecond >= 1000 && run.perSecond >= API_TARGET * floor && run.errors.size === 0, saturated: saturatedResource(reading, single),
      });
      if (webs === 3) rows.push(...cpuRows(`trade API, ${webs} web`, reading, run.perSecond, floor));
    }
    rows.push({
      bench: 'fleet: scaling from 1 to 2 web processes', value: Number((perWebs[1]! / perWebs[0]!).toFixed(2)), unit: 'x',
      floor: '-', ratio: '-', target: 'reported', ok: true, saturated: '',
    });

    await fleet.nginx.drain(addresses.slice(peak.webs));
    const cpu = measureCpu(cpuGroups(fleet));
    const alone = await closedLoop(fleet.url, traders, () => mints[0]!, SECONDS);
    const aloneReading = cpu.stop();
    report('one token', alone, aloneReading);
    rows.push({
      bench: `fleet: trade API, ${TRADERS} traders on one token, ${peak.webs} web`, value: alone.perSecond, unit: 'trades/s',
      floor, ratio: share(alone.perSecond, floor), target: '>= 250', ok: alone.perSecond >= 250 && alone.errors.size === 0,
      saturated: saturatedResource(aloneReading, single),
    });

    const half = Math.max(1, Math.round(peak.perSecond / 2));
    const steady = await openLoop(fleet.url, traders, platformMint, half, SECONDS);
    report(`${half}/s open loop`, steady, null);
    for (const [step, times] of [['build', steady.builds], ['execute', steady.executes]] as const) {
      rows.push({
        bench: `fleet: ${step} p99 at half the peak (${half} trades/s, ${peak.webs} web)`, value: p99(times), unit: 'ms',
        floor: round(1000 / floor, 2), ratio: '-', target: '< 50', ok: p99(times) < 50 && steady.errors.size === 0, saturated: '',
      });
    }

    for (const web of fleet.webs) {
      rows.push({ bench: `fleet: ${web.name} memory after the run (RSS)`, value: processRssMb(web.child.pid!), unit: 'MB', floor: '-', ratio: '-', target: 'reported', ok: true, saturated: '' });
    }
    rows.push({ bench: 'fleet: database connections (whole fleet)', value: await connections(database.url), unit: 'connections', floor: '-', ratio: '-', target: 'reported', ok: true, saturated: '' });
  } finally {
    await fleet.stop();
    await database.drop();
  }
  console.table(rows);
  return rows;
}

/**
 * The chain's side of a trade, on the fleet's own pools: SWAPS presigned buys (built with the
 * SDK as the trade API builds them, signed by the trader alone); the floor (a bare LiteSVM
 * here, holding copies of every account they name, best of 2); the same swaps sent to the
 * ledger process over JSON-RPC, IN_FLIGHT at once, with every process's CPU per swap (the
 * worker indexing them meanwhile); how long after the last confirmation every swap of the burst
 * is in curve_trades; and one swap at a time, its send to its row. Answers the floor (swaps/s).
 */
async function chainPath(fleet: Fleet, databaseUrl: string, traders: Keypair[], pools: string[], rows: FleetBenchRow[]): Promise<number> {
  const ledgerUrl = fleet.ledger.url!;
  const connection = new Connection(ledgerUrl, 'confirmed');
  let unique = 0;
  const buildSigned = async (trader: Keypair, pool: number): Promise<Signed> => {
    const built = await buildBuy(connection, new PublicKey(pools[pool]!), trader.publicKey, BUY_LAMPORTS + BigInt(unique++), SLIPPAGE_BPS);
    return { ...signAlone(Buffer.from(built).toString('base64'), trader), pool };
  };
  // Each trader buys on different pools: swap i is trader i % traders on pool (trader + round) % pools.
  const plan = Array.from({ length: SWAPS }, (_, i) => ({ trader: traders[i % traders.length]!, pool: (i % traders.length + Math.floor(i / traders.length)) % pools.length }));
  const swaps = await inParallel(plan, BUILD_CONCURRENCY, (p) => buildSigned(p.trader, p.pool));

  const accounts = await accountsNamed(connection, swaps);
  const slot = BigInt(await connection.getSlot('confirmed'));
  const floorRuns = [floorRun(accounts, slot, swaps), floorRun(accounts, slot, swaps)];
  const floor = round(Math.max(...floorRuns));
  rows.push({
    bench: `floor: ${SWAPS} DBC buys on ${pools.length} pools in a bare LiteSVM, one core (best of 2: ${floorRuns.map((r) => r.toFixed(0)).join(', ')})`,
    value: floor, unit: 'swaps/s', floor, ratio: '100%', target: '-', ok: true, saturated: '',
  });

  const cpu = measureCpu(cpuGroups(fleet));
  const confirmedAt: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    for (let i = next++; i < swaps.length; i = next++) {
      const signature = await ledgerRpc<string>(ledgerUrl, 'sendTransaction', [swaps[i]!.wire.toString('base64'), { encoding: 'base64' }]);
      if (signature !== swaps[i]!.signature) throw new Error('sendTransaction answered another signature');
      confirmedAt.push(performance.now());
    }
  }));
  const lastConfirmed = performance.now();
  const rpcRate = SWAPS / ((lastConfirmed - started) / 1000);
  const signatures = swaps.map((s) => s.signature);
  const deadline = performance.now() + 120_000;
  while (await indexedCount(databaseUrl, signatures) < signatures.length) {
    if (performance.now() > deadline) throw new Error('the indexer did not store the swaps of the RPC burst within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const drainMs = performance.now() - lastConfirmed;
  // CPU over the send and the indexing both: what the burst cost each process, per swap.
  const reading = cpu.stop();
  rows.push({
    bench: `ledger process: the same ${SWAPS} swaps via sendTransaction, ${IN_FLIGHT} in flight, confirmed`, value: round(rpcRate), unit: 'swaps/s',
    floor, ratio: share(rpcRate, floor), target: `>= ${RPC_TARGET * 100}% of the floor`, ok: rpcRate >= RPC_TARGET * floor, saturated: '',
  });
  rows.push({
    bench: 'indexer: the last confirmation of the RPC burst to every swap of it in curve_trades', value: round(drainMs), unit: 'ms',
    floor: '-', ratio: '-', target: '-', ok: true, saturated: '',
  });
  const indexRate = SWAPS / ((lastConfirmed + drainMs - Math.min(...confirmedAt)) / 1000);
  rows.push({
    bench: 'indexer: swaps stored per second, the first confirmation of the burst to its last row', value: round(indexRate), unit: 'swaps/s',
    floor, ratio: share(indexRate, floor), target: '-', ok: true, saturated: '',
  });
  rows.push(...cpuRows('RPC burst and its indexing', reading, SWAPS / ((lastConfirmed + drainMs - started) / 1000), floor));

  const lags: number[] = [];
  for (let i = 0; i < LAG_SWAPS; i++) {
    const swap = await buildSigned(traders[(i * 7) % traders.length]!, i % pools.length);
    await ledgerRpc(ledgerUrl, 'sendTransaction', [swap.wire.toString('base64'), { encoding: 'base64' }]);
    const sent = performance.now();
    while (await indexedCount(databaseUrl, [swap.signature]) === 0) {
      if (performance.now() - sent > 30_000) throw new Error(`swap ${swap.signature} not indexed within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    lags.push(performance.now() - sent);
  }
  const lagP95 = percentile(lags, 0.95);
  rows.push({
    bench: `indexer lag, one swap at a time: sendTransaction's answer to its row in curve_trades (p50 ${round(percentile(lags, 0.5))} ms), p95`,
    value: round(lagP95), unit: 'ms', floor: round(1000 / floor, 2), ratio: '-', target: `< ${LAG_P95_TARGET_MS}`, ok: lagP95 < LAG_P95_TARGET_MS, saturated: '',
  });
  return floor;
}

/** Each process's CPU per trade while `perSecond` trades a second ran, beside the floor's ms per swap on one core. */
function cpuRows(what: string, reading: ReturnType<ReturnType<typeof measureCpu>['stop']>, perSecond: number, floor: number): FleetBenchRow[] {
  const floorMs = 1000 / floor;
  return reading.groups.map((g) => {
    // A process at p% of a core for t trades/s spends p * 10 / t ms on each.
    const ms = g.percent * 10 / Math.max(perSecond, 0.1);
    return {
      bench: `CPU per trade, ${what}: ${g.name} (ratio: the floor's ms per swap / this)`, value: round(ms, 2), unit: 'ms/trade',
      floor: round(floorMs, 2), ratio: ms > 0 ? share(floorMs, ms) : '-', target: '-', ok: true, saturated: '',
    };
  });
}

async function indexedCount(databaseUrl: string, signatures: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(distinct signature)::text as n from curve_trades where signature = any($1)', [signatures]);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function inParallel<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!);
  }));
  return out;
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const share = (value: number, floor: number) => `${((value / floor) * 100).toFixed(1)}%`;
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

function report(label: string, run: RunResult, reading: ReturnType<ReturnType<typeof measureCpu>['stop']> | null): void {
  // CPU per trade: a process at p% of a core for t trades/s spends p * 10 / t ms on each.
  const cpu = reading
    ? ` cpu (% of a core, ms per trade): ${reading.groups.map((g) => `${g.name} ${g.percent}% ${(g.percent * 10 / Math.max(run.perSecond, 0.1)).toFixed(1)}`).join(', ')}; machine ${reading.machinePercent}% of ${reading.cores} cores`
    : '';
  const errors = run.errors.size ? ` errors: ${JSON.stringify(Object.fromEntries(run.errors))}` : '';
  console.log(`${label}: ${run.trades} trades, ${run.perSecond}/s, build p99 ${p99(run.builds)} ms, execute p99 ${p99(run.executes)} ms.${cpu}${errors}`);
}

async function ledgerRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = await res.json() as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** 20 SOL for each trader from the ledger process's faucet (a stranger to it: the fleet's FAUCET_PER_MINUTE above lets it). */
async function fund(ledgerUrl: string, traders: Keypair[]): Promise<void> {
  for (let i = 0; i < traders.length; i += 20) {
    await Promise.all(traders.slice(i, i + 20).map((t) => ledgerRpc(ledgerUrl, 'requestAirdrop', [t.publicKey.toBase58(), 20 * LAMPORTS_PER_SOL])));
  }
  for (const t of traders) {
    for (let tries = 0; (await ledgerRpc<{ value: number }>(ledgerUrl, 'getBalance', [t.publicKey.toBase58()])).value === 0; tries++) {
      if (tries > 100) throw new Error('an airdrop did not land');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function connections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}
