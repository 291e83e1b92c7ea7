import { Link } from 'react-router';
import clsx from 'clsx';
import { DEFAULT_MARKET_CAP_USD, TICKER_MAX_CAMPAIGNS } from '../../../core/constants';
import { formatMarketCap, formatPercentChange } from '../../../core/format';
import { useTicker, type TickerData } from '../../api/ticker';

type Entry = { key: string; to: string; symbol: string; name: string; imageUrl: string | null; marketCapUsd: number | null; change: number | null; official?: boolean };

function entries(data: TickerData): Entry[] {
  const list: Entry[] = [];
  if (data.official) {
    const o = data.official;
    list.push({ key: `official-${o.tokenAddress}`, to: '/official-token', symbol: o.symbol, name: o.symbol, imageUrl: '/favicon.svg', marketCapUsd: o.marketCapUsd, change: o.priceChange24h, official: true });
  }
  for (const c of data.campaigns.slice(0, TICKER_MAX_CAMPAIGNS)) {
    list.push({ key: c.tokenAddress, to: `/campaign/${c.tokenAddress}`, symbol: c.ticker, name: c.name, imageUrl: c.imageUrl, marketCapUsd: c.marketCapUsd, change: c.priceChange24h });
  }
  return list;
}

function Item({ entry, hidden }: { entry: Entry; hidden?: boolean }) {
  const change = entry.change ?? 0;
  return (
    <Link
      to={entry.to}
      tabIndex={hidden ? -1 : undefined}
      className="flex shrink-0 items-center gap-2 rounded-md px-3 py-1 text-xs whitespace-nowrap hover:bg-surface-3"
      data-testid={hidden ? undefined : 'ticker-item'}
    >
      {entry.imageUrl
        ? <img src={entry.imageUrl} alt={hidden ? '' : `${entry.name} logo`} className="h-5 w-5 rounded-full object-cover" width={20} height={20} loading="lazy" />
        : <span className="flex h-5 w-5 items-center justify-center rounded-full bg-surface-3 text-[9px] font-bold" aria-hidden>{entry.symbol.slice(0, 2)}</span>}
      <span className={clsx('font-bold', entry.official && 'text-gold-400')}>${entry.symbol}</span>
      <span className="text-muted">MC {formatMarketCap(entry.marketCapUsd ?? DEFAULT_MARKET_CAP_USD)}</span>
      <span className={clsx('font-semibold', change > 0 ? 'text-brand-600 dark:text-brand-400' : change < 0 ? 'text-red-400' : 'text-muted')}>
        {formatPercentChange(change)}
      </span>
    </Link>
  );
}

/** The scrolling market strip above the header: the official token first, then the latest campaigns. */
export function Ticker() {
  const { data, isPending } = useTicker();
  if (isPending) {
    return <div className="h-9 border-b border-line bg-surface-2" aria-busy="true" aria-label="Loading market data" />;
  }
  const list = data ? entries(data) : [];
  if (list.length === 0) return null;
  // Two copies make the loop seamless: the strip scrolls by half its width.
  const duration = `${Math.max(20, list.length * 6)}s`;
  return (
    <div className="group relative h-9 overflow-hidden border-b border-line bg-surface-2" aria-label="Token ticker" role="region">
      <div className="flex h-full w-max items-center animate-marquee group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused]" style={{ ['--marquee-duration' as string]: duration }}>
        <div className="flex items-center">{list.map((e) => <Item key={e.key} entry={e} />)}</div>
        <div className="flex items-center" aria-hidden>{list.map((e) => <Item key={e.key} entry={e} hidden />)}</div>
      </div>
    </div>
  );
}
