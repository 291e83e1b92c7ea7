import { describe, expect, it } from 'vitest';
import type { ChartMarker } from '../../../core/chartMarkers';
import { placeMarkers, snapToCandle } from './chartMarkers';

describe('snapToCandle', () => {
  it('puts a marker on its bucket, on the last candle before a quiet bucket, and nowhere before the first candle', () => {
    const candles = [600, 720, 900];
    expect(snapToCandle(735, 60, candles)).toBe(720);
    expect(snapToCandle(900, 60, candles)).toBe(900);
    expect(snapToCandle(850, 60, candles)).toBe(720);
    expect(snapToCandle(5000, 60, candles)).toBe(900);
    expect(snapToCandle(599, 60, candles)).toBeNull();
  });
});

describe('placeMarkers', () => {
  it('sorts markers by bar for the series and groups their texts per bar, the creator\'s before payouts', () => {
    const markers: ChartMarker[] = [
      { time: 905, kind: 'payout', text: '0.01 SOL paid to the cause' },
      { time: 903, kind: 'creator_buy', text: 'Creator bought 2 tokens for 0.2 SOL' },
      { time: 901, kind: 'creator_sell', text: 'Creator sold 1 tokens for 0.1 SOL' },
      { time: 610, kind: 'large_trade', text: 'Large buy: 2 SOL' },
      { time: 100, kind: 'graduation', text: 'Graduated: the curve filled' },
    ];
    const placed = placeMarkers(markers, 60, [600, 900]);
    expect(placed.series.map((m) => [m.time, m.shape, m.position])).toEqual([
      [600, 'circle', 'inBar'], [900, 'circle', 'belowBar'], [900, 'arrowUp', 'belowBar'], [900, 'arrowDown', 'aboveBar'],
    ]);
    expect(placed.textsByBar.get(900)?.map((l) => l.text)).toEqual([
      'Creator sold 1 tokens for 0.1 SOL', 'Creator bought 2 tokens for 0.2 SOL', '0.01 SOL paid to the cause',
    ]);
    expect([...placed.textsByBar.keys()].sort()).toEqual([600, 900]);
  });
});
