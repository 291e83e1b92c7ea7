import {
  CandlestickSeries, ColorType, createChart, createSeriesMarkers, type IChartApi, type ISeriesApi, type ISeriesMarkersPluginApi,
  type Time, type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartMarker } from '../../../core/chartMarkers';
import type { Candle } from '../../../core/schemas/trade';
import { placeMarkers } from './chartMarkers';
import { MarkerTooltipBox } from './MarkerTooltipBox';
import { useMarkerTooltip } from './useMarkerTooltip';

type Props = {
  candles: Candle[];
  /** Axis and crosshair labels for a price. */
  formatPrice: (price: number) => string;
  /** The chart area's height in px (the trading page's is 700). */
  height: number;
  /** Each candle price is drawn multiplied by this (e.g. price -> market cap); 1 by default. */
  scale?: number;
  /** Events to mark on their bars (GET /markers), with the candles' interval in seconds to snap them. */
  markers?: ChartMarker[];
  intervalSeconds?: number;
};

const UP = '#10b981';
const DOWN = '#ef4444';

// Candle prices are exact decimal strings on the wire; the chart draws floats (display only).
function toBars(candles: Candle[], scale: number) {
  return candles.map((c) => ({
    time: c.time as UTCTimestamp,
    open: Number(c.open) * scale,
    high: Number(c.high) * scale,
    low: Number(c.low) * scale,
    close: Number(c.close) * scale,
  }));
}

/**
 * A lightweight-charts candlestick chart. New candles replace the data in place, so a live
 * update keeps the person's zoom and scroll; the view fits the data only on the first load.
 */
export function CandleChart({ candles, formatPrice, height, scale = 1, markers, intervalSeconds = 60 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const [chartApi, setChartApi] = useState<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const seriesMarkers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const fitted = useRef(false);
  const format = useRef(formatPrice);
  format.current = formatPrice;
  // Prices are never negative: the room the scale makes below a low bar for its markers gets no label.
  const axisLabel = (p: number) => (p < 0 ? '' : format.current(p));

  useEffect(() => {
    const el = container.current!;
    const api = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#94a3b8', attributionLogo: false },
      grid: { vertLines: { color: 'rgba(148,163,184,0.08)' }, horzLines: { color: 'rgba(148,163,184,0.08)' } },
      timeScale: { timeVisible: true, secondsVisible: false, borderVisible: false },
      rightPriceScale: { borderVisible: false },
      localization: { priceFormatter: (p: number) => axisLabel(p) },
    });
    series.current = api.addSeries(CandlestickSeries, {
      upColor: UP, downColor: DOWN, borderUpColor: UP, borderDownColor: DOWN, wickUpColor: UP, wickDownColor: DOWN,
      // Prices of a fresh curve are ~1e-8 SOL: the default 0.01 step would flatten every candle.
      priceFormat: { type: 'custom', formatter: (p: number) => axisLabel(p), minMove: 1e-12 },
      // The last value's box sat on top of the axis's own labels (at every width): the dotted
      // line stays, and the legend above the chart gives the value (PriceChart).
      lastValueVisible: false,
    });
    seriesMarkers.current = createSeriesMarkers(series.current, []);
    chart.current = api;
    setChartApi(api);
    return () => {
      api.remove();
      chart.current = null;
      setChartApi(null);
      series.current = null;
      seriesMarkers.current = null;
      fitted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!series.current) return;
    series.current.setData(toBars(candles, scale));
    if (!fitted.current && candles.length > 0) {
      chart.current?.timeScale().fitContent();
      fitted.current = true;
    }
  }, [candles, scale]);

  const placed = useMemo(
    () => placeMarkers(markers ?? [], intervalSeconds, candles.map((c) => c.time)),
    [markers, intervalSeconds, candles],
  );
  // Set after the candles' effect: markers attach to bars the series already has.
  useEffect(() => { seriesMarkers.current?.setMarkers(placed.series); }, [placed]);
  const tooltip = useMarkerTooltip(chartApi, placed.textsByBar);

  const last = candles[candles.length - 1];
  return (
    <div className="relative w-full" style={{ height }}>
      <div
        ref={container}
        style={{ height }}
        className="w-full"
        data-testid="candle-chart"
        data-candles={candles.length}
        data-trades={candles.reduce((n, c) => n + c.trades, 0)}
        data-last-close={last?.close ?? ''}
        data-markers={placed.series.length}
      />
      {tooltip && <MarkerTooltipBox tooltip={tooltip} width={container.current?.clientWidth ?? 0} height={height} />}
    </div>
  );
}
