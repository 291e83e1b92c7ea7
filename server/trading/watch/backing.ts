// Which of a wallet's open quotes its holdings still back, and which must be released.

import type { WatchedQuote } from '../types';

export type WalletHoldings = {
  lamports: bigint;
  /** The wallet's balance of a mint (0 without a token account). */
  tokens: (mint: string) => bigint;
};

/**
 * The open quotes to release. Age decides: taken oldest first, a quote is kept if it fits in
 * what the wallet holds beside the ones kept before it (SOL: their traderLamports; a sell: also
 * the tokens of its mint), and released otherwise. So a wallet that backs only some keeps its
 * older quotes and loses newer ones; a quote that alone needs more than is left goes even when
 * older, and a smaller newer one that still fits is kept (everything still backed stays).
 * Executing quotes are never passed in: they are decided by their own send.
 */
export function unbackedQuotes(open: WatchedQuote[], held: WalletHoldings): WatchedQuote[] {
  let lamports = held.lamports;
  const tokens = new Map<string, bigint>();
  const release: WatchedQuote[] = [];
  for (const quote of [...open].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0))) {
    const tokensLeft = quote.side === 'sell' ? tokens.get(quote.mint) ?? held.tokens(quote.mint) : 0n;
    if (quote.traderLamports > lamports || quote.tokens > tokensLeft) {
      release.push(quote);
      continue;
    }
    lamports -= quote.traderLamports;
    if (quote.side === 'sell') tokens.set(quote.mint, tokensLeft - quote.tokens);
  }
  return release;
}
