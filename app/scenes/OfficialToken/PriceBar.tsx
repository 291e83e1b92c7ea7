import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import { formatCompactUsd2, formatPercentChange, formatPrice } from '../../../core/format';
import type { OfficialMarket } from '../../api/officialToken';
import { compact2 } from './format';

type Props = { market: OfficialMarket | undefined; failed: boolean; fetching: boolean; onRefresh: () => void };

function Figure({ label, value, testId, className, title }: { label: string; value: string; testId: string; className?: string; title?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={clsx('truncate text-base font-bold sm:text-lg', className)} data-testid={testId} title={title}>{value}</dd>
    </div>
  );
}

/** Green up, red down, muted when flat or unknown. */
const changeTone = (change: number | null) => (change === null || change === 0 ? 'text-muted' : change > 0 ? 'text-brand-600 dark:text-brand-400' : 'text-red-500');
const changeText = (change: number | null) => (change === null ? 'N/A' : formatPercentChange(change));
// A window longer than the token's life has no change over it (server/official/curveChanges.ts).
const NO_CHANGE_TITLE = 'No change over this window yet: the token has not traded that long';

/**
 * Price ('$0.00' when unknown, spec 1 section 5), 24h change, market cap ('TBA' if missing), FDV, volumes ('N/A' if zero), holders
 * ('TBA'), the shorter price changes (spec 1 section 7: h6, h1, m5), last update and refresh.
 */
export function PriceBar({ market, failed, fetching, onRefresh }: Props) {
  const change = market?.priceChange24h ?? null;
  const volume = (v: number | null | undefined) => (v ? formatCompactUsd2(v) : 'N/A');
  const updated = market?.lastUpdated ? new Date(market.lastUpdated).toLocaleTimeString() : null;
  const shorter = [
    { label: '5m', value: market?.priceChange5m ?? null, testId: 'official-change-5m' },
    { label: '1h', value: market?.priceChange1h ?? null, testId: 'official-change-1h' },
    { label: '6h', value: market?.priceChange6h ?? null, testId: 'official-change-6h' },
  ];
  return (
    <section id="price" className="rounded-2xl border border-line bg-surface-2 p-4 sm:p-6" aria-label="Price" data-testid="official-price-bar">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Price" value={formatPrice(market?.price ?? 0)} testId="official-price" />
        <Figure label="24h change" testId="official-change" value={changeText(change)} className={changeTone(change)} title={change === null ? NO_CHANGE_TITLE : undefined} />
        <Figure label="Market cap" value={market?.marketCap ? formatCompactUsd2(market.marketCap) : 'TBA'} testId="official-market-cap" />
        <Figure label="FDV" value={market?.fdv ? formatCompactUsd2(market.fdv) : 'TBA'} testId="official-fdv" />
        <Figure label="24h volume" value={volume(market?.volume24h)} testId="official-volume-24h" />
        <Figure label="5m volume" value={volume(market?.volume5m)} testId="official-volume-5m" />
        <Figure label="Holders" value={market?.holders ? compact2(market.holders).replace(/\.00$/, '') : 'TBA'} testId="official-holders" />
      </dl>
      <dl className="mt-4 flex flex-wrap items-center gap-2 text-xs" aria-label="Price change" data-testid="official-changes">
        {shorter.map(({ label, value, testId }) => (
          <div key={label} className="flex items-center gap-1 rounded-md bg-surface-3 px-2 py-1">
            <dt className="text-muted">{label}</dt>
            <dd className={clsx('font-semibold', changeTone(value))} data-testid={testId} title={value === null ? NO_CHANGE_TITLE : undefined}>{changeText(value)}</dd>
          </div>
        ))}
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
