import { getPriceFromSqrtPrice } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { bondingProgressPercent, CURVE_TOKENS_FOR_SALE, marketCapLamports, priceSolPerToken } from '../../core/curve';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureCurveConfigs } from './configs';
import { readCurveState } from './curveState';
import { buildLaunchTransaction } from './launchTransaction';
import { buildSwapTransaction } from './swapTransaction';
import { readVirtualPool } from './virtualPool';

describe('a DBC pool as a curve state', () => {
  let t: TestApp;
  let pool: PublicKey;
  const trader = Keypair.generate();
  const sign = async (wire: Uint8Array) => {
    const tx = Transaction.from(wire);
    tx.partialSign(trader);
    await t.services.chain.sendAndConfirm(tx.serialize());
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [config] = await ensureCurveConfigs(t.services);
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
    const launch = await buildLaunchTransaction(t.services.chain.connection, {
      config: new PublicKey(config.address), payer: trader.publicKey, poolCreator: Keypair.generate(), mint: Keypair.generate(),
      name: 'Rain', symbol: 'RAIN', uri: 'https://causemint.test/r.json', initialBuyLamports: 0n, slippageBps: 500,
    });
    await sign(launch.transaction);
    pool = new PublicKey(launch.pool);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  const check = async () => {
    const state = (await readCurveState(t.services.chain.connection, pool))!;
    const onChain = (await readVirtualPool(t.services.chain.connection, pool))!.poolState;
    // The virtual pair prices the pool exactly as DBC does (to float precision).
    const sdkPrice = Number(getPriceFromSqrtPrice(onChain.sqrtPrice, 9, 9).toString());
    expect(Math.abs(priceSolPerToken(state) / sdkPrice - 1)).toBeLessThan(1e-9);
    expect(state.realSolReserves).toBe(BigInt(onChain.quoteReserve.toString()));
    return state;
  };

  it('starts with 793.1 M tokens for sale, raises SOL as it sells them, and completes at its threshold', async () => {
    const fresh = await check();
    expect(fresh.realSolReserves).toBe(0n);
    expect(CURVE_TOKENS_FOR_SALE - fresh.realTokenReserves).toBeLessThan(10n ** 9n * 1000n);
    expect(bondingProgressPercent(fresh)).toBe(0);
    expect(fresh.thresholdLamports).toBe(20n * LAMPORTS_PER_SOL);

    const buy = await buildSwapTransaction(t.services.chain.connection, { pool, trader: trader.publicKey, side: 'buy', amountIn: 5n * LAMPORTS_PER_SOL, slippageBps: 500 });
    await sign(buy.transaction);
    const after = await check();
    expect(after.realSolReserves).toBe(5n * LAMPORTS_PER_SOL * 94n / 100n);
    expect(fresh.realTokenReserves - after.realTokenReserves).toBe(buy.expectedOut);
    expect(bondingProgressPercent(after)).toBe(23.5);
    expect(marketCapLamports(after)).toBeGreaterThan(marketCapLamports(fresh));

    await sign((await buildSwapTransaction(t.services.chain.connection, { pool, trader: trader.publicKey, side: 'buy', amountIn: 30n * LAMPORTS_PER_SOL, slippageBps: 500 })).transaction);
    const complete = await check();
    expect(complete.complete).toBe(true);
    expect(bondingProgressPercent(complete)).toBe(100);
    // The curve's end sells all but the builder's rounding (under 1,000 of 793.1 M tokens; the
    // config's leftover receiver, the treasury, may withdraw them after graduation).
    expect(complete.realTokenReserves).toBeLessThan(1000n * 10n ** 9n);
  }, 60_000);
});
