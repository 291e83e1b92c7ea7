// What a first buy leaves in rent: the trader's token account for the campaign's mint.

import { ACCOUNT_SIZE as CLASSIC_ACCOUNT_SIZE, ExtensionType, getAccountLen, getAssociatedTokenAddressSync, NATIVE_MINT, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import type { Connection, PublicKey, Transaction } from '@solana/web3.js';

// DBC's Token-2022 mints carry only the metadata pointer and the metadata, which ask nothing of
// token accounts: an associated account is the base layout plus ImmutableOwner. (spl-token's
// getExtensionTypes misreads these mints' padded TLV, so the size is not derived from the mint.)
const ACCOUNT_SIZE = getAccountLen([ExtensionType.ImmutableOwner]);

/** The rent of the trader's Token-2022 account for this mint if the swap has to create it (the SDK does, idempotently). */
export function tokenAccountRent(connection: Connection, mint: PublicKey, owner: PublicKey): Promise<bigint> {
  return rentToOpen(connection, getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID), ACCOUNT_SIZE);
}

/** The rent of the owner's wrapped-SOL account if a transaction has to open it (a claim's temporary one; classic Token layout). */
export function wrappedSolAccountRent(connection: Connection, owner: PublicKey): Promise<bigint> {
  return rentToOpen(connection, getAssociatedTokenAddressSync(NATIVE_MINT, owner), CLASSIC_ACCOUNT_SIZE);
}

async function rentToOpen(connection: Connection, address: PublicKey, size: number): Promise<bigint> {
  if (await connection.getAccountInfo(address, 'confirmed')) return 0n;
  return BigInt(await connection.getMinimumBalanceForRentExemption(size, 'confirmed'));
}

/**
 * A built swap made ready for its trader to sign alone: a fresh blockhash, the trader as fee
 * payer, and the rent a buy leaves in the token account it opens (part of what the trade costs).
 */
export async function forTrader(connection: Connection, tx: Transaction, trader: PublicKey, side: 'buy' | 'sell', mint: PublicKey) {
  const [{ blockhash, lastValidBlockHeight }, accountRent] = await Promise.all([
    connection.getLatestBlockhash('confirmed'),
    side === 'buy' ? tokenAccountRent(connection, mint, trader) : Promise.resolve(0n),
  ]);
  tx.recentBlockhash = blockhash;
  tx.feePayer = trader;
  return { transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }), accountRent, lastValidBlockHeight };
}
