import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import { formatCompactUsd2, formatPercentChange, formatPrice } from '../../../core/format';
import type { OfficialMarket } from '../../api/officialToken';
import { compact2 } from './format';

type Props = { market: OfficialMarket | undefined; failed: boolean; fetching: boolean; onRefresh: () => void };

function Figure({ label, value, testId, className }: { label: string; value: string; testId: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={clsx('truncate text-base font-bold sm:text-lg', className)} data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Price, 24h change, market cap ('TBA' if missing), volumes ('N/A' if zero), holders ('TBA'), last update and refresh. */
export function PriceBar({ market, failed, fetching, onRefresh }: Props) {
  const change = market?.priceChange24h ?? null;
  const volume = (v: number | null | undefined) => (v ? formatCompactUsd2(v) : 'N/A');
  const updated = market?.lastUpdated ? new Date(market.lastUpdated).toLocaleTimeString() : null;
  return (
    <section id="price" className="rounded-2xl border border-line bg-surface-2 p-4 sm:p-6" aria-label="Price" data-testid="official-price-bar">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Price" value={market?.price ? formatPrice(market.price) : 'TBA'} testId="official-price" />
        <Figure
          label="24h change" testId="official-change"
          value={change === null ? 'N/A' : formatPercentChange(change)}
          className={change === null || change === 0 ? 'text-muted' : change > 0 ? 'text-brand-600 dark:text-brand-400' : 'text-red-500'}
        />
        <Figure label="Market cap" value={market?.marketCap ? formatCompactUsd2(market.marketCap) : 'TBA'} testId="official-market-cap" />
        <Figure label="24h volume" value={volume(market?.volume24h)} testId="official-volume-24h" />
        <Figure label="5m volume" value={volume(market?.volume5m)} testId="official-volume-5m" />
        <Figure label="Holders" value={market?.holders ? compact2(market.holders).replace(/\.00$/, '') : 'TBA'} testId="official-holders" />
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-xs text-muted">
        <span data-testid="official-updated">
          {failed ? 'Market data unavailable right now' : updated ? `Last updated ${updated}` : 'Not traded yet'}
        </span>
        <button
          type="button" onClick={onRefresh} disabled={fetching}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-fg hover:bg-surface-3 disabled:opacity-60"
          data-testid="official-refresh"
        >
          <RefreshCw className={clsx('h-3.5 w-3.5', fetching && 'animate-spin')} aria-hidden /> Refresh
        </button>
      </div>
    </section>
  );
}
