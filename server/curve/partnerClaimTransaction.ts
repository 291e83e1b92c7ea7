// The platform's share of a DBC pool's fees, claimed (issue 36): with CURVE_PLATFORM_SHARE_PERCENT
// set, DBC splits each trade's fee, after its protocol's share, between the pool's creator (the
// cause's: claimTransaction.ts) and the config's fee claimer, the platform's partner key
// (`curve_partner`). The partner key claims its accrued SOL fee and, in the same transaction, sends
// exactly that many lamports to the treasury. Nothing is sold.

import { SystemProgram, type Connection, type PublicKey } from '@solana/web3.js';
import BN from 'bn.js';
import type { ClaimTransaction } from './claimTransaction';
import { dbcClientOf } from './clients';
import { tokenAccountRent } from './tokenAccountRent';
import { readVirtualPool } from './virtualPool';

export type PartnerClaimInput = {
  pool: PublicKey;
  /** The config's fee claimer: the platform's partner key. It signs and pays the network fee. */
  partner: PublicKey;
  treasury: PublicKey;
};

/** The partner's SOL fee the pool shows accrued now (0 when the pool takes no platform share), or null when there is no pool. */
export async function accruedPartnerFee(connection: Connection, pool: PublicKey): Promise<bigint | null> {
  const state = (await readVirtualPool(connection, pool))?.poolState;
  return state ? BigInt(state.partnerQuoteFee.toString()) : null;
}

/**
 * A claim of `lamports` for the partner key alone to sign (the distributor journal signs it:
 * server/distributor/steps/partnerClaim.ts), or null when nothing is accrued. `rentLamports`: the
 * partner's base-token account for the pool's mint that this claim opens (once per pool: DBC's
 * claim names one even when it moves no base tokens), paid by the partner.
 *
 * As the creator's claim: capped at what the pool shows accrued now (`maxQuoteAmount`; fees only
 * grow, and only the fee claimer claims them), so the transfer beside it names the amount before
 * it lands. The SOL arrives as wrapped SOL in the partner's own token account, which the SDK
 * opens (the partner pays its rent) and closes back to the partner after the claim: the partner
 * unwraps to itself, sends the claim on to the treasury, and ends where it began but for the
 * network fee (and that base-token account's rent, once). The treasury receives the claim, exactly.
 */
export async function buildPartnerClaimTransaction(connection: Connection, input: PartnerClaimInput): Promise<ClaimTransaction | null> {
  const client = dbcClientOf(connection);
  const pool = await readVirtualPool(connection, input.pool);
  if (!pool) throw new Error(`No DBC pool at ${input.pool.toBase58()}`);
  const config = await client.state.getPoolConfig(pool.poolState.config);
  if (!config) throw new Error(`No DBC config at ${pool.poolState.config.toBase58()}`);
  // DBC refuses any other signer (is_partner_fee_claimer): say so before sending.
  if (!config.feeClaimer.equals(input.partner)) {
    throw new Error(`The fee claimer of ${input.pool.toBase58()}'s config is ${config.feeClaimer.toBase58()}, not the partner ${input.partner.toBase58()}`);
  }
  const lamports = BigInt(pool.poolState.partnerQuoteFee.toString());
  if (lamports === 0n) return null;
  // No receiver: the fee claimer's own wrapped-SOL account takes the claim and is closed to it.
  const tx = await client.partner.claimPartnerTradingFee({
    feeClaimer: input.partner, payer: input.partner, pool: input.pool,
    maxBaseAmount: new BN(0), maxQuoteAmount: new BN(lamports.toString()),
  });
  tx.add(SystemProgram.transfer({ fromPubkey: input.partner, toPubkey: input.treasury, lamports }));
  tx.feePayer = input.partner;
  const rentLamports = await tokenAccountRent(connection, pool.poolState.baseMint, input.partner);
  return { transaction: tx, lamports, rentLamports };
}
