import { BadgeCheck } from 'lucide-react';
import { CAMPAIGN_TAX_BPS, OFFICIAL_TOKEN_TAX_BPS } from '../../../core/constants';
import { formatBpsPercent, formatMarketCap, formatMarketCapOrDefault, formatNumber, formatPrice } from '../../../core/format';
import type { MarketDataResponse } from '../../../core/schemas/trade';
import type { TradeCampaign } from '../../api/market';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-surface px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm font-bold" data-testid={testId}>{value}</dd>
    </div>
  );
}

type Props = { campaign: TradeCampaign; market: MarketDataResponse | null | undefined; official?: boolean };

/**
 * Logo, verified badge, ticker, title and the stats line (market cap falls back to $10K).
 * Spec 1 'Trading page': the official token's header also shows its price and 5m volume.
 */
export function TradeHeader({ campaign, market, official = false }: Props) {
  const title = campaign.title ?? campaign.name;
  const marketCap = market?.marketCap ?? campaign.market_cap;
  const volume = market?.volume24h ?? campaign.cached_volume_24h ?? 0;
  const holders = market?.holders ?? campaign.holders ?? 0;
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="trade-header">
      <div className="flex min-w-0 items-center gap-4">
        {campaign.image_url
          ? <img src={campaign.image_url} alt={`${title} logo`} className="h-16 w-16 shrink-0 rounded-xl object-cover" data-testid="trade-logo" />
          : <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-surface-3 text-xl font-bold" data-testid="trade-logo">{campaign.ticker.slice(0, 2)}</div>}
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <span className="rounded-md bg-brand-500/15 px-2 py-0.5 text-sm font-bold text-brand-400" data-testid="trade-ticker">${campaign.ticker}</span>
            {campaign.verified && (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-sky-400" data-testid="trade-verified">
                <BadgeCheck className="h-4 w-4" aria-hidden /> Verified
              </span>
            )}
            {market && <span className="text-xs text-muted" data-testid="trade-bonding-label">{market.label}</span>}
          </div>
          <h1 className="mt-1 truncate text-2xl font-extrabold tracking-tight" data-testid="trade-title">{title}</h1>
        </div>
      </div>
      <dl className={official ? 'grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6' : 'grid grid-cols-2 gap-2 sm:grid-cols-4'}>
        {official && <Stat label="Price" value={market ? formatPrice(market.price) : '—'} testId="trade-stat-price" />}
        {official && <Stat label="5m Volume" value={market ? formatMarketCap(market.volume5m) : '—'} testId="trade-stat-volume-5m" />}
        <Stat label="Market Cap" value={formatMarketCapOrDefault(marketCap)} testId="trade-stat-market-cap" />
        <Stat label="24h Volume" value={formatMarketCap(volume)} testId="trade-stat-volume" />
        <Stat label="Holders" value={formatNumber(holders)} testId="trade-stat-holders" />
        {/* Spec 1's fixed 'Tax 6%' is a campaign token's; the official token's tax is 10% (spec 1 'Tax statements').
            A campaign's token has no tax: the 6% is its pool's fee (a departure in ARCHITECTURE). */}
        <Stat label={official ? 'Tax' : 'Pool fee'} value={formatBpsPercent(official ? OFFICIAL_TOKEN_TAX_BPS : CAMPAIGN_TAX_BPS)} testId="trade-stat-tax" />
      </dl>
    </header>
  );
}
