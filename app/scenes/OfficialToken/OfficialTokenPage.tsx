import { Loader2 } from 'lucide-react';
import { OFFICIAL_TRADE_TAX } from '../../../core/tradeTax';
import { errorMessage } from '../../api/client';
import { useOfficialMarket, useOfficialToken } from '../../api/officialToken';
import { CopyButton } from '../../components/CopyButton';
import { TradeWidget } from '../../components/trade/TradeWidget';
import { Button } from '../../components/ui/Button';
import { PageBanner } from '../../components/ui/PageBanner';
import { Spinner } from '../../components/ui/Spinner';
import { OutboundLinks } from './OutboundLinks';
import { PriceBar } from './PriceBar';
import { RoadmapCard } from './RoadmapCard';
import { SafetyCard } from './SafetyCard';
import { TokenomicsCard } from './TokenomicsCard';

/** /official-token: the platform's own token, its live figures, where its tax goes, its roadmap and a trade widget. */
export function OfficialTokenPage() {
  const config = useOfficialToken();
  const market = useOfficialMarket(config.data?.refreshIntervalMs);

  if (config.isPending) return <Spinner label="Loading the official token..." />;
  if (!config.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center" role="alert" data-testid="official-error">
        <p className="text-muted">{errorMessage(config.error, 'Failed to load the official token')}</p>
        <Button variant="secondary" onClick={() => void config.refetch()}>Retry</Button>
      </div>
    );
  }
  const token = config.data;
  // Our own curve trades a token launched here; one on a cluster trades on the sites its links name.
  const tradable = token.source === 'local';
  // The seed's sample: local mode launches the real token a few seconds in (the page looks again every 5 s).
  const launching = token.source === 'sample';

  return (
    <div data-testid="official-token-page">
      <PageBanner
        title={`$${token.symbol} Official Token`}
        subtitle={`${token.name}'s own token: a ${token.totalTaxPercent}% tax on every trade rewards holders, buys back and burns, funds verified charities and runs the platform.`}
      >
        {launching
          // The seed's placeholder address is no real token: no address to copy, no sites to send anyone to.
          ? (
            <p className="mx-auto mt-6 inline-flex max-w-full items-center gap-2 rounded-full bg-gold-400/20 px-4 py-2 text-sm font-semibold" role="status" data-testid="official-launching">
              <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden />
              ${token.symbol} is launching: its contract address and links appear here once it is live.
            </p>
          )
          : (
            <div className="mx-auto mt-6 flex max-w-full items-center justify-center gap-1 px-2">
              {market.data?.imageUrl && (
                <img src={market.data.imageUrl} alt={`${token.name} logo`} width={32} height={32} className="h-8 w-8 shrink-0 rounded-full" data-testid="official-logo" />
              )}
              <span className="shrink-0 rounded-full bg-gold-400/20 px-3 py-1 text-sm font-bold">${token.symbol}</span>
              <code className="min-w-0 truncate rounded-md bg-surface-3 px-2 py-1 text-xs sm:text-sm" data-testid="official-address" title={token.tokenAddress}>
                {token.tokenAddress}
              </code>
              <CopyButton text={token.tokenAddress} label="Copy contract address" toastTitle="Address copied!" testId="official-copy" />
            </div>
          )}
      </PageBanner>
      {/* DOM order price, trade, the rest: the widget comes early on a phone; on desktop it is a 400 px side column. */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <PriceBar market={market.data} failed={market.isError && !market.data} fetching={market.isFetching} onRefresh={() => void market.refetch()} />
        </div>
        <aside id="trade" className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {tradable
            ? <TradeWidget mint={token.tokenAddress} ticker={token.symbol} tax={OFFICIAL_TRADE_TAX} />
            : (
              <p className="rounded-2xl border border-line bg-surface-2 p-6 text-sm text-muted" data-testid="official-no-curve">
                {launching ? 'The official token is not live yet. Trading opens once it is launched.' : `$${token.symbol} trades on the sites linked on this page.`}
              </p>
            )}
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <TokenomicsCard config={token} market={market.data} />
          {!launching && <SafetyCard token={token} />}
          {!launching && <OutboundLinks links={token.links} />}
          <RoadmapCard roadmap={token.roadmap} />
        </div>
      </div>
    </div>
  );
}
