// What a campaign launch on its own DBC pool costs the creator's wallet (issue 36): the
// platform's creation fee, the initial buy, and what the chain takes for the new accounts'
// rent and the signatures. The accounts are DBC's own (their sizes are its program's), so the
// figure is exact for a given name, ticker and metadata uri; the wallet shows it before it signs.

import { CREATION_COST } from './constants';
import { formatSol, parseSol } from './money';
import { rentExemptLamports } from './rent';

/** The platform's share of a launch (spec 1: 0.01 SOL maintenance and 0.01 platform), paid to the treasury in the launch transaction. */
export const DBC_CREATION_FEE_LAMPORTS = parseSol(CREATION_COST.maintenance) + parseSol(CREATION_COST.platform);

/** DBC's VirtualPool account. */
const POOL_BYTES = 424;
/** The pool's two vaults: a plain token account each (wrapped SOL, and the Token-2022 base). */
const VAULT_BYTES = 165;
/** A Token-2022 mint with the metadata pointer and the metadata itself, before its three strings. */
const MINT_FIXED_BYTES = 318;
/** The creator's Token-2022 account for the initial buy's tokens (ImmutableOwner). */
const CREATOR_TOKEN_ACCOUNT_BYTES = 170;
/** Three signatures: the creator's wallet, the new mint and the pool's creator role. */
const SIGNATURE_FEES_LAMPORTS = 15_000n;

/** The longest name and ticker the form allows, for an estimate before the form is known. */
const MAX_NAME_BYTES = 30;
const MAX_SYMBOL_BYTES = 10;
/** A base58 mint address at its longest. */
const MINT_ADDRESS_CHARS = 44;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** The metadata uri written into the mint (server/launch/metadata.ts metadataUri). */
export const metadataUriOf = (publicUrl: string, mint: string) => `${publicUrl}/api/token-metadata/${mint}`;

export type DbcLaunchMetadata = { name: string; symbol: string; uri: string };

/**
 * Rent for the accounts the launch creates (pool, vaults, mint, the creator's token account
 * when there is an initial buy) plus the signature fees: exact for this metadata.
 */
export function dbcLaunchNetworkLamports(initialBuyLamports: bigint, metadata: DbcLaunchMetadata): bigint {
  const mintBytes = MINT_FIXED_BYTES + bytes(metadata.name) + bytes(metadata.symbol) + bytes(metadata.uri);
  return rentExemptLamports(POOL_BYTES) + 2n * rentExemptLamports(VAULT_BYTES) + rentExemptLamports(mintBytes)
    + (initialBuyLamports > 0n ? rentExemptLamports(CREATOR_TOKEN_ACCOUNT_BYTES) : 0n) + SIGNATURE_FEES_LAMPORTS;
}

/** The same before the name and ticker are known: at most this (the longest ones; a name in plain letters). */
export function dbcLaunchNetworkEstimate(initialBuyLamports: bigint, publicUrl: string): bigint {
  return dbcLaunchNetworkLamports(initialBuyLamports, {
    name: 'x'.repeat(MAX_NAME_BYTES), symbol: 'X'.repeat(MAX_SYMBOL_BYTES), uri: metadataUriOf(publicUrl, 'x'.repeat(MINT_ADDRESS_CHARS)),
  });
}

/** What prepare asks for: the creation fee plus the initial buy (the network's share comes on top). */
export function dbcAmountToFund(initialBuyLamports: bigint): bigint {
  return DBC_CREATION_FEE_LAMPORTS + initialBuyLamports;
}

/**
 * What a launch costs, in one sentence (How It Works, the Terms): the fee and, at most, the new
 * accounts' rent and the signature fees for the longest name and ticker on this site.
 */
export function creationCostSentence(publicUrl: string): string {
  const atMost = dbcLaunchNetworkEstimate(1n, publicUrl);
  // Rounded up to the thousandth, so the figure is a true "at most".
  const roundedUp = ((atMost + 999_999n) / 1_000_000n) * 1_000_000n;
  return `Creation costs a ${formatSol(DBC_CREATION_FEE_LAMPORTS)} SOL platform fee, plus at most ${formatSol(roundedUp)} SOL of rent and network fees `
    + 'for the new token and pool accounts, and your optional initial buy.';
}
