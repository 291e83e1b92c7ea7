// What a swap costs the trader's wallet besides the amount it trades, as the server checks it
// before building one (server/routes/curve/dbcTrade.ts): the browser checks the same before
// asking the wallet to sign.

import { rentExemptLamports } from './rent';

/** The trader's one signature: nothing of ours signs a trade. */
export const TRADE_NETWORK_FEE_LAMPORTS = 5_000n;

/** The trader's Token-2022 account for a campaign's mint: the base layout and ImmutableOwner (DBC's mints ask nothing more of accounts). */
export const TRADER_TOKEN_ACCOUNT_BYTES = 170;

/** The rent a first buy leaves in the token account it opens. */
export const TRADER_TOKEN_ACCOUNT_RENT = rentExemptLamports(TRADER_TOKEN_ACCOUNT_BYTES);

/**
 * The swap's temporary wrapped-SOL account (classic Token layout, 165 bytes): its rent comes
 * back when the transaction closes it, but must be in the wallet while it runs.
 */
export const WRAPPED_SOL_ACCOUNT_RENT = rentExemptLamports(165);

/**
 * Every lamport a swap needs in the trader's wallet to land: a buy's SOL, the network fee, the
 * temporary wrapped-SOL account's rent and (when the trader has no token account yet) its rent;
 * a sell's fee and the wrapped-SOL rent.
 */
export function tradeLamports(side: 'buy' | 'sell', solIn: bigint, createsTokenAccount: boolean): bigint {
  const always = TRADE_NETWORK_FEE_LAMPORTS + WRAPPED_SOL_ACCOUNT_RENT;
  if (side === 'sell') return always;
  return solIn + always + (createsTokenAccount ? TRADER_TOKEN_ACCOUNT_RENT : 0n);
}
