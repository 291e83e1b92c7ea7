import { CpAmm, getCurrentPoint } from '@meteora-ag/cp-amm-sdk';
import { DynamicBondingCurveClient, SwapMode } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import BN from 'bn.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { curvePools, curveTrades } from '../db/schema';
import { tradeHooksIdle } from '../market';
import { createTestApp, type TestApp } from '../testing/app';
import { stateOfPool } from './pools';
import { ratio } from '../market/decimal';
import type { TradeEvent } from './tradeBus';
import { readCurveState } from './curveState';
import { graduatePool } from './graduate';
import { indexSwapSignatures } from './indexSwaps';
import { readDammPoolNow } from './swapStates';
import { launchDbcPool, launchOurDbcPool, sendSwap, type TestDbcPool } from './testing/dbcPool';

const bn = (value: bigint) => new BN(value.toString());

describe('the swap indexer', () => {
  let t: TestApp;
  let ours: TestDbcPool;
  let dbc: DynamicBondingCurveClient;
  const trader = Keypair.generate();
  const heard: TradeEvent[] = [];
  const graduations: TradeEvent[] = [];

  const send = async (tx: Transaction, ...signers: Keypair[]) => {
    tx.recentBlockhash = (await t.services.chain.connection.getLatestBlockhash('confirmed')).blockhash;
    tx.feePayer = signers[0].publicKey;
    tx.sign(...signers);
    return t.services.chain.sendAndConfirm(tx.serialize());
  };
  const sdkSwap = (owner: Keypair, amountIn: bigint, sell = false) => dbc.pool.swap({
    owner: owner.publicKey, pool: new PublicKey(ours.pool), amountIn: bn(amountIn), minimumAmountOut: new BN(0), swapBaseForQuote: sell, referralTokenAccount: null,
  });
  const tradesOf = (mint: string) => t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, mint))
    .orderBy(asc(curveTrades.slot), asc(curveTrades.createdAt), asc(curveTrades.swapIndex));
  const tradeRow = async (signature: string, swapIndex = 0) => (await t.services.db.select().from(curveTrades).where(eq(curveTrades.signature, signature)))
    .find((r) => r.swapIndex === swapIndex);
  const poolRow = async (mint: string) => (await t.services.db.select().from(curvePools).where(eq(curvePools.mint, mint)))[0]!;
  const chainState = async () => (await readCurveState(t.services.chain.connection, new PublicKey(ours.pool)))!;
  const afterColumns = (row: { virtualSolAfter: bigint; virtualTokensAfter: bigint; realSolAfter: bigint }) =>
    ({ virtualSolReserves: row.virtualSolAfter, virtualTokenReserves: row.virtualTokensAfter, realSolReserves: row.realSolAfter });

  beforeAll(async () => {
    t = await createTestApp();
    dbc = new DynamicBondingCurveClient(t.services.chain.connection, 'confirmed');
    ours = await launchOurDbcPool(t.services, { initialBuyLamports: LAMPORTS_PER_SOL });
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
    t.services.trades.onTrade((event) => { heard.push(event); });
    t.services.trades.onGraduated((event) => { graduations.push(event); });
  }, 60_000);
  afterAll(async () => {
    await tradeHooksIdle(t.services);
    await t.close();
  });

  it('writes the launch\'s first buy as the creator\'s trade, its fee and the pool\'s state after it', async () => {
    const result = await indexSwapSignatures(t.services, [ours.launchSignature]);
    expect(result).toMatchObject({ missing: [], failed: [] });
    expect(result.written).toHaveLength(1);
    const row = (await tradeRow(ours.launchSignature))!;
    const tx = (await t.services.chain.connection.getTransaction(ours.launchSignature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    expect(row).toMatchObject({
      mint: ours.mint, quoteId: null, side: 'buy', wallet: ours.creator.publicKey.toBase58(), solLamports: LAMPORTS_PER_SOL,
      // The platform's configs: a flat 6% in SOL, DBC's protocol keeping 20% of it.
      feeLamports: LAMPORTS_PER_SOL * 6n / 100n, protocolFeeLamports: LAMPORTS_PER_SOL * 6n / 100n / 5n,
      slot: BigInt(tx.slot), blockTime: new Date(tx.blockTime! * 1000),
    });
    expect(row.tokensSent).toBeGreaterThan(0n);
    expect(row.tokensReceived).toBe(row.tokensSent);
    expect(Number(row.price)).toBeCloseTo(Number(ratio(LAMPORTS_PER_SOL, row.tokensSent)), 15);
    const state = await chainState();
    expect(afterColumns(row)).toEqual({ virtualSolReserves: state.virtualSolReserves, virtualTokenReserves: state.virtualTokenReserves, realSolReserves: state.realSolReserves });
    expect(stateOfPool(await poolRow(ours.mint))).toEqual(state);
    expect(heard).toEqual([expect.objectContaining({
      mint: ours.mint, campaignId: null, side: 'buy', wallet: ours.creator.publicKey.toBase58(), signature: ours.launchSignature,
      solLamports: LAMPORTS_PER_SOL, tokensSent: row.tokensSent, tokensReceived: row.tokensSent, state, graduated: false,
    })]);
  });

  it('writes swaps an outside client sent, each with the pool\'s state right after it, and mirrors the pool', async () => {
    const buy = await send(await sdkSwap(trader, LAMPORTS_PER_SOL), trader);
    const afterBuy = await chainState();
    const sell = await sendSwap(t.services, ours.pool, trader, 'sell', 10n ** 15n);
    const afterSell = await chainState();
    const result = await indexSwapSignatures(t.services, [buy, sell]);
    expect(result.written.map((w) => [w.signature, w.side])).toEqual([[buy, 'buy'], [sell, 'sell']]);
    const buyRow = (await tradeRow(buy))!;
    const sellRow = (await tradeRow(sell))!;
    expect(buyRow).toMatchObject({ side: 'buy', wallet: trader.publicKey.toBase58(), solLamports: LAMPORTS_PER_SOL, feeLamports: LAMPORTS_PER_SOL * 6n / 100n });
    expect(sellRow).toMatchObject({ side: 'sell', wallet: trader.publicKey.toBase58(), tokensSent: 10n ** 15n, tokensReceived: 10n ** 15n });
    // A sell's fee comes out of the SOL the curve pays: the trader got 94% of it.
    const gap = sellRow.feeLamports * 94n / 6n - sellRow.solLamports;
    expect(gap < 0n ? -gap : gap).toBeLessThanOrEqual(16n);
    expect(afterColumns(buyRow)).toEqual({ virtualSolReserves: afterBuy.virtualSolReserves, virtualTokenReserves: afterBuy.virtualTokenReserves, realSolReserves: afterBuy.realSolReserves });
    expect(afterColumns(sellRow)).toEqual({ virtualSolReserves: afterSell.virtualSolReserves, virtualTokenReserves: afterSell.virtualTokenReserves, realSolReserves: afterSell.realSolReserves });
    expect(stateOfPool(await poolRow(ours.mint))).toEqual(afterSell);
    expect(heard.slice(-2).map((e) => [e.signature, e.state])).toEqual([[buy, { ...afterBuy, realTokenReserves: afterSell.realTokenReserves }], [sell, afterSell]]);
  });

  it('numbers two swaps of one transaction in instruction order', async () => {
    const [a, b] = [Keypair.generate(), Keypair.generate()];
    for (const k of [a, b]) await t.services.chain.airdrop!(k.publicKey.toBase58(), 2n * LAMPORTS_PER_SOL);
    const signature = await send(new Transaction().add(
      ...(await sdkSwap(a, LAMPORTS_PER_SOL / 4n)).instructions, ...(await sdkSwap(b, LAMPORTS_PER_SOL / 3n)).instructions,
    ), a, b);
    await indexSwapSignatures(t.services, [signature]);
    const [first, second] = [(await tradeRow(signature, 0))!, (await tradeRow(signature, 1))!];
    expect([first.wallet, first.solLamports]).toEqual([a.publicKey.toBase58(), LAMPORTS_PER_SOL / 4n]);
    expect([second.wallet, second.solLamports]).toEqual([b.publicKey.toBase58(), LAMPORTS_PER_SOL / 3n]);
    expect(second.realSolAfter - first.realSolAfter).toBe(second.solLamports - second.feeLamports);
    expect(second.virtualSolAfter).toBe((await chainState()).virtualSolReserves);
  });

  it('writes a swap read twice, or by two indexers at once, once; only the writer tells the listeners', async () => {
    const rows = (await tradesOf(ours.mint)).length;
    const heardBefore = heard.length;
    const again = await indexSwapSignatures(t.services, [ours.launchSignature, ...(await tradesOf(ours.mint)).map((r) => r.signature)]);
    expect(again.written).toEqual([]);

    const signatures = [await sendSwap(t.services, ours.pool, trader, 'buy', LAMPORTS_PER_SOL / 5n), await sendSwap(t.services, ours.pool, trader, 'sell', 10n ** 14n)];
    const results = await Promise.all([indexSwapSignatures(t.services, signatures), indexSwapSignatures(t.services, [...signatures].reverse())]);
    expect(results.flatMap((r) => r.written.map((w) => w.signature)).sort()).toEqual([...signatures].sort());
    expect((await tradesOf(ours.mint)).length).toBe(rows + 2);
    expect(heard.slice(heardBefore).map((e) => e.signature).sort()).toEqual([...signatures].sort());
    expect(stateOfPool(await poolRow(ours.mint))).toEqual(await chainState());
  });

  it('writes nothing for a pool we do not run, nor for a transaction that is not there', async () => {
    const theirs = await launchDbcPool(t.services);
    const swap = await sendSwap(t.services, theirs.pool, trader, 'buy', LAMPORTS_PER_SOL / 10n);
    const heardBefore = heard.length;
    const result = await indexSwapSignatures(t.services, [theirs.launchSignature, swap, '1111111111111111111111111111111111111111111111111111111111111111']);
    expect(result.written).toEqual([]);
    expect(result.missing).toEqual(['1111111111111111111111111111111111111111111111111111111111111111']);
    expect(await t.services.db.select().from(curveTrades).where(eq(curveTrades.signature, swap))).toEqual([]);
    expect(heard.length).toBe(heardBefore);
  });

  it('tells the graduation listeners of the swap that completed the curve, then writes the graduated pool\'s DAMM v2 trades', async () => {
    const fill = await send(await dbc.pool.swap2({
      owner: trader.publicKey, pool: new PublicKey(ours.pool), swapBaseForQuote: false, referralTokenAccount: null,
      swapMode: SwapMode.PartialFill, amountIn: bn(25n * LAMPORTS_PER_SOL), minimumAmountOut: new BN(0),
    }), trader);
    const [completing] = (await indexSwapSignatures(t.services, [fill])).written;
    expect(completing).toMatchObject({ signature: fill, graduated: true, state: { complete: true } });
    expect(graduations.map((e) => e.signature)).toEqual([fill]);
    const graduated = await poolRow(ours.mint);
    expect(graduated).toMatchObject({ complete: true, graduatedAt: completing.blockTime });
    expect(stateOfPool(graduated)).toEqual(await chainState());

    const migration = await graduatePool(t.services.chain.connection, new PublicKey(ours.pool), trader, (wire) => t.services.chain.sendAndConfirm(wire));
    if (migration.status !== 'migrated') throw new Error(`migration ${migration.status}`);
    // The SDK's quote reads the newest finished block's time, which may still be before the pool's activation.
    const cpAmm = new CpAmm(t.services.chain.connection);
    const { activationPoint } = await cpAmm.fetchPoolState(new PublicKey(migration.dammPool));
    const { connection } = t.services.chain;
    while ((await getCurrentPoint(connection, 1)).lt(activationPoint)) await new Promise((r) => setTimeout(r, 50));
    // Until the row names the DAMM v2 pool its swaps are not ours.
    const early = await sendSwap(t.services, ours.pool, trader, 'buy', LAMPORTS_PER_SOL / 10n);
    expect((await indexSwapSignatures(t.services, [early])).written).toEqual([]);
    await t.services.db.update(curvePools).set({ dammPool: migration.dammPool }).where(eq(curvePools.mint, ours.mint));

    const buy = await sendSwap(t.services, ours.pool, trader, 'buy', LAMPORTS_PER_SOL / 2n);
    const [written] = (await indexSwapSignatures(t.services, [early, buy])).written.filter((w) => w.signature === buy);
    const row = (await tradeRow(buy))!;
    expect(row).toMatchObject({ side: 'buy', wallet: trader.publicKey.toBase58(), solLamports: LAMPORTS_PER_SOL / 2n });
    const damm = await readDammPoolNow(t.services.chain.connection, migration.dammPool, graduated.thresholdLamports);
    expect(written.state).toEqual(damm.state);
    expect(stateOfPool(await poolRow(ours.mint))).toEqual(damm.state);
    expect(afterColumns(row)).toEqual({ virtualSolReserves: damm.state.virtualSolReserves, virtualTokenReserves: damm.state.virtualTokenReserves, realSolReserves: damm.state.realSolReserves });
    // The migrated pool spans the whole price range: its virtual pair is its reserves, to a part in a million.
    expect(Math.abs(Number(damm.state.virtualSolReserves) / Number(damm.state.realSolReserves) - 1)).toBeLessThan(1e-6);
    expect(Math.abs(Number(damm.state.virtualTokenReserves) / Number(damm.state.realTokenReserves) - 1)).toBeLessThan(1e-6);
    expect(graduations).toHaveLength(1);
  }, 30_000);
});
