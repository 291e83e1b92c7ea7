import { formatTokenAmount, lamportsToSolString } from '../../../core/money';
import type { BuyQuoteResponse, ExecuteResponse, SellQuoteResponse } from '../../../core/schemas/trade';
import type { BuyQuoteResult, ExecuteResult, SellQuoteResult } from '../../trading';

export function presentBuyQuote(q: BuyQuoteResult, slippageBps: number): BuyQuoteResponse {
  return {
    quoteId: q.quoteId,
    expectedTokens: formatTokenAmount(q.expectedTokens),
    transactionBase64: q.transactionBase64,
    expiresAt: q.expiresAt.toISOString(),
    solAmount: lamportsToSolString(q.solUsed),
    transferFee: formatTokenAmount(q.transferFee),
    slippageBps,
  };
}

export function presentSellQuote(q: SellQuoteResult, slippageBps: number): SellQuoteResponse {
  return {
    quoteId: q.quoteId,
    expectedSOL: lamportsToSolString(q.expectedSOL),
    transactionBase64: q.transactionBase64,
    expiresAt: q.expiresAt.toISOString(),
    tokenAmount: formatTokenAmount(q.tokensSent),
    transferFee: formatTokenAmount(q.transferFee),
    slippageBps,
  };
}

export function presentExecution(r: ExecuteResult): ExecuteResponse {
  return {
    transactionSignature: r.transactionSignature,
    expectedOutput: r.side === 'buy' ? formatTokenAmount(r.expectedOutput) : lamportsToSolString(r.expectedOutput),
    side: r.side,
    graduated: r.graduated,
  };
}
