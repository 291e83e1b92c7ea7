import { getAccount, getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureCurveConfigs } from './configs';
import { buildLaunchTransaction } from './launchTransaction';
import { buildSwapTransaction, PoolNotTradableError } from './swapTransaction';
import { readVirtualPool } from './virtualPool';

describe('a trade on a DBC pool', () => {
  let t: TestApp;
  let pool: PublicKey;
  let mint: PublicKey;
  const trader = Keypair.generate();

  const send = async (wire: Uint8Array, signer: Keypair) => {
    const tx = Transaction.from(wire);
    // The trader is the only one asked to sign.
    expect(tx.signatures.map((s) => s.publicKey.toBase58())).toEqual([signer.publicKey.toBase58()]);
    tx.sign(signer);
    const signature = await t.services.chain.sendAndConfirm(tx.serialize());
    return (await t.services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
  };
  const tokens = async () => (await getAccount(t.services.chain.connection, getAssociatedTokenAddressSync(mint, trader.publicKey, false, TOKEN_2022_PROGRAM_ID), 'confirmed', TOKEN_2022_PROGRAM_ID)).amount;

  beforeAll(async () => {
    t = await createTestApp();
    const [config] = await ensureCurveConfigs(t.services);
    const creator = Keypair.generate();
    await t.services.chain.airdrop!(creator.publicKey.toBase58(), LAMPORTS_PER_SOL);
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
    const mintKey = Keypair.generate();
    const launch = await buildLaunchTransaction(t.services.chain.connection, {
      config: new PublicKey(config.address), payer: creator.publicKey, poolCreator: Keypair.generate(), mint: mintKey,
      name: 'Trees', symbol: 'TREE', uri: 'https://causemint.test/t.json', initialBuyLamports: 0n, slippageBps: 500,
    });
    const tx = Transaction.from(launch.transaction);
    tx.partialSign(creator);
    await t.services.chain.sendAndConfirm(tx.serialize());
    pool = new PublicKey(launch.pool);
    mint = mintKey.publicKey;
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('buys and sells at the quote, signed by the trader alone; a buy past the curve\'s end fills it exactly', async () => {
    const { connection } = t.services.chain;
    const buy = await buildSwapTransaction(connection, { pool, trader: trader.publicKey, side: 'buy', amountIn: LAMPORTS_PER_SOL, slippageBps: 500 });
    expect(buy.minimumOut).toBe(buy.expectedOut * 9_500n / 10_000n);
    expect(buy.fee).toBe(LAMPORTS_PER_SOL * 6n / 100n);
    expect(buy.completesCurve).toBe(false);
    const bought = await send(buy.transaction, trader);
    expect(bought.meta?.err).toBeNull();
    expect(await tokens()).toBe(buy.expectedOut);
    expect(buy.accountRent).toBeGreaterThan(0n);
    expect(bought.meta!.preBalances[0] - bought.meta!.postBalances[0]).toBe(Number(LAMPORTS_PER_SOL + buy.accountRent) + bought.meta!.fee);

    const sell = await buildSwapTransaction(connection, { pool, trader: trader.publicKey, side: 'sell', amountIn: buy.expectedOut / 2n, slippageBps: 100 });
    const sold = await send(sell.transaction, trader);
    expect(sold.meta?.err).toBeNull();
    expect(await tokens()).toBe(buy.expectedOut - buy.expectedOut / 2n);
    expect(sold.meta!.postBalances[0] - sold.meta!.preBalances[0]).toBe(Number(sell.expectedOut) - sold.meta!.fee);

    // 30 SOL offered to a 20 SOL curve: the pool takes what completes it, the rest stays.
    const last = await buildSwapTransaction(connection, { pool, trader: trader.publicKey, side: 'buy', amountIn: 30n * LAMPORTS_PER_SOL, slippageBps: 500 });
    expect(last.completesCurve).toBe(true);
    expect(last.accountRent).toBe(0n);
    expect(last.amountIn).toBeLessThan(30n * LAMPORTS_PER_SOL);
    const completed = await send(last.transaction, trader);
    expect(completed.meta?.err).toBeNull();
    expect(completed.meta!.preBalances[0] - completed.meta!.postBalances[0]).toBe(Number(last.amountIn) + completed.meta!.fee);
    const state = await readVirtualPool(connection, pool);
    // Complete: at the threshold, or a lamport past it where DBC rounds the completing input up.
    const reserve = BigInt(state!.poolState.quoteReserve.toString());
    expect(reserve >= 20n * LAMPORTS_PER_SOL && reserve <= 20n * LAMPORTS_PER_SOL + 1n).toBe(true);

    await expect(buildSwapTransaction(connection, { pool, trader: trader.publicKey, side: 'buy', amountIn: LAMPORTS_PER_SOL, slippageBps: 500 }))
      .rejects.toThrow(PoolNotTradableError);
  }, 60_000);
});
