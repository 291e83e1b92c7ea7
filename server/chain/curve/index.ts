// Chain side of curve trading: the trade transactions, their wire form, the pool's co-signature,
// and the reserve arithmetic of fixed-amount trades.
export { applyTrade, reservedState, type PoolDelta, type TradeSide } from './reserves';
export {
  MEMO_PROGRAM_ID, buildBuyTransaction, buildSellTransaction, quoteIdInMessage, quoteMemo, tokenAccountOf, unsignedForms,
  type BuyTransactionParams, type SellTransactionParams,
} from './transactions';
export { CoSignRefused, coSignQuote, type CoSignableQuote } from './coSign';
export { messageHash, splitWire, verifySignature, withSignature, type WireParts } from './wire';
