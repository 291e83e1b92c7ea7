import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { CAMPAIGN_TRADE_TAX, OFFICIAL_TRADE_TAX } from '../../../core/tradeTax';
import { errorMessage } from '../../api/client';
import { useCampaign } from '../../api/campaign';
import { useMarket, useTradeCampaign, type TradeCampaign } from '../../api/market';
import type { OfficialToken } from '../../api/officialToken';
import { CurveStrip } from '../../components/campaign/CurveStrip';
import { FundingCard } from '../../components/campaign/FundingCard';
import { HighFlagsNote } from '../../components/campaign/HighFlagsNote';
import { TradeWidget } from '../../components/trade/TradeWidget';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { PriceChart } from '../../components/market/PriceChart';
import { RecentTrades } from '../../components/market/RecentTrades';
import { TradeHeader } from './TradeHeader';
import { useOfficialTokenOf } from './useOfficialTokenOf';

/** /trade/{tokenAddress}: header and stats, the candle chart, the trade widget and recent trades. */
export function TradePage() {
  const { tokenAddress } = useParams();
  if (!tokenAddress) return <Navigate to="/explore" replace />;
  return <Trade mint={tokenAddress} />;
}

/** The official token has no campaign row: its header reads the official configuration. */
function officialHeader(token: OfficialToken): TradeCampaign {
  return {
    id: 0, name: token.name, title: null, ticker: token.symbol, verified: false, image_url: null,
    token_address: token.tokenAddress, is_bonded: false, market_cap: null, holders: null, cached_volume_24h: null,
  };
}

function Trade({ mint }: { mint: string }) {
  const official = useOfficialTokenOf(mint);
  // Asked only once the address is known not to be the official token's (that one would 404).
  const campaign = useTradeCampaign(mint, { enabled: !official.isPending && !official.token });
  const market = useMarket(mint);

  if (official.isPending || (!official.token && campaign.isLoading)) return <Spinner label="Loading campaign..." />;
  const header = official.token ? officialHeader(official.token) : campaign.data;
  // Spec 1 section 8: a missing campaign page goes to /explore.
  if (header === null) return <Navigate to="/explore" replace />;
  if (!header) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center" role="alert" data-testid="trade-error">
        <p className="text-muted">{errorMessage(campaign.error, 'Failed to load campaign')}</p>
        <Button variant="secondary" onClick={() => void campaign.refetch()}>Retry</Button>
      </div>
    );
  }
  const isOfficial = official.token !== null;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6" data-testid="trade-page">
      {isOfficial
        ? (
          <Link to="/official-token" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-400 hover:underline" data-testid="trade-back">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Official Token
          </Link>
        )
        : (
          <Link to={`/campaign/${mint}`} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-400 hover:underline" data-testid="trade-back">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Campaign
          </Link>
        )}
      <TradeHeader campaign={header} market={market.data} official={isOfficial} />
      {!isOfficial && <HighFlagsNote mint={mint} />}
      {market.data === null
        // A token with no curve pool here (a launch still in progress, or an official token trading elsewhere): nothing to trade yet.
        ? (
          <p className="rounded-2xl border border-line bg-surface-2 p-10 text-center text-muted" data-testid="trade-no-pool">
            {official.token?.source === 'cluster' ? `$${header.ticker} trades on the sites linked on its page.` : "Trading opens once this token's bonding curve is live."}
          </p>
        )
        : <TradeBody mint={mint} ticker={header.ticker} official={isOfficial} />}
    </div>
  );
}

/** DOM order chart, widget, trades: stacked on mobile; on desktop the widget is a 400 px side column. */
function TradeBody({ mint, ticker, official }: { mint: string; ticker: string; official: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1"><PriceChart mint={mint} /></div>
      <aside className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <TradeWidget mint={mint} ticker={ticker} tax={official ? OFFICIAL_TRADE_TAX : CAMPAIGN_TRADE_TAX} />
        {!official && <CampaignCards mint={mint} />}
      </aside>
      <div className="min-w-0 lg:col-start-1 lg:row-start-2"><RecentTrades mint={mint} ticker={ticker} /></div>
    </div>
  );
}

/** The cause beside the market: how far the curve is, and what the campaign has raised (campaign tokens only). */
function CampaignCards({ mint }: { mint: string }) {
  const detail = useCampaign(mint).data;
  if (!detail) return null;
  return (
    <>
      <CurveStrip campaign={detail} />
      <FundingCard campaign={detail} showCampaignLink />
    </>
  );
}
