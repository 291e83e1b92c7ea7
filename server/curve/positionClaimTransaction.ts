// After graduation (issue 36): the locked DAMM v2 position's fees, the cause's. The position
// (all of the pool's liquidity, permanently locked) belongs to the campaign's distributor key,
// which claims its pending SOL fee and sends it to the donation wallet in the same transaction,
// like the curve's claim (claimTransaction.ts).

import { getTokenProgram, getUnClaimLpFee } from '@meteora-ag/cp-amm-sdk';
import { SystemProgram, type Connection, type PublicKey } from '@solana/web3.js';
import type { ClaimTransaction } from './claimTransaction';
import { tokenAccountRent, wrappedSolAccountRent } from './tokenAccountRent';
import { cpAmmOf } from './clients';

export type PositionClaimInput = { dammPool: PublicKey; distributor: PublicKey; payer: PublicKey; donationWallet: PublicKey };

/** The position's pending SOL fee now (the pool collects its fee in SOL only). */
export async function pendingPositionFee(connection: Connection, dammPool: PublicKey, distributor: PublicKey): Promise<bigint> {
  const cpAmm = cpAmmOf(connection);
  const [poolState, positions] = await Promise.all([cpAmm.fetchPoolState(dammPool), cpAmm.getUserPositionByPool(dammPool, distributor)]);
  let pending = 0n;
  for (const { positionState } of positions) pending += BigInt(getUnClaimLpFee(poolState, positionState).feeTokenB.toString());
  return pending;
}

/**
 * DAMM v2 claims every pending fee, with no cap: a trade landing between this read and the claim
 * leaves its share in the distributor wallet. So the transfer is the pending fee plus whatever the
 * distributor already holds (such a share, or SOL anyone sent it), and the next claim pays on what
 * the last one left: nothing stays with the distributor for longer than one claim.
 */
export async function buildPositionClaimTransaction(connection: Connection, input: PositionClaimInput): Promise<ClaimTransaction | null> {
  const cpAmm = cpAmmOf(connection);
  const [poolState, positions, held] = await Promise.all([
    cpAmm.fetchPoolState(input.dammPool), cpAmm.getUserPositionByPool(input.dammPool, input.distributor),
    connection.getBalance(input.distributor, 'confirmed').then(BigInt),
  ]);
  // The migration gives the creator role one position holding all the liquidity (configParams.ts).
  if (positions.length !== 1) throw new Error(`The distributor ${input.distributor.toBase58()} holds ${positions.length} positions in ${input.dammPool.toBase58()}, not one`);
  const pending = positions.reduce((sum, { positionState }) => sum + BigInt(getUnClaimLpFee(poolState, positionState).feeTokenB.toString()), 0n);
  if (pending + held === 0n) return null;
  const rent = await wrappedSolAccountRent(connection, input.distributor);
  const tx = await cpAmm.claimPositionFee({
    owner: input.distributor, feePayer: input.payer, pool: input.dammPool,
    position: positions[0]!.position, positionNftAccount: positions[0]!.positionNftAccount,
    tokenAMint: poolState.tokenAMint, tokenBMint: poolState.tokenBMint, tokenAVault: poolState.tokenAVault, tokenBVault: poolState.tokenBVault,
    tokenAProgram: getTokenProgram(poolState.tokenAFlag), tokenBProgram: getTokenProgram(poolState.tokenBFlag),
  });
  const lamports = pending + held;
  // The official token's claim keeps the SOL in the distributor, which splits it four ways.
  if (!input.donationWallet.equals(input.distributor)) tx.add(SystemProgram.transfer({ fromPubkey: input.distributor, toPubkey: input.donationWallet, lamports }));
  if (rent > 0n) tx.add(SystemProgram.transfer({ fromPubkey: input.distributor, toPubkey: input.payer, lamports: rent }));
  tx.feePayer = input.payer;
  const rentLamports = await tokenAccountRent(connection, poolState.tokenAMint, input.distributor);
  return { transaction: tx, lamports, rentLamports };
}
