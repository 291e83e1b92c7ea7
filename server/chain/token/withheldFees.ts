import { Transaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction,
  createHarvestWithheldTokensToMintInstruction, createWithdrawWithheldTokensFromMintInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';

/**
 * Source accounts per harvest that still fit one transaction beside the withdraw (each
 * source is a 32-byte account key); measured in withheldFees.test.ts.
 */
export const MAX_HARVEST_SOURCES_PER_TX = 24;

/** Moves the fees withheld in token accounts into the mint. Anyone may send it; nobody signs but the fee payer. */
export function harvestWithheldInstruction(mint: PublicKey, sources: PublicKey[]): TransactionInstruction {
  return createHarvestWithheldTokensToMintInstruction(mint, sources, TOKEN_2022_PROGRAM_ID);
}

/** Pays the fees held in the mint to `destination`; the withdraw-withheld authority (distributor) signs. */
export function withdrawWithheldInstruction(mint: PublicKey, destination: PublicKey, authority: PublicKey): TransactionInstruction {
  return createWithdrawWithheldTokensFromMintInstruction(mint, destination, authority, [], TOKEN_2022_PROGRAM_ID);
}

export type CollectFeesParams = {
  mint: PublicKey;
  /** The withdraw-withheld authority; its own token account receives the fees. Signs. */
  distributor: PublicKey;
  /** Token accounts of the mint that may hold withheld fees (up to MAX_HARVEST_SOURCES_PER_TX). */
  sources: PublicKey[];
  /** Defaults to the distributor. Signs. */
  payer?: PublicKey;
};

/**
 * One unsigned transaction that harvests the given accounts into the mint and withdraws
 * everything the mint holds to the distributor's token account (created if missing).
 * Harvest fees withheld from more accounts with extra `harvestWithheldInstruction`s first.
 */
export function buildCollectFeesTransaction(params: CollectFeesParams, recentBlockhash: string): { transaction: Transaction; destination: PublicKey } {
  const { mint, distributor, sources } = params;
  if (sources.length > MAX_HARVEST_SOURCES_PER_TX) {
    throw new RangeError(`At most ${MAX_HARVEST_SOURCES_PER_TX} source accounts per transaction`);
  }
  const payer = params.payer ?? distributor;
  const destination = getAssociatedTokenAddressSync(mint, distributor, false, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID);
  const transaction = new Transaction({ feePayer: payer, recentBlockhash }).add(
    createAssociatedTokenAccountIdempotentInstruction(payer, destination, distributor, mint, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID),
    ...(sources.length ? [harvestWithheldInstruction(mint, sources)] : []),
    withdrawWithheldInstruction(mint, destination, distributor),
  );
  return { transaction, destination };
}
