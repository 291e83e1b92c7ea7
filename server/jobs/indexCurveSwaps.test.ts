import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { PoolLogsWatch } from '../curve/poolLogsWatch';
import { launchOurDbcPool, sendSwap, type TestDbcPool } from '../curve/testing/dbcPool';
import { curveIndexCursors, curveTrades } from '../db/schema';
import { tradeHooksIdle } from '../market';
import { startRpcTestApp, type RpcTestApp } from '../testing/rpcClients';
import { CURVE_SWAPS_JOB, indexCurveSwapsJob } from './indexCurveSwaps';
import { startJobs, type JobRunner } from './runner';

describe('the curve swaps job', () => {
  let t: RpcTestApp;
  let ours: TestDbcPool;
  let runner: JobRunner | undefined;
  const trader = Keypair.generate();
  /** When each trade's listener call came (performance.now()), by signature. */
  const heardAt = new Map<string, number>();

  const rowsOf = (signature: string) => t.services.db.select().from(curveTrades).where(eq(curveTrades.signature, signature));
  const cursorOf = async (pool: string) => (await t.services.db.select().from(curveIndexCursors).where(eq(curveIndexCursors.pool, pool)))[0];
  const heard = (signature: string, withinMs: number) => new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const poll = setInterval(() => {
      const at = heardAt.get(signature);
      if (at !== undefined) { clearInterval(poll); resolve(at); }
      else if (performance.now() - started > withinMs) { clearInterval(poll); reject(new Error(`${signature} not heard within ${withinMs} ms`)); }
    }, 2);
  });

  beforeAll(async () => {
    t = await startRpcTestApp();
    ours = await launchOurDbcPool(t.services, { initialBuyLamports: LAMPORTS_PER_SOL / 2n });
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 10n * LAMPORTS_PER_SOL);
    t.services.trades.onTrade((event) => { heardAt.set(event.signature, performance.now()); });
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await tradeHooksIdle(t.services);
    await t.close();
  });

  it('reads each pool\'s history at start, the launch\'s first buy included, and keeps the newest signature as its cursor', async () => {
    runner = startJobs(t.services, [indexCurveSwapsJob()]);
    await runner.runNow(CURVE_SWAPS_JOB);
    expect(await rowsOf(ours.launchSignature)).toEqual([expect.objectContaining({ wallet: ours.creator.publicKey.toBase58(), side: 'buy' })]);
    expect(await cursorOf(ours.pool)).toMatchObject({ lastSignature: ours.launchSignature });
  });

  it('writes a swap anyone sent within a second of its confirmation, woken by the ledger\'s commit', async () => {
    const delays: number[] = [];
    for (const [side, amount] of [['buy', LAMPORTS_PER_SOL / 4n], ['sell', 10n ** 14n], ['buy', LAMPORTS_PER_SOL / 8n]] as const) {
      const signature = await sendSwap(t.services, ours.pool, trader, side, amount);
      const confirmedAt = performance.now();
      const at = await heard(signature, 2_000);
      delays.push(Math.max(0, at - confirmedAt));
      expect(await rowsOf(signature)).toEqual([expect.objectContaining({ wallet: trader.publicKey.toBase58(), side })]);
    }
    console.info(`swap confirmed -> trade row and listener: ${delays.map((d) => `${d.toFixed(0)} ms`).join(', ')}`);
    expect(Math.max(...delays)).toBeLessThan(1_000);
  });

  it('after a restart, catches up from the cursor with no wake: the swaps since, nothing before it', async () => {
    await runner!.stop();
    runner = undefined;
    const missed = [await sendSwap(t.services, ours.pool, trader, 'buy', LAMPORTS_PER_SOL / 10n), await sendSwap(t.services, ours.pool, trader, 'sell', 10n ** 13n)];
    await new Promise((r) => setTimeout(r, 100));
    for (const signature of missed) expect(await rowsOf(signature)).toEqual([]);
    // The cursor is still the start's backfill's newest, the launch (wakes do not move it): the wake's trades since are read
    // again and stay one row each, and the launch's row, dropped now, stays dropped, as nothing reads at or before the cursor.
    await t.services.db.delete(curveTrades).where(eq(curveTrades.signature, ours.launchSignature));

    runner = startJobs(t.services, [indexCurveSwapsJob()]);
    await runner.runNow(CURVE_SWAPS_JOB);
    for (const signature of missed) expect(await rowsOf(signature)).toHaveLength(1);
    expect(await t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, ours.mint))).toHaveLength(5);
    expect(await rowsOf(ours.launchSignature)).toEqual([]);
    expect(await cursorOf(ours.pool)).toMatchObject({ lastSignature: missed[1] });
  });

  it('on a cluster, hears a swap on one of our pools from its logs subscription', async () => {
    const landed: string[] = [];
    let subscribed = 0;
    const watch = new PoolLogsWatch(t.connection, (signature) => landed.push(signature), () => { subscribed++; });
    try {
      watch.sync(new Set([ours.pool]));
      for (let i = 0; i < 200 && !watch.isLive(ours.pool); i++) await new Promise((r) => setTimeout(r, 10));
      expect(watch.isLive(ours.pool)).toBe(true);
      expect(subscribed).toBe(1);
      const signature = await sendSwap(t.services, ours.pool, trader, 'buy', LAMPORTS_PER_SOL / 10n);
      for (let i = 0; i < 200 && !landed.includes(signature); i++) await new Promise((r) => setTimeout(r, 10));
      expect(landed).toEqual([signature]);
      watch.sync(new Set());
      expect(watch.isLive(ours.pool)).toBe(false);
    } finally {
      await watch.close();
    }
  });
});
