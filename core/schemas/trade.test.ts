import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatSol, formatTokenAmount, U64_MAX } from '../money';
import {
  TRADE_MESSAGES, buyRequestSchema, candlesQuerySchema, executeRequestSchema, quoteQuerySchema, sellRequestSchema, tradesQuerySchema,
} from './trade';

const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('trade request schemas', () => {
  it('reads a buy: SOL as a decimal string into lamports, slippage defaulting to 500 bps', () => {
    expect(buyRequestSchema.parse({ wallet, amount: '1.5' })).toEqual({ wallet, amount: 1_500_000_000n, slippageBps: 500 });
    expect(buyRequestSchema.parse({ wallet, amount: '0.000000001', slippageBps: 0, expectedOutput: '12.5' }))
      .toEqual({ wallet, amount: 1n, slippageBps: 0, expectedOutput: 12_500_000_000n });
    expect(buyRequestSchema.parse({ wallet, amount: ' 2 ', slippageBps: '100' }).slippageBps).toBe(100);
  });

  it('reads a sell: tokens into 9-decimal base units', () => {
    expect(sellRequestSchema.parse({ wallet, amount: '1000000' }).amount).toBe(1_000_000n * 10n ** 9n);
  });

  it('refuses bad input with the messages the widget shows', () => {
    expect(issue(buyRequestSchema.safeParse({ wallet: 'abc', amount: '1' }))).toBe(TRADE_MESSAGES.wallet);
    expect(issue(buyRequestSchema.safeParse({ amount: '1' }))).toBe(TRADE_MESSAGES.wallet);
    for (const amount of ['0', '-1', 'abc', '', '1e3', 'NaN', '18446744073.709551616']) {
      expect(issue(buyRequestSchema.safeParse({ wallet, amount }))).toBe(TRADE_MESSAGES.solAmount);
      expect(issue(sellRequestSchema.safeParse({ wallet, amount }))).toBe(TRADE_MESSAGES.tokenAmount);
    }
    expect(issue(buyRequestSchema.safeParse({ wallet, amount: '0.0000000001' }))).toMatch(/more than 9 decimal places/);
    for (const slippageBps of [-1, 10_001, 1.5, '5%']) {
      expect(issue(buyRequestSchema.safeParse({ wallet, amount: '1', slippageBps }))).toBe(TRADE_MESSAGES.slippage);
    }
    expect(issue(executeRequestSchema.safeParse({}))).toBe(TRADE_MESSAGES.transaction);
  });

  it('round-trips every u64 amount printed exactly', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: U64_MAX }), (units) => {
      expect(buyRequestSchema.parse({ wallet, amount: formatSol(units) }).amount).toBe(units);
      expect(sellRequestSchema.parse({ wallet, amount: formatTokenAmount(units) }).amount).toBe(units);
    }));
  });

  it('reads the preview, trades and candles queries', () => {
    expect(quoteQuerySchema.parse({ side: 'buy', amount: '0.5' })).toEqual({ side: 'buy', amount: 500_000_000n });
    expect(quoteQuerySchema.parse({ side: 'sell', amount: '10' })).toEqual({ side: 'sell', amount: 10_000_000_000n });
    expect(issue(quoteQuerySchema.safeParse({ side: 'swap', amount: '1' }))).toBe(TRADE_MESSAGES.side);
    expect(issue(quoteQuerySchema.safeParse({ side: 'sell', amount: '0' }))).toBe(TRADE_MESSAGES.tokenAmount);
    expect(tradesQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(issue(tradesQuerySchema.safeParse({ limit: '101' }))).toBe(TRADE_MESSAGES.limit);
    expect(issue(tradesQuerySchema.safeParse({ before: 'x' }))).toBe(TRADE_MESSAGES.before);
    expect(candlesQuerySchema.parse({ interval: '1h' })).toEqual({ interval: '1h', limit: 500 });
    expect(issue(candlesQuerySchema.safeParse({ interval: '2m' }))).toBe(TRADE_MESSAGES.interval);
  });
});
