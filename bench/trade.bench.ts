import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { LAMPORTS_PER_SOL, type Keypair } from '@solana/web3.js';
import { openDatabase } from '../server/db/client';
import { createTestMarket, signFast } from '../server/trading/testing/market';

export type TradeBenchRow = { bench: string; runs: number; p50: number; p99: number; unit: string; target: string; ok: boolean };

const RUNS = 200;
const CONCURRENT_TRADERS = 20;
const ROUNDS_PER_TRADER = 10;

/**
 * Curve trading through the real quote book, database and a LiteSVM ledger: building a
 * quote, executing a signed one (co-sign, send, commit), and trades per second on one
 * token with 20 traders at once. The trader's signature is made outside the timings (it
 * happens in the browser). PGlite in a temporary directory, or DATABASE_URL when set.
 */
export default async function tradeBench(): Promise<TradeBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-trade-bench-'));
  const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir });
  try {
    const market = await createTestMarket({ db: database.db, dataDir, curveType: 2 });
    const solIn = BigInt(LAMPORTS_PER_SOL) / 1000n;
    const trader = market.trader(100);
    const quote = () => market.book.buildBuyQuote({ mint: market.mint, trader: trader.publicKey.toBase58(), solIn });
    for (let i = 0; i < 20; i++) await market.book.execute(signFast((await quote()).transactionBase64, trader));

    const buildTimes: number[] = [];
    const executeTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      const q = await quote();
      buildTimes.push(performance.now() - start);
      const signed = signFast(q.transactionBase64, trader);
      start = performance.now();
      await market.book.execute(signed);
      executeTimes.push(performance.now() - start);
    }

    const traders: Keypair[] = Array.from({ length: CONCURRENT_TRADERS }, () => market.trader(10));
    const started = performance.now();
    await Promise.all(traders.map(async (t) => {
      for (let round = 0; round < ROUNDS_PER_TRADER; round++) {
        const q = await market.book.buildBuyQuote({ mint: market.mint, trader: t.publicKey.toBase58(), solIn });
        await market.book.execute(signFast(q.transactionBase64, t));
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    const trades = CONCURRENT_TRADERS * ROUNDS_PER_TRADER;
    const state = await market.book.committedState(market.mint);
    if (!market.invariantHolds(state)) throw new Error('Curve invariant broken during the bench');

    const build = percentiles(buildTimes);
    const execute = percentiles(executeTimes);
    const perSecond = Number((trades / seconds).toFixed(1));
    const rows: TradeBenchRow[] = [
      { bench: 'trade: build quote', runs: RUNS, ...build, unit: 'ms', target: 'p99 < 15', ok: build.p99 < 15 },
      { bench: 'trade: execute (co-sign, send, commit)', runs: RUNS, ...execute, unit: 'ms', target: 'p99 < 100', ok: execute.p99 < 100 },
      {
        bench: `trade: ${CONCURRENT_TRADERS} traders on one token`, runs: trades, p50: perSecond, p99: perSecond,
        unit: 'trades/s', target: '>= 50', ok: perSecond >= 50,
      },
    ];
    console.table(rows);
    return rows;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3));
  return { p50: at(0.5), p99: at(0.99) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await tradeBench();
