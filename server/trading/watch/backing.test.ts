import { describe, expect, it } from 'vitest';
import type { WatchedQuote } from '../types';
import { unbackedQuotes } from './backing';

const quote = (seq: number, traderLamports: bigint, extra: Partial<WatchedQuote> = {}): WatchedQuote => ({
  id: `q${seq}`, mint: 'A', side: 'buy', wallet: 'W', traderLamports, tokens: 0n, expiresAt: 0, seq: BigInt(seq), executing: false, ...extra,
});
const ids = (quotes: WatchedQuote[]) => quotes.map((q) => q.id);

describe('unbackedQuotes', () => {
  it('keeps everything a wallet still backs', () => {
    expect(unbackedQuotes([quote(1, 5n), quote(2, 5n)], { lamports: 10n, tokens: () => 0n })).toEqual([]);
  });

  it('keeps the oldest that fit beside each other and releases the rest, whatever order they come in', () => {
    const quotes = [quote(3, 2n), quote(1, 6n), quote(2, 5n)];
    expect(ids(unbackedQuotes(quotes, { lamports: 9n, tokens: () => 0n }))).toEqual(['q2']);
    expect(ids(unbackedQuotes(quotes, { lamports: 5n, tokens: () => 0n }))).toEqual(['q1', 'q3']);
    expect(ids(unbackedQuotes(quotes, { lamports: 0n, tokens: () => 0n }))).toEqual(['q1', 'q2', 'q3']);
  });

  it("checks a sell's tokens against its own mint, and its fees against the SOL", () => {
    const sells = [quote(1, 1n, { side: 'sell', tokens: 100n }), quote(2, 1n, { side: 'sell', mint: 'B', tokens: 50n })];
    const held = (tokens: Record<string, bigint>, lamports = 10n) => ({ lamports, tokens: (mint: string) => tokens[mint] ?? 0n });
    expect(unbackedQuotes(sells, held({ A: 100n, B: 50n }))).toEqual([]);
    expect(ids(unbackedQuotes(sells, held({ A: 99n, B: 50n })))).toEqual(['q1']);
    expect(ids(unbackedQuotes(sells, held({ A: 100n, B: 50n }, 1n)))).toEqual(['q2']);
  });
});
