import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Transaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { LAMPORTS_PER_SOL } from '../core/constants';
import type { DbcSignRequest } from '../core/schemas/launch';
import { signInWallet, type SignedIn } from '../server/testing/wallet';
import { openBenchServer } from './support/benchServer';

export type LaunchBenchRow = { bench: string; runs: number; p50: number; p95: number; max: number; unit: string; target: string; ok: boolean };

const RUNS = 30;
const TARGET_MS = 500;

/**
 * Server time of a campaign launch on its own DBC pool over HTTP (app.inject) on the local
 * ledger, in the three calls the launch page makes: prepare (the request and its two keys),
 * create (the form stored, the one launch transaction built: pool, mint, a 0.5 SOL initial buy,
 * the creation fee) and complete (the creator's signed transaction relayed and confirmed, the
 * pool checked on chain and mirrored, the campaign saved). The creator's signature is made
 * outside the timings (it happens in the wallet). PGlite in a temporary directory, or DATABASE_URL when set.
 */
export default async function launchBench(): Promise<LaunchBenchRow[]> {
  const { services, app, close } = await openBenchServer('launch');
  try {
    const times = { prepare: [] as number[], create: [] as number[], complete: [] as number[] };
    for (let i = 0; i < RUNS + 3; i++) {
      const user = await signInWallet(app);
      await services.chain.airdrop!(user.wallet, 2n * LAMPORTS_PER_SOL);
      let start = performance.now();
      const prepared = await call<{ request_id: string }>(app, user, 'GET', '/api/revshare/prepare?initialBuy=0.5');
      const prepareMs = performance.now() - start;
      start = performance.now();
      const toSign = await call<DbcSignRequest>(app, user, 'POST', '/api/revshare/create', createBody(user, prepared.request_id));
      const createMs = performance.now() - start;
      const tx = Transaction.from(Buffer.from(toSign.transactionBase64, 'base64'));
      tx.partialSign(user.keypair);
      const signedTransaction = tx.serialize().toString('base64');
      start = performance.now();
      const done = await call<{ mintAddress: string }>(app, user, 'POST', '/api/revshare/complete', { request_id: prepared.request_id, signedTransaction });
      const completeMs = performance.now() - start;
      if (done.mintAddress !== toSign.mintAddress) throw new Error(`complete launched ${done.mintAddress}, create built ${toSign.mintAddress}`);
      // The first few warm the code paths and caches up.
      if (i < 3) continue;
      times.prepare.push(prepareMs);
      times.create.push(createMs);
      times.complete.push(completeMs);
    }
    const p = percentiles(times.prepare);
    const c = percentiles(times.create);
    const d = percentiles(times.complete);
    const rows: LaunchBenchRow[] = [
      { bench: 'launch: prepare', runs: RUNS, ...p, unit: 'ms', target: `p95 < ${TARGET_MS}`, ok: p.p95 < TARGET_MS },
      { bench: 'launch: create (the DBC launch transaction built)', runs: RUNS, ...c, unit: 'ms', target: `p95 < ${TARGET_MS}`, ok: c.p95 < TARGET_MS },
      { bench: 'launch: complete (relayed, confirmed, pool checked, campaign saved)', runs: RUNS, ...d, unit: 'ms', target: `p95 < ${TARGET_MS}`, ok: d.p95 < TARGET_MS },
    ];
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

async function call<T>(app: FastifyInstance, user: SignedIn, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** The Start Campaign form's create body. */
function createBody(user: SignedIn, requestId: string): Record<string, unknown> {
  return {
    request_id: requestId, name: 'Bench Wells', ticker: 'BENCH', description: 'A launch measured by the bench.',
    imageUrl: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe', developerWallet: user.wallet,
    decimals: 9, taxTier: 6, visible: 1, mode: 0, dev_fee_percentage: 50, reward_ca: '', initialBuy: '0.5', bondingCurveType: 1, ref: '',
    category: 'Community', goal: '50', donationWallet: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  };
}

function percentiles(times: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await launchBench();
