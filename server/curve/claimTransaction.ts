// The cause's share of a DBC pool's fees, claimed (issue 36): the campaign's distributor key (the
// pool's creator role) claims the creator's accrued SOL fee to itself and, in the same
// transaction, sends exactly that many lamports to the donation wallet. Nothing is sold.

import { SystemProgram, type Connection, type PublicKey, type Transaction } from '@solana/web3.js';
import BN from 'bn.js';
import { tokenAccountRent, wrappedSolAccountRent } from './tokenAccountRent';
import { readVirtualPool } from './virtualPool';
import { dbcClientOf } from './clients';

export type ClaimTransactionInput = {
  pool: PublicKey;
  /** The pool's creator role: the campaign's distributor key. */
  distributor: PublicKey;
  /** Pays the network fee and, once per pool, the distributor's token account rent (the treasury). */
  payer: PublicKey;
  donationWallet: PublicKey;
};

/**
 * A claim of `lamports` for the payer and the distributor to sign (the distributor journal signs
 * it: server/distributor/steps/claim.ts), or null when the pool has no creator fee accrued.
 * `rentLamports`: the distributor's base-token account this claim opens (once per pool), paid by the payer.
 */
export type ClaimTransaction = { transaction: Transaction; lamports: bigint; rentLamports: bigint };

/**
 * The claim is capped at what the pool shows accrued now (`maxQuoteAmount`): fees only grow, so
 * the claim pays exactly that, and the transfer beside it can name the amount before it lands.
 * Claimed to the distributor itself: the SDK opens a wrapped-SOL account for it (the payer pays
 * the rent) and closes it to the distributor after the claim, so the distributor sends the rent
 * back to the payer, and ends where it began.
 */
export async function buildClaimTransaction(connection: Connection, input: ClaimTransactionInput): Promise<ClaimTransaction | null> {
  const pool = await readVirtualPool(connection, input.pool);
  if (!pool) throw new Error(`No DBC pool at ${input.pool.toBase58()}`);
  if (!pool.poolState.creator.equals(input.distributor)) {
    throw new Error(`The pool's creator is ${pool.poolState.creator.toBase58()}, not the distributor ${input.distributor.toBase58()}`);
  }
  const lamports = BigInt(pool.poolState.creatorQuoteFee.toString());
  if (lamports === 0n) return null;
  const client = dbcClientOf(connection);
  const tx = await client.creator.claimCreatorTradingFee({
    creator: input.distributor, payer: input.payer, pool: input.pool,
    maxBaseAmount: new BN(0), maxQuoteAmount: new BN(lamports.toString()),
  });
  // Opened by this transaction unless it exists; one that exists is closed to the distributor with whatever it held.
  const rent = await wrappedSolAccountRent(connection, input.distributor);
  // The official token's claim keeps the SOL in the distributor, which splits it four ways.
  if (!input.donationWallet.equals(input.distributor)) tx.add(SystemProgram.transfer({ fromPubkey: input.distributor, toPubkey: input.donationWallet, lamports }));
  if (rent > 0n) tx.add(SystemProgram.transfer({ fromPubkey: input.distributor, toPubkey: input.payer, lamports: rent }));
  tx.feePayer = input.payer;
  // The distributor's token account for the mint, which the SDK opens beside the claim.
  const rentLamports = await tokenAccountRent(connection, pool.poolState.baseMint, input.distributor);
  return { transaction: tx, lamports, rentLamports };
}
