import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useCampaign } from '../../api/campaign';
import { useMarket, useTradeCampaign } from '../../api/market';
import { CurveStrip } from '../../components/campaign/CurveStrip';
import { FundingCard } from '../../components/campaign/FundingCard';
import { TradeWidget } from '../../components/trade/TradeWidget';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { PriceChart } from '../../components/market/PriceChart';
import { RecentTrades } from '../../components/market/RecentTrades';
import { TradeHeader } from './TradeHeader';
import { useIsOfficialToken } from './useIsOfficialToken';

/** /trade/{tokenAddress}: header and stats, the candle chart, the trade widget and recent trades. */
export function TradePage() {
  const { tokenAddress } = useParams();
  if (!tokenAddress) return <Navigate to="/explore" replace />;
  return <Trade mint={tokenAddress} />;
}

function Trade({ mint }: { mint: string }) {
  const campaign = useTradeCampaign(mint);
  const market = useMarket(mint);
  const official = useIsOfficialToken(mint);

  if (campaign.isLoading) return <Spinner label="Loading campaign..." />;
  // Spec 1 section 8: a missing campaign page goes to /explore.
  if (campaign.data === null) return <Navigate to="/explore" replace />;
  if (!campaign.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center" role="alert" data-testid="trade-error">
        <p className="text-muted">{errorMessage(campaign.error, 'Failed to load campaign')}</p>
        <Button variant="secondary" onClick={() => void campaign.refetch()}>Retry</Button>
      </div>
    );
  }
  const { ticker } = campaign.data;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6" data-testid="trade-page">
      <Link to={`/campaign/${mint}`} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-400 hover:underline" data-testid="trade-back">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Campaign
      </Link>
      <TradeHeader campaign={campaign.data} market={market.data} official={official} />
      {market.data === null
        // A campaign whose token has no curve pool (e.g. a launch still in progress): nothing to trade yet.
        ? <p className="rounded-2xl border border-line bg-surface-2 p-10 text-center text-muted" data-testid="trade-no-pool">Trading opens once this token's bonding curve is live.</p>
        : <TradeBody mint={mint} ticker={ticker} />}
    </div>
  );
}

/** DOM order chart, widget, trades: stacked on mobile; on desktop the widget is a 400 px side column. */
function TradeBody({ mint, ticker }: { mint: string; ticker: string }) {
  // The cause beside the market: how far the curve is, and what the campaign has raised.
  const detail = useCampaign(mint).data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1"><PriceChart mint={mint} /></div>
      <aside className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <TradeWidget mint={mint} ticker={ticker} />
        {detail && <CurveStrip campaign={detail} />}
        {detail && <FundingCard campaign={detail} showCampaignLink />}
      </aside>
      <div className="min-w-0 lg:col-start-1 lg:row-start-2"><RecentTrades mint={mint} ticker={ticker} /></div>
    </div>
  );
}
