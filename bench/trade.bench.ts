import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Keypair } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../core/constants';
import { lamportsToSolString } from '../core/money';
import { launchDbcCampaign } from '../server/curve/testing/dbcCampaign';
import { accountsNamed, floorRun, signAlone, type Signed } from './support/dbcFloor';
import { openBenchServer } from './support/benchServer';

export type TradeBenchRow = { bench: string; runs: number; p50: number; p99: number; unit: string; floor: number | string; ratio: string; target: string; ok: boolean };

const RUNS = 200;
const CONCURRENT_TRADERS = 20;
const CONCURRENT_TRADES = 200;
const BUY_LAMPORTS = 1_000_000n;
/** The target for the trade API, as a share of the floor (as in dbc.bench.ts). */
const API_TARGET = 0.08;

/**
 * Trading one campaign's DBC pool through the spec's trade API over HTTP (app.inject) on the
 * product's own local ledger: routes, the swap built from the SDK's quote, the trader's
 * signature alone, the relay with its durable group commit, the swap indexed from the chain
 * and the trade hooks. Building one (/buy), executing one (/execute), and executes per second
 * on one token with 20 in flight. The floor beside it: the same presigned swaps executed by a
 * bare LiteSVM in this process holding copies of their accounts (best of 2). The trader's
 * signature is made outside the timings (it happens in the wallet). PGlite in a temporary
 * directory, or DATABASE_URL when set.
 */
export default async function tradeBench(): Promise<TradeBenchRow[]> {
  const { services, app, close } = await openBenchServer('trade');
  // A fresh client address per request: the per-IP limits are not what is measured.
  let ip = 0;
  const post = async <T>(url: string, payload: object): Promise<T> => {
    ip += 1;
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}` });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  try {
    const { mint } = await launchDbcCampaign(services, { form: { ticker: 'BENCH' } });
    const fund = async () => {
      const trader = Keypair.generate();
      await services.chain.airdrop!(trader.publicKey.toBase58(), LAMPORTS_PER_SOL);
      return trader;
    };
    let unique = 0;
    // A lamport more each time: no two swaps of one trader are the same transaction.
    const buy = (trader: Keypair) => post<{ transactionBase64: string }>(`/api/curve/${mint}/buy`, {
      wallet: trader.publicKey.toBase58(), amount: lamportsToSolString(BUY_LAMPORTS + BigInt(unique++)), slippageBps: 10_000,
    });
    const execute = async (signed: { signature: string; wire: Buffer }) => {
      const done = await post<{ transactionSignature: string }>(`/api/curve/${mint}/execute`, { transactionBase64: signed.wire.toString('base64') });
      if (done.transactionSignature !== signed.signature) throw new Error('execute answered another signature');
    };
    const trader = await fund();
    for (let i = 0; i < 20; i++) await execute(signAlone((await buy(trader)).transactionBase64, trader));

    const buildTimes: number[] = [];
    const executeTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      const built = await buy(trader);
      buildTimes.push(performance.now() - start);
      const signed = signAlone(built.transactionBase64, trader);
      start = performance.now();
      await execute(signed);
      executeTimes.push(performance.now() - start);
    }

    // Built and signed first, so the floor runs the very swaps the API then executes.
    const traders: Keypair[] = [];
    for (let i = 0; i < CONCURRENT_TRADES; i++) traders.push(await fund());
    const swaps: Signed[] = [];
    for (const t of traders) swaps.push({ ...signAlone((await buy(t)).transactionBase64, t), pool: 0 });
    const connection = services.chain.connection;
    const accounts = await accountsNamed(connection, swaps);
    const slot = BigInt(await connection.getSlot('confirmed'));
    const floorRuns = [floorRun(accounts, slot, swaps), floorRun(accounts, slot, swaps)];
    const floor = Math.max(...floorRuns);

    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENT_TRADERS }, async () => {
      for (let i = next++; i < swaps.length; i = next++) await execute(swaps[i]!);
    }));
    const perSecond = swaps.length / ((performance.now() - started) / 1000);

    const build = percentiles(buildTimes);
    const exec = percentiles(executeTimes);
    const rows: TradeBenchRow[] = [
      {
        bench: `floor: the same ${swaps.length} presigned DBC buys in a bare LiteSVM, one core (best of 2: ${floorRuns.map((r) => r.toFixed(0)).join(', ')})`,
        runs: swaps.length, p50: round(floor), p99: round(floor), unit: 'swaps/s', floor: round(floor), ratio: '100%', target: '-', ok: true,
      },
      { bench: 'trade over HTTP: build (/buy)', runs: RUNS, ...build, unit: 'ms', floor: '-', ratio: '-', target: 'p99 < 15', ok: build.p99 < 15 },
      { bench: 'trade over HTTP: execute (relay, confirm, index)', runs: RUNS, ...exec, unit: 'ms', floor: round(1000 / floor, 2), ratio: '-', target: 'p99 < 100', ok: exec.p99 < 100 },
      {
        bench: `trade over HTTP: ${swaps.length} executes on one token, ${CONCURRENT_TRADERS} in flight`, runs: swaps.length, p50: round(perSecond), p99: round(perSecond),
        unit: 'trades/s', floor: round(floor), ratio: `${((perSecond / floor) * 100).toFixed(1)}%`, target: `>= ${API_TARGET * 100}% of the floor`, ok: perSecond >= API_TARGET * floor,
      },
    ];
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3));
  return { p50: at(0.5), p99: at(0.99) };
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await tradeBench();
