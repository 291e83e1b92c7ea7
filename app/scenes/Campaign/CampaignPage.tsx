import { useEffect } from 'react';
import { toast } from 'sonner';
import { Navigate, useParams } from 'react-router';
import { recordVisitedCampaign } from '../../lib/functionalCookies';
import { useCampaign } from '../../api/campaign';
import { errorMessage } from '../../api/client';
import { TradeWidget } from '../../components/trade/TradeWidget';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useAuth } from '../../auth/useAuth';
import { CampaignBanner } from './CampaignBanner';
import { LegacyLookup, isLegacyId } from './LegacyCampaignRedirect';
import { CampaignTabs } from './CampaignTabs';
import { CurveStrip } from '../../components/campaign/CurveStrip';
import { FundingCard } from '../../components/campaign/FundingCard';
import { MoneyTrail } from './MoneyTrail';
import { TokenInfoCard } from './TokenInfoCard';
import { TrustCard } from './trust/TrustCard';
import { ReportLink } from './ReportLink';
import { creatorAccess } from './creatorAccess';

/** /campaign/{tokenAddress}: the campaign, its market and where its money went. */
export function CampaignPage() {
  const { tokenAddress } = useParams();
  if (!tokenAddress) return <Navigate to="/explore" replace />;
  if (isLegacyId(tokenAddress)) return <LegacyLookup id={tokenAddress} />;
  return <Campaign mint={tokenAddress} />;
}

function Campaign({ mint }: { mint: string }) {
  const campaign = useCampaign(mint);
  const { wallet } = useAuth();
  const found = Boolean(campaign.data);
  // The home page's 'Recently viewed' row reads this (a real campaign only, never a 404's address).
  useEffect(() => { if (found) recordVisitedCampaign(mint); }, [found, mint]);
  // Spec 1 'Other toasts': a failed refresh keeps the stored figures on screen and says so.
  const refreshFailed = campaign.isRefetchError;
  useEffect(() => {
    if (refreshFailed) toast.error('Error', { id: `raised-refresh-${mint}`, description: 'Failed to refresh raised amount' });
  }, [refreshFailed, mint]);

  if (campaign.isPending) return <Spinner label="Loading campaign..." />;
  // Spec 1: an unknown campaign goes to /explore.
  if (campaign.data === null) return <Navigate to="/explore" replace />;
  if (!campaign.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center" role="alert">
        <p className="text-muted">{errorMessage(campaign.error, 'Failed to load campaign')}</p>
        <Button variant="secondary" onClick={() => void campaign.refetch()}>Retry</Button>
      </div>
    );
  }
  const data = campaign.data;
  const access = creatorAccess(wallet, data);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6" data-testid="campaign-page">
      {data.flagged && (
        <p className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-300" role="note">
          This campaign has been flagged for review and is hidden from lists. Take care before trading or donating.
        </p>
      )}
      <CampaignBanner campaign={data} isCreator={access !== 'visitor'} />
      {/* On a phone the columns dissolve (`contents`) and `order` puts the fundraising facts
          first, then the market: a donor should not scroll past a chart and its trades to find them. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <div className="contents min-w-0 flex-col gap-6 lg:flex">
          <div className="order-2 min-w-0 lg:order-none"><CurveStrip campaign={data} /></div>
          <div className="order-4 min-w-0 lg:order-none"><CampaignTabs campaign={data} access={access} /></div>
        </div>
        <aside className="contents min-w-0 flex-col gap-6 lg:flex">
          {data.bonding && <div className="order-3 min-w-0 lg:order-none"><TradeWidget mint={mint} ticker={data.ticker} /></div>}
          <div className="order-1 min-w-0 lg:order-none"><FundingCard campaign={data} /></div>
          <div className="order-6 min-w-0 lg:order-none"><TrustCard mint={mint} /></div>
          <div className="order-7 min-w-0 lg:order-none"><TokenInfoCard campaign={data} /></div>
          <div className="order-5 min-w-0 lg:order-none"><MoneyTrail mint={mint} /></div>
          <div className="order-8 min-w-0 lg:order-none"><ReportLink mint={mint} /></div>
        </aside>
      </div>
    </div>
  );
}
