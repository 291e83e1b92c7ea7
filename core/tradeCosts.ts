// What a curve trade costs the trader's wallet besides the amount it trades. The browser
// checks it before asking the wallet to sign; the server reserves it against the wallet's
// balance for as long as a quote is live.

import { rentExemptLamports } from './rent';

/** Two signatures, 5,000 lamports each: the trader's and the pool's co-signature (the trader pays both). */
export const TRADE_NETWORK_FEE_LAMPORTS = 10_000n;

/** A Token-2022 account with ImmutableOwner and TransferFeeAmount: 165 + 1 + 4 + 12 bytes. */
export const TRADER_TOKEN_ACCOUNT_BYTES = 182;

/** The rent a buy pays when it creates the recipient's token account. */
export const TRADER_TOKEN_ACCOUNT_RENT = rentExemptLamports(TRADER_TOKEN_ACCOUNT_BYTES);

/**
 * Every lamport a trade takes from the trader's wallet if it lands: a buy's SOL, the network
 * fees and (when the recipient has no token account yet) its rent; a sell's network fees.
 */
export function tradeLamports(side: 'buy' | 'sell', solIn: bigint, createsTokenAccount: boolean): bigint {
  if (side === 'sell') return TRADE_NETWORK_FEE_LAMPORTS;
  return solIn + TRADE_NETWORK_FEE_LAMPORTS + (createsTokenAccount ? TRADER_TOKEN_ACCOUNT_RENT : 0n);
}
