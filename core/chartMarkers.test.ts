import { describe, expect, it } from 'vitest';
import { creatorTradeText, largeTradeText, markerSol, payoutText } from './chartMarkers';

const SOL = 10n ** 9n;

describe('chart marker texts', () => {
  it('formats SOL cut to 4 places, tokens whole with separators', () => {
    expect(creatorTradeText('sell', 12_345_678n * SOL + SOL / 2n, 420_000_000n)).toBe('Creator sold 12,345,678 tokens for 0.42 SOL');
    expect(creatorTradeText('buy', 5n * SOL, SOL, true)).toBe("Creator's launch buy: 5 tokens for 1 SOL");
    expect(payoutText(31_249_999n)).toBe('0.0312 SOL paid to the cause');
    expect(payoutText(31_299_999n)).toBe('0.0312 SOL paid to the cause');
    expect(largeTradeText('buy', 17_000_299_999n)).toBe('Large buy: 17.0002 SOL');
    expect(largeTradeText('buy', 2_500_000_000n)).toBe('Large buy: 2.5 SOL');
    expect(markerSol(40_000n)).toBe('<0.0001');
    expect(markerSol(0n)).toBe('0');
  });
});
