import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { create, createBody, fund, prepare, signedInCreator } from '../server/launch/testing/launchFlow';
import { openBenchServer } from './support/benchServer';

export type LaunchBenchRow = { bench: string; runs: number; p50: number; p95: number; max: number; unit: string; target: string; ok: boolean };

const RUNS = 30;
const TARGET_MS = 500;

/**
 * Server time of a campaign launch over HTTP (app.inject) on the local ledger: prepare
 * (four platform keys and the request row), and create once the funding has landed (the
 * funding wait is the creator's wallet, not the server): the mint, the pool's rent, the
 * curve, a 0.5 SOL initial buy, the campaign rows, the treasury sweep. PGlite in a
 * temporary directory, or DATABASE_URL when set.
 */
export default async function launchBench(): Promise<LaunchBenchRow[]> {
  const { services, app, close } = await openBenchServer('launch');
  try {
    const prepareTimes: number[] = [];
    const createTimes: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const user = await signedInCreator(app, services, 2);
      let start = performance.now();
      const prepared = await prepare(app, user, '0.5');
      const prepareMs = performance.now() - start;
      await fund(services, user.keypair, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
      start = performance.now();
      const res = await create(app, user, createBody(user, prepared.request_id, { ticker: 'BENCH' }));
      const createMs = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
      // The first few warm the code paths and caches up.
      if (i < 3) continue;
      prepareTimes.push(prepareMs);
      createTimes.push(createMs);
    }
    const p = percentiles(prepareTimes);
    const c = percentiles(createTimes);
    const rows: LaunchBenchRow[] = [
      { bench: 'launch: prepare', runs: RUNS, ...p, unit: 'ms', target: `p95 < ${TARGET_MS}`, ok: p.p95 < TARGET_MS },
      { bench: 'launch: create (funded: mint, curve, initial buy, campaign)', runs: RUNS, ...c, unit: 'ms', target: `p95 < ${TARGET_MS}`, ok: c.p95 < TARGET_MS },
    ];
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

function percentiles(times: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await launchBench();
