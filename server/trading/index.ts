export {
  QUOTE_TTL_MS, QuoteBook, TRADE_ERRORS,
  type BuyQuoteResult, type ExecuteResult, type QuoteBookOptions, type SellQuoteResult, type SendResult, type TradeEvent,
} from './quoteBook';
export {
  POOL_WALLET_RENT_LAMPORTS, createCurvePool, findCurvePool, stateOfPool, transferFeeOfPool,
  type CreateCurvePoolParams, type PoolRow,
} from './pools';
export { connectionSender, ledgerSender } from './senders';
export { createTrading, type TradeListener, type Trading } from './createTrading';
export { chainHoldings, holdingsReader, type Holdings, type ReadHoldings } from './holdings';
