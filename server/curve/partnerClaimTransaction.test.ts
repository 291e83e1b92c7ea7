import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { createTestApp, type TestApp } from '../testing/app';
import type { ClaimTransaction } from './claimTransaction';
import { curvePartner, ensureCurveConfigs } from './configs';
import { buildLaunchTransaction } from './launchTransaction';
import { accruedPartnerFee, buildPartnerClaimTransaction } from './partnerClaimTransaction';
import { buildSwapTransaction, type SwapTransaction } from './swapTransaction';
import { readVirtualPool } from './virtualPool';

// 25% of the non-protocol fee is the platform's: DBC rounds the creator's 75% down, the partner takes the rest.
const SHARE = 25n;
const split = ({ fee, protocolFee }: SwapTransaction) => {
  const creator = ((fee - protocolFee) * (100n - SHARE)) / 100n;
  return { creator, partner: fee - protocolFee - creator };
};

describe('claiming the platform\'s share of a DBC pool\'s fees', () => {
  let t: TestApp;
  let pool: PublicKey;
  let partner: Keypair;
  const payer = Keypair.generate();
  const treasury = Keypair.generate().publicKey;
  const trader = Keypair.generate();

  const sendSigned = async (wire: Uint8Array, ...signers: Keypair[]) => {
    const tx = Transaction.from(wire);
    if (signers.length) tx.partialSign(...signers);
    return t.services.chain.sendAndConfirm(tx.serialize());
  };
  /** The claim as the distributor journal sends it: a fresh blockhash, the partner's signature alone. */
  const send = async (claim: ClaimTransaction) => {
    claim.transaction.recentBlockhash = (await t.services.chain.connection.getLatestBlockhash('confirmed')).blockhash;
    claim.transaction.sign(partner);
    const signature = await t.services.chain.sendAndConfirm(claim.transaction.serialize());
    return (await t.services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!.meta!.fee;
  };
  const balance = (key: PublicKey) => t.services.chain.connection.getBalance(key, 'confirmed').then(BigInt);
  const poolState = async () => (await readVirtualPool(t.services.chain.connection, pool))!.poolState;
  const trade = async (side: 'buy' | 'sell', amountIn: bigint) => {
    const built = await buildSwapTransaction(t.services.chain.connection, { pool, trader: trader.publicKey, side, amountIn, slippageBps: 500 });
    await sendSigned(built.transaction, trader);
    return built;
  };

  beforeAll(async () => {
    t = await createTestApp({ CURVE_PLATFORM_SHARE_PERCENT: String(SHARE) });
    const [config] = await ensureCurveConfigs(t.services);
    partner = await curvePartner(t.services);
    for (const key of [payer, trader]) await t.services.chain.airdrop!(key.publicKey.toBase58(), 10n * LAMPORTS_PER_SOL);
    const launch = await buildLaunchTransaction(t.services.chain.connection, {
      config: new PublicKey(config!.address), payer: payer.publicKey, poolCreator: Keypair.generate(), mint: Keypair.generate(),
      name: 'Books', symbol: 'BOOK', uri: 'https://causemint.test/b.json', initialBuyLamports: 0n, slippageBps: 500,
    });
    await sendSigned(launch.transaction, payer);
    pool = new PublicKey(launch.pool);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('pays the treasury exactly the partner\'s accrued fee, to the lamport; the partner spends only the fee and one account\'s rent', async () => {
    const buy = await trade('buy', 2n * LAMPORTS_PER_SOL);
    const sell = await trade('sell', buy.expectedOut / 3n);
    const accrued = split(buy).partner + split(sell).partner;
    expect(accrued).toBeGreaterThan(0n);
    expect(await accruedPartnerFee(t.services.chain.connection, pool)).toBe(accrued);
    const creatorFee = BigInt((await poolState()).creatorQuoteFee.toString());
    expect(creatorFee).toBe(split(buy).creator + split(sell).creator);

    const partnerBefore = await balance(partner.publicKey);
    const claim = await buildPartnerClaimTransaction(t.services.chain.connection, { pool, partner: partner.publicKey, treasury });
    expect(claim?.lamports).toBe(accrued);
    // The partner's Token-2022 account for the pool's mint, which DBC's claim names: opened once per pool.
    expect(claim!.rentLamports).toBe(BigInt(await t.services.chain.connection.getMinimumBalanceForRentExemption(170)));
    const fee = await send(claim!);

    expect(await balance(treasury)).toBe(accrued);
    expect(partnerBefore - await balance(partner.publicKey)).toBe(BigInt(fee) + claim!.rentLamports);
    const after = await poolState();
    expect(BigInt(after.partnerQuoteFee.toString())).toBe(0n);
    // The cause's share stays in the pool for the creator role's own claim.
    expect(BigInt(after.creatorQuoteFee.toString())).toBe(creatorFee);

    // Nothing accrued since: nothing to claim. More trading: a claim of exactly the new share, for the fee alone.
    expect(await buildPartnerClaimTransaction(t.services.chain.connection, { pool, partner: partner.publicKey, treasury })).toBeNull();
    const more = await trade('buy', LAMPORTS_PER_SOL / 2n);
    const again = await buildPartnerClaimTransaction(t.services.chain.connection, { pool, partner: partner.publicKey, treasury });
    expect([again?.lamports, again?.rentLamports]).toEqual([split(more).partner, 0n]);
    const before = await balance(partner.publicKey);
    const secondFee = await send(again!);
    expect(before - await balance(partner.publicKey)).toBe(BigInt(secondFee));
    expect(await balance(treasury)).toBe(accrued + split(more).partner);
  }, 60_000);

  it('is refused for a key that is not the config\'s fee claimer, before anything is sent', async () => {
    await trade('buy', LAMPORTS_PER_SOL / 10n);
    const stranger = Keypair.generate().publicKey;
    await expect(buildPartnerClaimTransaction(t.services.chain.connection, { pool, partner: stranger, treasury })).rejects.toThrow(/fee claimer/);
  }, 60_000);
});
