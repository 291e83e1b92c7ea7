import { performance } from 'node:perf_hooks';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import pg from 'pg';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../scripts/build-if-needed.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { launchCampaign } from '../e2e/launchApi';
import { startFleet, type Fleet } from '../server/fleet/startFleet';
import { signFast } from '../server/trading/testing/market';
import { measureCpu, pidsNamed, processRssMb, saturatedResource, type CpuGroup } from './support/processCpu';

// `npm run bench -- fleet` (needs DATABASE_URL: a PostgreSQL server it may create a database
// on). The fleet as operators run it: a ledger process, three web processes behind Debian's
// nginx, a worker, one PostgreSQL. 100 campaigns are launched through the product; then 200
// traders buy through nginx, each on its own token (2 per token) with 1, 2 and 3 web
// processes in rotation, then all on one token; then at half the peak rate, the latency.
// Every request carries its own X-Forwarded-For (nginx is trusted): the per-address limits
// are not what is measured. The bench machine's own load generator shares the 2 cores.

export type FleetBenchRow = { bench: string; value: number; unit: string; target: string; ok: boolean; saturated: string };

const TOKENS = Number(process.env.FLEET_BENCH_TOKENS ?? 100);
const TRADERS = Number(process.env.FLEET_BENCH_TRADERS ?? 200);
const SECONDS = Number(process.env.FLEET_BENCH_SECONDS ?? 15);
const LAUNCH_CONCURRENCY = 6;

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

/** One buy through `site`: the quote, the trader's signature, the execute; each request timed. */
async function buy(site: string, mint: string, trader: Keypair): Promise<Timed> {
  let start = performance.now();
  const built = await post<{ transactionBase64: string; error?: string }>(`${site}/api/curve/${mint}/buy`, {
    wallet: trader.publicKey.toBase58(), amount: '0.001', slippageBps: 10_000,
  });
  const build = performance.now() - start;
  if (built.status !== 200) return { error: `build ${built.status} ${built.json.error ?? ''}` };
  const signed = signFast(built.json.transactionBase64, trader);
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
      CURVE_PROGRAM: 'custodial', DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000',
      LOG_LEVEL: 'info', QUOTES_MAX_CURVE_SHARE_BPS: '10000', QUOTES_MAX_LIVE_PER_CLIENT: '100000',
      FAUCET_PER_MINUTE: '100000', UPLOADS_PER_MINUTE: '100000', SIGN_INS_PER_MINUTE: '100000', RPC_RATE_LIMIT: '10000000',
    },
    // FLEET_BENCH_CPU_PROF=DIR: every process writes a V8 CPU profile there when the fleet stops.
    nodeArgs: process.env.FLEET_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FLEET_BENCH_CPU_PROF}`] : [],
  });
  const rows: FleetBenchRow[] = [];
  try {
    const setupStarted = performance.now();
    const mints: string[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: LAUNCH_CONCURRENCY }, async () => {
      for (let i = next++; i < TOKENS; i = next++) {
        mints.push((await launchCampaign(fleet.url, { initialBuy: '0', ticker: `FB${String.fromCharCode(65 + Math.floor(i / 26) % 26, 65 + (i % 26))}`, clientAddress: freshAddress() })).mint);
      }
    }));
    const traders = Array.from({ length: TRADERS }, () => Keypair.generate());
    await fund(fleet.ledger.url!, traders);
    console.log(`launched ${TOKENS} campaigns and funded ${TRADERS} traders in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    const platformMint = (i: number) => mints[i % mints.length]!;
    const addresses = fleet.webs.map((w) => `127.0.0.1:${w.port}`);
    const single = new Set(['ledger', ...fleet.webs.map((w) => w.name), ...fleet.workers.map((w) => w.name), 'bench client']);

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
        bench: `fleet: ${TRADERS} traders on ${TOKENS} tokens, ${webs} web process${webs > 1 ? 'es' : ''}`, value: run.perSecond, unit: 'trades/s',
        target: '>= 1000', ok: run.perSecond >= 1000 && run.errors.size === 0, saturated: saturatedResource(reading, single),
      });
    }
    rows.push({
      bench: 'fleet: scaling from 1 to 2 web processes', value: Number((perWebs[1]! / perWebs[0]!).toFixed(2)), unit: 'x',
      target: 'reported', ok: true, saturated: '',
    });

    await fleet.nginx.drain(addresses.slice(peak.webs));
    const cpu = measureCpu(cpuGroups(fleet));
    const alone = await closedLoop(fleet.url, traders, () => mints[0]!, SECONDS);
    const aloneReading = cpu.stop();
    report('one token', alone, aloneReading);
    rows.push({
      bench: `fleet: ${TRADERS} traders on one token, ${peak.webs} web`, value: alone.perSecond, unit: 'trades/s',
      target: '>= 250', ok: alone.perSecond >= 250 && alone.errors.size === 0,
      // One token's executes run one at a time behind its pool's send lock (in the process nginx hashes it to).
      saturated: `${saturatedResource(aloneReading, single)}; one token's executes run one at a time behind its send lock`,
    });

    const half = Math.max(1, Math.round(peak.perSecond / 2));
    const steady = await openLoop(fleet.url, traders, platformMint, half, SECONDS);
    report(`${half}/s open loop`, steady, null);
    for (const [step, times] of [['build', steady.builds], ['execute', steady.executes]] as const) {
      rows.push({
        bench: `fleet: ${step} p99 at half the peak (${half} trades/s, ${peak.webs} web)`, value: p99(times), unit: 'ms',
        target: '< 50', ok: p99(times) < 50 && steady.errors.size === 0, saturated: '',
      });
    }

    for (const web of fleet.webs) {
      rows.push({ bench: `fleet: ${web.name} memory after the run (RSS)`, value: processRssMb(web.child.pid!), unit: 'MB', target: 'reported', ok: true, saturated: '' });
    }
    rows.push({ bench: 'fleet: database connections (whole fleet)', value: await connections(database.url), unit: 'connections', target: 'reported', ok: true, saturated: '' });
  } finally {
    await fleet.stop();
    await database.drop();
  }
  console.table(rows);
  return rows;
}

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
