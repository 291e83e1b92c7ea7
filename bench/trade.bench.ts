import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { LAMPORTS_PER_SOL, type Keypair } from '@solana/web3.js';
import { buildServer } from '../server/app';
import { closeServices, createLogger, createServices } from '../server/bootstrap';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';
import { launchCurveMarket } from '../server/routes/curve/testing/curveMarket';
import { TEST_MARKET_SECRET, createTestMarket, signFast } from '../server/trading/testing/market';

export type TradeBenchRow = { bench: string; runs: number; p50: number; p99: number; unit: string; target: string; ok: boolean };

const RUNS = 200;
const CONCURRENT_TRADERS = 20;
const ROUNDS_PER_TRADER = 10;

/**
 * Curve trading, measured twice: (1) the quote book alone on a bare LiteSVM, and (2) the
 * whole product over HTTP (app.inject): routes, the quote book, the product's local
 * ledger with its durable group commit, and the trade hooks (campaign row, session
 * activity, live event). Each: building a quote, executing a signed one (co-sign, send,
 * commit), and trades per second on one token with 20 traders at once. The trader's
 * signature is made outside the timings (it happens in the browser). PGlite in a
 * temporary directory, or DATABASE_URL when set.
 */
export default async function tradeBench(): Promise<TradeBenchRow[]> {
  const rows = [...await bookBench(), ...await httpBench()];
  console.table(rows);
  return rows;
}

async function bookBench(): Promise<TradeBenchRow[]> {
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
    return rows;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function httpBench(): Promise<TradeBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-trade-http-bench-'));
  // On DATABASE_URL the book bench's platform keys are already stored, sealed with the test market's secret.
  const env = loadEnv({
    ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SOLANA_RPC_URL: undefined, SOLANA_CLUSTER: undefined,
    KEY_ENCRYPTION_SECRET: process.env.KEY_ENCRYPTION_SECRET ?? TEST_MARKET_SECRET,
  });
  const services = await createServices(env, { log: createLogger(env) });
  const app = await buildServer({ services, serveApp: false });
  await app.ready();
  // A fresh client address per request: the per-IP limits are not what is measured.
  let ip = 0;
  const post = async <T>(url: string, payload: object): Promise<T> => {
    ip += 1;
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}` });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  try {
    const market = await launchCurveMarket(services, { curveType: 2, ticker: 'BENCH' });
    const buy = (trader: Keypair) => post<{ transactionBase64: string }>(`/api/curve/${market.mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: '0.001' });
    const execute = (transactionBase64: string) => post(`/api/curve/${market.mint}/execute`, { transactionBase64 });
    const trader = await market.trader(100n);
    for (let i = 0; i < 20; i++) await execute(signFast((await buy(trader)).transactionBase64, trader));

    const buildTimes: number[] = [];
    const executeTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      const q = await buy(trader);
      buildTimes.push(performance.now() - start);
      const signed = signFast(q.transactionBase64, trader);
      start = performance.now();
      await execute(signed);
      executeTimes.push(performance.now() - start);
    }

    const traders: Keypair[] = [];
    for (let i = 0; i < CONCURRENT_TRADERS; i++) traders.push(await market.trader(10n));
    const started = performance.now();
    await Promise.all(traders.map(async (t) => {
      for (let round = 0; round < ROUNDS_PER_TRADER; round++) await execute(signFast((await buy(t)).transactionBase64, t));
    }));
    const seconds = (performance.now() - started) / 1000;
    const trades = CONCURRENT_TRADERS * ROUNDS_PER_TRADER;
    const state = await services.trading.book.committedState(market.mint);
    if (!market.holdsExactly(state)) throw new Error('Curve invariant broken during the HTTP bench');

    const build = percentiles(buildTimes);
    const exec = percentiles(executeTimes);
    const perSecond = Number((trades / seconds).toFixed(1));
    return [
      { bench: 'trade over HTTP: build quote', runs: RUNS, ...build, unit: 'ms', target: 'p99 < 15', ok: build.p99 < 15 },
      { bench: 'trade over HTTP: execute on the local ledger', runs: RUNS, ...exec, unit: 'ms', target: 'p99 < 100', ok: exec.p99 < 100 },
      {
        bench: `trade over HTTP: ${CONCURRENT_TRADERS} traders on one token`, runs: trades, p50: perSecond, p99: perSecond,
        unit: 'trades/s', target: '>= 50', ok: perSecond >= 50,
      },
    ];
  } finally {
    await app.close();
    await closeServices(services).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3));
  return { p50: at(0.5), p99: at(0.99) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await tradeBench();
