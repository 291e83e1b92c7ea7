// The chart's markers as lightweight-charts draws them: one style per kind, each snapped to
// the candle it falls in (a payout a little after a trade lands on the bar of that trade),
// and the tooltip texts of every bar that carries markers.

import type { SeriesMarker, SeriesMarkerBar, UTCTimestamp } from 'lightweight-charts';
import type { ChartMarker, ChartMarkerKind } from '../../../core/chartMarkers';

type MarkerStyle = Pick<SeriesMarkerBar<UTCTimestamp>, 'shape' | 'color' | 'position' | 'size'>;

const AMBER = '#f59e0b';
export const MARKER_STYLES: Record<ChartMarkerKind, MarkerStyle & { label: string }> = {
  creator_buy: { shape: 'arrowUp', color: AMBER, position: 'belowBar', size: 1, label: 'Creator buy' },
  creator_sell: { shape: 'arrowDown', color: AMBER, position: 'aboveBar', size: 1, label: 'Creator sell' },
  payout: { shape: 'circle', color: '#22c55e', position: 'belowBar', size: 1, label: 'Paid to the cause' },
  graduation: { shape: 'square', color: '#a855f7', position: 'aboveBar', size: 1.4, label: 'Graduated' },
  large_trade: { shape: 'circle', color: '#94a3b8', position: 'inBar', size: 0.6, label: 'Largest trades' },
};

// Drawn in this order within one bar, so the creator's arrows stay on top of the rest.
const KIND_ORDER: ChartMarkerKind[] = ['large_trade', 'payout', 'graduation', 'creator_buy', 'creator_sell'];

/**
 * The start of the candle a marker belongs to: its interval bucket when that bucket has a
 * candle, else the last candle before it (a payout in a quiet minute); null before the
 * first candle (older than the chart's history).
 */
export function snapToCandle(time: number, intervalSeconds: number, candleTimes: number[]): number | null {
  const bucket = Math.floor(time / intervalSeconds) * intervalSeconds;
  let found: number | null = null;
  for (const t of candleTimes) {
    if (t > bucket) break;
    found = t;
  }
  return found;
}

// A tooltip lists what a donor most needs first (a long list is cut after a few lines).
const TOOLTIP_ORDER: ChartMarkerKind[] = ['graduation', 'creator_sell', 'creator_buy', 'payout', 'large_trade'];

export type PlacedMarkers = {
  /** Sorted by time, as the series markers plugin wants them. */
  series: SeriesMarker<UTCTimestamp>[];
  /** A bar's start time -> the tooltip lines of its markers: by TOOLTIP_ORDER, then oldest first. */
  textsByBar: Map<number, { kind: ChartMarkerKind; text: string }[]>;
};

/** `candleTimes` ascending (as the candles arrive). */
export function placeMarkers(markers: ChartMarker[], intervalSeconds: number, candleTimes: number[]): PlacedMarkers {
  const placed = markers
    .map((m) => ({ m, bar: snapToCandle(m.time, intervalSeconds, candleTimes) }))
    .filter((x): x is { m: ChartMarker; bar: number } => x.bar !== null)
    .sort((a, b) => a.bar - b.bar || KIND_ORDER.indexOf(a.m.kind) - KIND_ORDER.indexOf(b.m.kind) || a.m.time - b.m.time);
  const textsByBar = new Map<number, { kind: ChartMarkerKind; text: string }[]>();
  const rank = (kind: ChartMarkerKind) => TOOLTIP_ORDER.indexOf(kind);
  for (const { m, bar } of [...placed].sort((a, b) => rank(a.m.kind) - rank(b.m.kind) || a.m.time - b.m.time)) {
    const list = textsByBar.get(bar) ?? [];
    list.push({ kind: m.kind, text: m.text });
    textsByBar.set(bar, list);
  }
  const series = placed.map(({ m, bar }, i): SeriesMarker<UTCTimestamp> => {
    const { label: _label, ...style } = MARKER_STYLES[m.kind];
    return { ...style, time: bar as UTCTimestamp, id: `${m.kind}-${i}` };
  });
  return { series, textsByBar };
}
