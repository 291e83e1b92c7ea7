// What a first buy leaves in rent: the trader's token account for the campaign's mint.

import {
  ExtensionType, getAccountLen, getAccountTypeOfMintType, getAssociatedTokenAddressSync, getExtensionTypes, getMint, TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import type { Connection, PublicKey } from '@solana/web3.js';

/** The rent of the trader's Token-2022 account for this mint if the swap has to create it (the SDK does, idempotently). */
export async function tokenAccountRent(connection: Connection, mint: PublicKey, owner: PublicKey): Promise<bigint> {
  const address = getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID);
  if (await connection.getAccountInfo(address, 'confirmed')) return 0n;
  const mintInfo = await getMint(connection, mint, 'confirmed', TOKEN_2022_PROGRAM_ID);
  // An associated account is immutable-owner, plus what the mint's extensions require of its accounts.
  const required = getExtensionTypes(mintInfo.tlvData).map(getAccountTypeOfMintType).filter((type) => type !== ExtensionType.Uninitialized);
  const size = getAccountLen([ExtensionType.ImmutableOwner, ...required]);
  return BigInt(await connection.getMinimumBalanceForRentExemption(size, 'confirmed'));
}
