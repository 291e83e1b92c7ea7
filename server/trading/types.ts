import type { Keypair } from '@solana/web3.js';
import type { CurveState } from '../../core/curve';
import type { TradeSide } from '../chain/curve';
import type { Db } from '../db/client';
import type { ReadHoldings } from './holdings';

export const QUOTE_TTL_MS = 30_000;

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

/** A wallet's live quotes across every mint and side (one per mint and side: a new one replaces it). */
export const MAX_LIVE_QUOTES_PER_WALLET = 10;

/** Live quotes one client address (an HTTP request's IP) may hold across every wallet and mint. */
export const DEFAULT_MAX_LIVE_QUOTES_PER_CLIENT = 20;
/** Of what a curve has left (tokens for buys, SOL for sells), the share one client address may hold reserved. */
export const DEFAULT_MAX_CURVE_SHARE_BPS = 1000;

/** What the injected sender reports: `err` null when the transaction landed and succeeded. */
export type SendResult = { signature: string; err: unknown; slot?: bigint | null; blockTime?: Date | null };

export type TradeEvent = {
  quoteId: string;
  mint: string;
  campaignId: number | null;
  side: TradeSide;
  wallet: string;
  signature: string;
  solLamports: bigint;
  tokensSent: bigint;
  tokensReceived: bigint;
  /** The committed state after the trade. */
  state: CurveState;
  /** This trade completed the curve. */
  graduated: boolean;
};

export type QuoteBookOptions = {
  db: Db;
  /** What a wallet holds on chain: every live quote must be backed by it, at build and again at execute. */
  holdings: ReadHoldings;
  /** The pool wallet's keypair (the key store's `load`). Used only through coSignQuote. */
  poolSigner: (poolWallet: string) => Promise<Keypair>;
  latestBlockhash: () => string | Promise<string>;
  /** Sends the co-signed transaction and waits until it is confirmed (or failed). */
  send: (wire: Uint8Array) => Promise<SendResult>;
  now?: () => Date;
  quoteTtlMs?: number;
  /** Default MAX_LIVE_QUOTES_PER_WALLET. */
  maxLiveQuotesPerWallet?: number;
  /** Default DEFAULT_MAX_LIVE_QUOTES_PER_CLIENT. Only quotes built for a client address count. */
  maxLiveQuotesPerClient?: number;
  /** Default DEFAULT_MAX_CURVE_SHARE_BPS (10,000: no share cap). */
  maxCurveShareBps?: number;
  /** Told of every live quote this process builds, claims and ends: the quote watch (watch/). */
  observer?: QuoteObserver;
  /** After every committed trade (e.g. record 'made_trade', refresh market data). */
  onTrade?: (event: TradeEvent) => void | Promise<void>;
  /** After the trade that completed the curve (e.g. set the campaign's is_bonded). */
  onGraduated?: (event: TradeEvent) => void | Promise<void>;
  onCallbackError?: (err: unknown) => void;
};

/** A live quote as the watch keeps it: what its wallet must go on holding. */
export type WatchedQuote = {
  id: string; mint: string; side: TradeSide; wallet: string;
  /** Every lamport the wallet pays if it lands (buys: the SOL in, fees and rent; sells: fees). */
  traderLamports: bigint;
  /** Sells: the tokens the wallet sends. Buys: 0. */
  tokens: bigint;
  expiresAt: number;
  /** Creation order (curve_quotes.seq): the newest go first when a wallet backs only some. */
  seq: bigint;
  executing: boolean;
};

export type QuoteObserver = {
  built(quote: WatchedQuote, replaced: string[]): void;
  claimed(id: string): void;
  ended(ids: string[]): void;
  /** Resolves when the re-checks already started for this mint's quotes are done (undefined: none). */
  settled(mint: string): Promise<void> | undefined;
};

type QuoteBase = { quoteId: string; transactionBase64: string; expiresAt: Date };
export type BuyQuoteResult = QuoteBase & {
  /** Tokens the trader will hold after the transfer fee. */
  expectedTokens: bigint;
  solUsed: bigint;
  tokensOut: bigint;
  transferFee: bigint;
};
export type SellQuoteResult = QuoteBase & { expectedSOL: bigint; tokensSent: bigint; transferFee: bigint };
export type ExecuteResult = {
  transactionSignature: string;
  /** Tokens received after the fee (buy) or lamports received (sell). */
  expectedOutput: bigint;
  quoteId: string;
  side: TradeSide;
  graduated: boolean;
};

