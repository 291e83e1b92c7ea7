import clsx from 'clsx';
import { useState } from 'react';
import { formatCompactUsd2 } from '../../../core/format';
import { SubscriptPrice } from './SubscriptPrice';
import { CANDLE_INTERVALS, CANDLE_INTERVAL_SECONDS, type CandleInterval } from '../../../core/schemas/trade';
import { errorMessage } from '../../api/client';
import { useCandles, useChartMarkers } from '../../api/market';
import { CandleChart } from '../charts/CandleChart';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { ChartMarkerLegend } from './ChartMarkerLegend';
import { useClientConfig } from '../../api/config';

// A whole token's price times the fixed supply of 1,000,000,000 tokens is the market cap.
const SUPPLY_TOKENS = 1_000_000_000;

// Spec 1 'Trading page': the chart area is 700 px high.
export const CHART_HEIGHT = 700;

/**
 * Candles from the stored trades, refreshed live, with an interval switch. Drawn as market
 * cap in USD (as launchpad charts do: readable where a price is 0.00000001 SOL); the legend
 * gives the last price in SOL with its zeros counted ('0.0₈89 SOL').
 */
export function PriceChart({ mint, height = CHART_HEIGHT }: { mint: string; height?: number }) {
  const [interval, setCandleInterval] = useState<CandleInterval>('1m');
  const candles = useCandles(mint, interval);
  const data = candles.data?.candles;
  // Markers are extra: the chart draws without them while they load or if they fail.
  const markers = useChartMarkers(mint).data?.markers;
  const solUsd = useClientConfig().data?.solUsd;
  const last = data?.at(-1);

  return (
    <section className="rounded-2xl border border-line bg-surface-2 p-4" aria-label="Price chart" data-testid="trade-chart">
      <div className="mb-3 flex items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-muted">Market Cap (USD)</h2>
          {last && (
            <p className="truncate text-xs text-muted" data-testid="chart-legend-price">
              {solUsd && <>Now <span className="font-semibold text-fg" data-testid="chart-legend-market-cap">{formatCompactUsd2(Number(last.close) * SUPPLY_TOKENS * solUsd)}</span> · </>}
              Price <span className="font-semibold text-fg"><SubscriptPrice value={Number(last.close)} unit="SOL" /></span>
            </p>
          )}
        </div>
        <div className="flex gap-1" role="tablist" aria-label="Candle interval">
          {CANDLE_INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              role="tab"
              aria-selected={interval === i}
              data-testid={`chart-interval-${i}`}
              onClick={() => setCandleInterval(i)}
              className={clsx('rounded-md px-2 py-1 text-xs font-semibold', interval === i ? 'bg-surface-3 text-fg' : 'text-muted hover:text-fg')}
            >
              {i}
            </button>
          ))}
        </div>
      </div>
      <div className="relative" style={{ height }}>
        {/* The chart stays mounted through refetches, so live updates keep the zoom. */}
        {data && solUsd && (
          <CandleChart
            candles={data} formatPrice={formatCompactUsd2} scale={SUPPLY_TOKENS * solUsd} height={height}
            markers={markers} intervalSeconds={CANDLE_INTERVAL_SECONDS[interval]}
          />
        )}
        {data?.length === 0 && (
          <p className="absolute inset-0 flex items-center justify-center text-muted" data-testid="trade-chart-empty">No trades yet</p>
        )}
        {candles.isLoading && <div className="absolute inset-0"><Spinner label="Loading chart..." /></div>}
        {candles.error && !data && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3" role="alert" data-testid="trade-chart-error">
            <p className="text-muted">{errorMessage(candles.error, 'Failed to load the chart')}</p>
            <Button variant="secondary" size="sm" onClick={() => void candles.refetch()}>Retry</Button>
          </div>
        )}
      </div>
      {data && data.length > 0 && <ChartMarkerLegend markers={markers} />}
    </section>
  );
}
