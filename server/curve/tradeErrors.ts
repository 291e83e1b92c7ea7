// The trade API's messages (the spec's where it names them).
export const TRADE_ERRORS = {
  unknown: 'Unknown transaction: not a quote built by this server',
  altered: 'Transaction does not match its quote: it was altered',
  invalid: 'Invalid transaction',
  unsigned: 'Transaction is not signed by the trader',
  expired: 'Quote expired, please try again',
  used: 'Quote already executed',
  failedBefore: 'Quote failed, please try again',
  poolNotFound: 'Pool not found',
  wallet: 'Invalid wallet address',
  tooSmall: 'Amount is too small to trade',
  completing: 'The curve is completing, please try again in a few seconds',
  oversell: 'Cannot sell more tokens than the curve has sold',
  slippage: 'Price moved beyond your slippage tolerance',
  slippageRange: 'slippageBps must be an integer from 0 to 10000',
  busy: 'The pool is busy, please try again',
  failed: 'Transaction failed',
  insufficientSol: 'Insufficient SOL balance for transaction',
  insufficientTokens: 'Insufficient token balance for transaction',
  tooManyQuotes: 'Too many open quotes for this wallet: execute one or let it expire first',
  // Per client address (429): how many live quotes one address may hold, across wallets.
  tooManyClientQuotes: 'Too many open quotes from this address: execute one or let it expire first',
  // Per client address (400): a smaller amount passes at once, the same one again does not.
  curveShare: (sol: string) => `Amount too large: one address may trade at most ${sol} SOL of this curve at a time, try a smaller amount`,
  // The quote watch released it (409): its wallet moved away the SOL or tokens it was built on.
  released: 'Quote released: the wallet no longer holds the SOL or tokens it reserved',
} as const;
