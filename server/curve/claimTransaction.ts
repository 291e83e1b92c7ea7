// The cause's share of a DBC pool's fees, claimed (issue 36): the campaign's distributor key (the
// pool's creator role) claims the creator's accrued SOL fee to itself and, in the same
// transaction, sends exactly that many lamports to the donation wallet. Nothing is sold.

import { DynamicBondingCurveClient } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token';
import { SystemProgram, type Connection, type Keypair, type PublicKey } from '@solana/web3.js';
import BN from 'bn.js';
import bs58 from 'bs58';
import { readVirtualPool } from './virtualPool';

export type ClaimTransactionInput = {
  pool: PublicKey;
  /** The pool's creator role: the campaign's distributor key. */
  distributor: Keypair;
  /** Pays the network fee and, once per pool, the distributor's token account rent (the treasury). */
  payer: Keypair;
  donationWallet: PublicKey;
};

/** A signed claim of `lamports`, or null when the pool has no creator fee accrued. */
export type ClaimTransaction = { transaction: Uint8Array; signature: string; lamports: bigint; lastValidBlockHeight: number };

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
  if (!pool.poolState.creator.equals(input.distributor.publicKey)) {
    throw new Error(`The pool's creator is ${pool.poolState.creator.toBase58()}, not the distributor ${input.distributor.publicKey.toBase58()}`);
  }
  const lamports = BigInt(pool.poolState.creatorQuoteFee.toString());
  if (lamports === 0n) return null;
  const client = new DynamicBondingCurveClient(connection, 'confirmed');
  const tx = await client.creator.claimCreatorTradingFee({
    creator: input.distributor.publicKey, payer: input.payer.publicKey, pool: input.pool,
    maxBaseAmount: new BN(0), maxQuoteAmount: new BN(lamports.toString()),
  });
  const wrapped = getAssociatedTokenAddressSync(NATIVE_MINT, input.distributor.publicKey);
  // Opened by this transaction unless it exists; one that exists is closed to the distributor with whatever it held.
  const rent = await connection.getAccountInfo(wrapped, 'confirmed') ? 0n : BigInt(await connection.getMinimumBalanceForRentExemption(165, 'confirmed'));
  tx.add(SystemProgram.transfer({ fromPubkey: input.distributor.publicKey, toPubkey: input.donationWallet, lamports }));
  if (rent > 0n) tx.add(SystemProgram.transfer({ fromPubkey: input.distributor.publicKey, toPubkey: input.payer.publicKey, lamports: rent }));
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.feePayer = input.payer.publicKey;
  tx.sign(input.payer, input.distributor);
  const signature = tx.signature;
  if (!signature) throw new Error('The claim transaction was not signed');
  return { transaction: tx.serialize(), signature: bs58.encode(signature), lamports, lastValidBlockHeight };
}
