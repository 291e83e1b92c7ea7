// Trading on a bonding curve: the request bodies and queries of /api/curve/* and the
// campaign trades/candles lists, shared by the trade widget and the server so both refuse
// the same input with the same words. Amounts travel as decimal strings and come out as
// bigint base units (SOL: lamports; tokens: 9-decimal base units), never through a float.

import { z } from 'zod';
import { DEFAULT_SLIPPAGE_BPS } from '../constants';
import { U64_MAX, parseSol, parseTokenAmount } from '../money';
import { isSolanaAddress } from './creation';

export const TRADE_MESSAGES = {
  wallet: 'Invalid wallet address',
  solAmount: 'Enter an amount of SOL greater than 0',
  tokenAmount: 'Enter an amount of tokens greater than 0',
  slippage: 'slippageBps must be an integer from 0 to 10000',
  transaction: 'transactionBase64 is required',
  side: 'side must be buy or sell',
  interval: 'interval must be 1m, 5m, 1h or 1d',
  limit: 'limit must be an integer from 1 to 100',
  before: 'before must be a transaction signature',
} as const;
const M = TRADE_MESSAGES;

export const CANDLE_INTERVALS = ['1m', '5m', '1h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const CANDLE_INTERVAL_SECONDS: Record<CandleInterval, number> = { '1m': 60, '5m': 300, '1h': 3600, '1d': 86_400 };

export const TRADES_PAGE_DEFAULT = 50;
export const TRADES_PAGE_MAX = 100;

/** A positive decimal amount of `parse`'s unit, at most u64 base units. */
const positiveAmount = (parse: (text: string) => bigint, message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx): bigint => {
    let units: bigint;
    try {
      units = parse(String(value).trim());
    } catch (error) {
      // "has more than 9 decimal places" says what is wrong better than the generic message.
      const decimals = error instanceof Error && /decimal places/.test(error.message);
      ctx.addIssue({ code: 'custom', message: decimals ? (error as Error).message : message });
      return z.NEVER;
    }
    if (units <= 0n || units > U64_MAX) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return units;
  });

/** SOL as typed ("0.5"); output in lamports. */
export const solAmountField = positiveAmount(parseSol, M.solAmount);
/** Tokens as typed ("1000.25"); output in base units. */
export const tokenAmountField = positiveAmount((text) => parseTokenAmount(text), M.tokenAmount);

const walletField = z.string({ error: M.wallet }).trim().refine(isSolanaAddress, M.wallet);

const slippageField = z
  .union([z.number(), z.string()], { error: M.slippage })
  .nullish()
  .transform((value, ctx): number => {
    if (value === undefined || value === null || value === '') return DEFAULT_SLIPPAGE_BPS;
    const bps = Number(value);
    if (!Number.isInteger(bps) || bps < 0 || bps > 10_000 || String(value).trim() !== String(bps)) {
      ctx.addIssue({ code: 'custom', message: M.slippage });
      return z.NEVER;
    }
    return bps;
  });

/**
 * POST /api/curve/{mint}/buy. `expectedOutput` (optional) is the preview the person was
 * shown, in tokens: a fresh quote worse than it by more than slippageBps is refused (409).
 */
export const buyRequestSchema = z.object({
  wallet: walletField,
  amount: solAmountField,
  slippageBps: slippageField,
  expectedOutput: tokenAmountField.optional(),
});

/** POST /api/curve/{mint}/sell; `expectedOutput` (optional) is the previewed SOL. */
export const sellRequestSchema = z.object({
  wallet: walletField,
  amount: tokenAmountField,
  slippageBps: slippageField,
  expectedOutput: solAmountField.optional(),
});

export const executeRequestSchema = z.object({
  transactionBase64: z.string({ error: M.transaction }).trim().min(1, M.transaction),
});

/** GET /api/curve/{mint}/quote?side=&amount=: amount is SOL for a buy, tokens for a sell. */
export const quoteQuerySchema = z
  .object({
    side: z.enum(['buy', 'sell'], { error: M.side }),
    amount: z.string({ error: M.solAmount }),
  })
  .transform((query, ctx) => {
    const parsed = (query.side === 'buy' ? solAmountField : tokenAmountField).safeParse(query.amount);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    return { side: query.side, amount: parsed.data };
  });

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

/** GET /api/campaigns/{tokenAddress}/trades?limit=&before= (before: the last signature of the previous page). */
export const tradesQuerySchema = z.object({
  limit: z.coerce.number({ error: M.limit }).int(M.limit).min(1, M.limit).max(TRADES_PAGE_MAX, M.limit).default(TRADES_PAGE_DEFAULT),
  before: z.string().regex(SIGNATURE, M.before).optional(),
});

/** GET /api/campaigns/{tokenAddress}/candles?interval=&limit= (the newest `limit` candles). */
export const candlesQuerySchema = z.object({
  interval: z.enum(CANDLE_INTERVALS, { error: M.interval }).default('5m'),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export type BuyRequestInput = z.input<typeof buyRequestSchema>;
export type BuyRequest = z.output<typeof buyRequestSchema>;
export type SellRequestInput = z.input<typeof sellRequestSchema>;
export type SellRequest = z.output<typeof sellRequestSchema>;
export type QuoteQuery = z.output<typeof quoteQuerySchema>;
export type TradesQuery = z.output<typeof tradesQuerySchema>;
export type CandlesQuery = z.output<typeof candlesQuerySchema>;

// The responses, for the browser's typed client. Amounts are decimal strings (SOL or
// whole tokens, exact); USD figures and percentages are display numbers.

export type BuyQuoteResponse = {
  quoteId: string;
  /** Tokens the trader will hold after the 6% transfer fee. */
  expectedTokens: string;
  /** Unsigned legacy transaction: the trader signs (partialSign), then POSTs it to execute. */
  transactionBase64: string;
  /** ISO time; after it execute answers 409 'Quote expired, please try again'. */
  expiresAt: string;
  /** SOL the trade takes (less than `amount` only when it completes the curve). */
  solAmount: string;
  /** Tokens withheld by Token-2022 in the trader's account. */
  transferFee: string;
  slippageBps: number;
};

export type SellQuoteResponse = {
  quoteId: string;
  /** SOL the trader receives. */
  expectedSOL: string;
  transactionBase64: string;
  expiresAt: string;
  /** Tokens leaving the trader's wallet. */
  tokenAmount: string;
  /** Tokens withheld by Token-2022 in the pool's account. */
  transferFee: string;
  slippageBps: number;
};

export type ExecuteResponse = {
  transactionSignature: string;
  /** Tokens held after the fee (buy) or SOL received (sell). */
  expectedOutput: string;
  side: 'buy' | 'sell';
  /** This trade completed the curve. */
  graduated: boolean;
};

export type QuotePreviewResponse = {
  side: 'buy' | 'sell';
  /** What the trade would take: SOL (buy) or tokens (sell). */
  amountIn: string;
  /** Tokens held after the fee (buy) or SOL received (sell). */
  expectedOutput: string;
  transferFee: string;
  /** SOL per whole token before and after the trade, and the trade's average. */
  priceBefore: string;
  priceAfter: string;
  averagePrice: string;
  priceImpactPercent: number;
  /** This buy would complete the curve. */
  completesCurve: boolean;
  /**
   * On a DBC pool (or its DAMM v2 pool): the pool's fee on this trade in SOL, and the part its fee
   * claimers are paid (the protocol's share left out). Absent on the custodial curve, whose tax is `transferFee`.
   */
  poolFee?: string;
  claimableFee?: string;
};

export type BondingLabel = 'Bonding Curve' | 'Bonded';

/** Spec 1 section 3 'Bonding-curve progress', plus the label and bonded flag. */
export type CurveProgressResponse = {
  poolId: string;
  migrationThreshold: { sol: string; lamports: string };
  progress: {
    /** Tokens the pool can still trade, base units (decimal). */
    baseReserve: string;
    /** SOL the pool holds for the curve, lamports as a hex string. */
    quoteReserve: string;
    /** sqrt(price in lamports per token base unit) as Q64.64, decimal. */
    sqrtPrice: string;
  };
  percentageToMigration: number;
  /** SOL raised on the curve. */
  currentSolAmount: string;
  isBonded: boolean;
  label: BondingLabel;
};

export type TradeItem = {
  signature: string;
  side: 'buy' | 'sell';
  wallet: string;
  /** SOL paid (buy) or received (sell). */
  sol: string;
  /** Tokens that left the pool (buy) or the trader (sell). */
  tokens: string;
  /** Tokens that arrived after the fee. */
  tokensReceived: string;
  /** SOL per whole token this trade paid. */
  price: string;
  time: string;
  /** A sell by the token's distributor: the withheld fees sold for SOL for the cause, not a holder dumping. */
  feeSale: boolean;
  /**
   * Whose trade it is when that matters to a donor: the campaign's creator (their own wallet, or
   * the launch's initial buy, paid by the funding wallet for them, as the chart's markers count it)
   * or the cause's own donation wallet; null for anyone else.
   */
  trader: TradeTrader | null;
};

export type TradeTrader = 'creator' | 'cause';

export type TradesResponse = { trades: TradeItem[]; nextBefore: string | null };

export type Candle = {
  /** Start of the bucket, unix seconds (lightweight-charts' UTCTimestamp). */
  time: number;
  /** SOL per whole token: open is the price before the bucket's first trade. */
  open: string;
  high: string;
  low: string;
  close: string;
  /** SOL traded in the bucket. */
  volume: string;
  trades: number;
};

export type CandlesResponse = { interval: CandleInterval; candles: Candle[] };

/** Spec 1 section 3 'Token market data' from the curve's own trades, plus exact SOL figures. */
export type MarketDataResponse = {
  tokenAddress: string;
  /** USD per whole token. */
  price: number;
  priceSol: string;
  marketCap: number;
  marketCapSol: string;
  volume24h: number;
  volume24hSol: string;
  volume5m: number;
  volume5mSol: string;
  /** Percent change of the price over 24 hours. */
  priceChange24h: number;
  holders: number;
  /** The pool's SOL, counted twice (both sides of the pool), in USD. */
  liquidity: number;
  liquiditySol: string;
  totalSupply: string;
  circulatingSupply: string;
  fdv: number;
  trades24h: number;
  bondingProgress: number;
  isBonded: boolean;
  label: BondingLabel;
  lastUpdated: string;
  source: 'curve';
};
