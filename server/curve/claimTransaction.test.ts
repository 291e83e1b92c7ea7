import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { createTestApp, type TestApp } from '../testing/app';
import { buildClaimTransaction, type ClaimTransaction } from './claimTransaction';
import { ensureCurveConfigs } from './configs';
import { buildLaunchTransaction } from './launchTransaction';
import { buildSwapTransaction } from './swapTransaction';
import { readVirtualPool } from './virtualPool';

describe('claiming the cause\'s share of a DBC pool\'s fees', () => {
  let t: TestApp;
  let pool: PublicKey;
  const distributor = Keypair.generate();
  const payer = Keypair.generate();
  const donationWallet = Keypair.generate().publicKey;
  const trader = Keypair.generate();

  /** The claim as the distributor journal sends it: a fresh blockhash, the payer's and the distributor's signatures. */
  const claimWire = async (claim: ClaimTransaction) => {
    claim.transaction.recentBlockhash = (await t.services.chain.connection.getLatestBlockhash('confirmed')).blockhash;
    claim.transaction.sign(payer, distributor);
    return claim.transaction.serialize();
  };
  const claimArgs = () => ({ pool, distributor: distributor.publicKey, payer: payer.publicKey, donationWallet });
  const sendSigned = async (wire: Uint8Array, ...signers: Keypair[]) => {
    const tx = Transaction.from(wire);
    if (signers.length) tx.partialSign(...signers);
    return t.services.chain.sendAndConfirm(tx.serialize());
  };
  const balance = (key: PublicKey) => t.services.chain.connection.getBalance(key, 'confirmed').then(BigInt);
  const trade = async (side: 'buy' | 'sell', amountIn: bigint) => {
    const built = await buildSwapTransaction(t.services.chain.connection, { pool, trader: trader.publicKey, side, amountIn, slippageBps: 500 });
    await sendSigned(built.transaction, trader);
    return built;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [config] = await ensureCurveConfigs(t.services);
    for (const key of [payer, trader]) await t.services.chain.airdrop!(key.publicKey.toBase58(), 10n * LAMPORTS_PER_SOL);
    const launch = await buildLaunchTransaction(t.services.chain.connection, {
      config: new PublicKey(config.address), payer: payer.publicKey, poolCreator: distributor, mint: Keypair.generate(),
      name: 'Books', symbol: 'BOOK', uri: 'https://causemint.test/b.json', initialBuyLamports: 0n, slippageBps: 500,
    });
    await sendSigned(launch.transaction, payer);
    pool = new PublicKey(launch.pool);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('pays the donation wallet exactly 80% of the 6% fee, to the lamport, and leaves the distributor where it began', async () => {
    const buy = await trade('buy', 2n * LAMPORTS_PER_SOL);
    const sell = await trade('sell', buy.expectedOut / 3n);
    const accrued = BigInt((await readVirtualPool(t.services.chain.connection, pool))!.poolState.creatorQuoteFee.toString());
    // DBC keeps 20% of each fee (rounded down) as its protocol's; the rest is the creator role's, the cause's.
    for (const { fee, protocolFee } of [buy, sell]) expect(protocolFee).toBe(fee * 20n / 100n);
    expect(accrued).toBe(buy.fee - buy.protocolFee + sell.fee - sell.protocolFee);

    const before = { payer: await balance(payer.publicKey), distributor: await balance(distributor.publicKey) };
    const claim = await buildClaimTransaction(t.services.chain.connection, claimArgs());
    expect(claim?.lamports).toBe(accrued);
    const signature = await t.services.chain.sendAndConfirm(await claimWire(claim!));
    const landed = await t.services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });

    expect(await balance(donationWallet)).toBe(accrued);
    expect(await balance(distributor.publicKey)).toBe(before.distributor);
    // The payer spent the network fee and the distributor's base-token account's rent (once per pool), nothing else.
    const spent = before.payer - await balance(payer.publicKey);
    expect(spent - BigInt(landed!.meta!.fee)).toBe(claim!.rentLamports);
    expect(claim!.rentLamports).toBe(BigInt(await t.services.chain.connection.getMinimumBalanceForRentExemption(170)));
    expect(BigInt((await readVirtualPool(t.services.chain.connection, pool))!.poolState.creatorQuoteFee.toString())).toBe(0n);

    // Nothing accrued since: nothing to claim.
    expect(await buildClaimTransaction(t.services.chain.connection, claimArgs())).toBeNull();
    // A second claim after more trading costs only its fee.
    await trade('buy', LAMPORTS_PER_SOL / 2n);
    const again = await buildClaimTransaction(t.services.chain.connection, claimArgs());
    expect(again?.rentLamports).toBe(0n);
    const payerBefore = await balance(payer.publicKey);
    const second = await t.services.chain.sendAndConfirm(await claimWire(again!));
    const secondFee = (await t.services.chain.connection.getTransaction(second, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!.meta!.fee;
    expect(payerBefore - await balance(payer.publicKey)).toBe(BigInt(secondFee));
    expect(await balance(donationWallet)).toBe(accrued + again!.lamports);
  }, 60_000);
});
