import { CpAmm } from '@meteora-ag/cp-amm-sdk';
import { getAccount, getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureCurveConfigs } from './configs';
import { graduatePool } from './graduate';
import { buildLaunchTransaction } from './launchTransaction';
import { buildSwapTransaction } from './swapTransaction';
import { readVirtualPool } from './virtualPool';

describe('graduation into DAMM v2', () => {
  let t: TestApp;
  let pool: PublicKey;
  let mint: PublicKey;
  const distributor = Keypair.generate();
  const trader = Keypair.generate();
  const workers = [Keypair.generate(), Keypair.generate()];

  const trade = async (side: 'buy' | 'sell', amountIn: bigint) => {
    const built = await buildSwapTransaction(t.services.chain.connection, { pool, trader: trader.publicKey, side, amountIn, slippageBps: 500 });
    const tx = Transaction.from(built.transaction);
    expect(tx.signatures.map((s) => s.publicKey.toBase58())).toEqual([trader.publicKey.toBase58()]);
    tx.sign(trader);
    await t.services.chain.sendAndConfirm(tx.serialize());
    return built;
  };
  const tokens = async () => (await getAccount(t.services.chain.connection, getAssociatedTokenAddressSync(mint, trader.publicKey, false, TOKEN_2022_PROGRAM_ID), 'confirmed', TOKEN_2022_PROGRAM_ID)).amount;

  beforeAll(async () => {
    t = await createTestApp();
    const [config] = await ensureCurveConfigs(t.services);
    for (const key of [trader, ...workers]) await t.services.chain.airdrop!(key.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
    const mintKey = Keypair.generate();
    const launch = await buildLaunchTransaction(t.services.chain.connection, {
      config: new PublicKey(config.address), payer: trader.publicKey, poolCreator: distributor, mint: mintKey,
      name: 'Seeds', symbol: 'SEED', uri: 'https://causemint.test/s.json', initialBuyLamports: 0n, slippageBps: 500,
    });
    const tx = Transaction.from(launch.transaction);
    tx.partialSign(trader);
    await t.services.chain.sendAndConfirm(tx.serialize());
    pool = new PublicKey(launch.pool);
    mint = mintKey.publicKey;
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('migrates a complete curve once with two workers at it, locks all liquidity for the distributor, and trades on DAMM v2 after', async () => {
    const send = (wire: Uint8Array) => t.services.chain.sendAndConfirm(wire);
    expect(await graduatePool(t.services.chain.connection, pool, workers[0], send)).toEqual({ status: 'not_complete' });
    await trade('buy', 25n * LAMPORTS_PER_SOL);

    const results = await Promise.all(workers.map((worker) => graduatePool(t.services.chain.connection, pool, worker, send)));
    expect(results.filter((r) => r.status === 'migrated')).toHaveLength(1);
    expect(results.map((r) => r.status).sort()).toEqual(['already_migrated', 'migrated']);
    const dammPool = new PublicKey((results[0] as { dammPool: string }).dammPool);
    expect((await readVirtualPool(t.services.chain.connection, pool))!.poolState.isMigrated).toBe(1);

    const cpAmm = new CpAmm(t.services.chain.connection);
    const state = await cpAmm.fetchPoolState(dammPool);
    expect(state.tokenAMint.toBase58()).toBe(mint.toBase58());
    expect(state.permanentLockLiquidity.toString()).toBe(state.liquidity.toString());
    const positions = await cpAmm.getUserPositionByPool(dammPool, distributor.publicKey);
    expect(positions).toHaveLength(1);
    expect(positions[0].positionState.permanentLockedLiquidity.toString()).toBe(state.liquidity.toString());

    // The same builder now trades the DAMM v2 pool, signed by the trader alone.
    const held = await tokens();
    const buy = await trade('buy', LAMPORTS_PER_SOL / 10n);
    expect(await tokens()).toBe(held + buy.expectedOut);
    const sell = await trade('sell', buy.expectedOut);
    expect(sell.expectedOut).toBeGreaterThan(0n);
    expect(await tokens()).toBe(held);
  }, 60_000);
});
