// Trades as the trader sees them once Token-2022 withholds its transfer fee: a buy's
// tokens arrive less the fee; a sell's tokens reach the pool less the fee, and the pool
// prices only what it receives.

import { CAMPAIGN_TAX_BPS } from '../constants';
import { U64_MAX } from '../money';
import { calculatePreFeeAmount, calculateTransferFee, type TransferFee } from '../tokenFee';
import type { CurveState } from './state';
import { quoteBuy, quoteBuyExactTokens, quoteSell, type BuyQuote, type SellQuote } from './trade';

export type BuyQuoteAfterFee = BuyQuote & {
  /** Withheld in the trader's token account. */
  transferFee: bigint;
  /** What the trader's balance grows by. */
  tokensReceived: bigint;
};

export type SellQuoteAfterFee = SellQuote & {
  /** What leaves the trader's balance. */
  tokensSent: bigint;
  /** Withheld in the pool's token account. */
  transferFee: bigint;
};

/** A buy of up to `solIn` lamports, with the fee on the tokens the pool sends. */
export function quoteBuyAfterFee(state: CurveState, solIn: bigint, fee: TransferFee): BuyQuoteAfterFee {
  return withBuyFee(quoteBuy(state, solIn), fee);
}

/** The buy after which the trader holds `tokensToHold` more (grossed up for the fee; on a curve, capped at what remains). */
export function quoteBuyToHold(state: CurveState, tokensToHold: bigint, fee: TransferFee): BuyQuoteAfterFee {
  return withBuyFee(quoteBuyExactTokens(state, calculatePreFeeAmount(tokensToHold, fee)), fee);
}

/** A sell of `tokensSent` from the trader's balance: the pool receives them less the fee. */
export function quoteSellAfterFee(state: CurveState, tokensSent: bigint, fee: TransferFee): SellQuoteAfterFee {
  const transferFee = calculateTransferFee(tokensSent, fee);
  return { ...quoteSell(state, tokensSent - transferFee), tokensSent, transferFee };
}

/** Tokens the trader will hold after buying with `solIn` lamports (what quotes show as expectedTokens). */
export function expectedTokensForBuy(
  state: CurveState, solIn: bigint, feeBps: number = CAMPAIGN_TAX_BPS, maxFee: bigint = U64_MAX,
): bigint {
  return quoteBuyAfterFee(state, solIn, { transferFeeBasisPoints: feeBps, maximumFee: maxFee }).tokensReceived;
}

/** Lamports the trader gets for sending `tokensSent` (what quotes show as expectedSOL). */
export function expectedSolForSell(
  state: CurveState, tokensSent: bigint, feeBps: number = CAMPAIGN_TAX_BPS, maxFee: bigint = U64_MAX,
): bigint {
  return quoteSellAfterFee(state, tokensSent, { transferFeeBasisPoints: feeBps, maximumFee: maxFee }).solOut;
}

function withBuyFee(quote: BuyQuote, fee: TransferFee): BuyQuoteAfterFee {
  const transferFee = calculateTransferFee(quote.tokensOut, fee);
  return { ...quote, transferFee, tokensReceived: quote.tokensOut - transferFee };
}
