import { useSearchParams } from 'react-router';
import { EXPLORE_PAGE_SIZE } from '../../../core/constants';
import { useCampaigns } from '../../api/campaigns';
import { errorMessage } from '../../api/client';
import { CampaignCard } from '../../components/campaign/CampaignCard';
import { CampaignGridLayout, CampaignsEmpty, CampaignsError, CampaignsLoading, listFailure } from '../../components/campaign/CampaignGridStates';
import { PageBanner } from '../../components/ui/PageBanner';
import { Pagination } from '../../components/ui/Pagination';
import { ExploreControls } from './ExploreControls';
import { readExploreView, showingLine, writeExploreView, type ExploreView } from './exploreQuery';

/** /explore: every public campaign, filtered, searched and paged 32 at a time; the view lives in the URL. */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const view = readExploreView(params);
  const list = useCampaigns({
    filter: view.filter, sort: view.sort, category: view.category || undefined, search: view.search || undefined,
    hideHighRisk: view.hideHighRisk, limit: EXPLORE_PAGE_SIZE, offset: (view.page - 1) * EXPLORE_PAGE_SIZE,
  });
  const change = (next: Partial<ExploreView>) => {
    // From the address bar, not this render's view: router updates render in a transition,
    // so a click right after the search reached the URL could still hold the view before it
    // (and 'Next' would drop the search).
    const current = readExploreView(new URLSearchParams(window.location.search));
    setParams(writeExploreView(current, next), { replace: next.page === undefined });
    if (next.page !== undefined) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const campaigns = list.data?.campaigns ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / EXPLORE_PAGE_SIZE));
  return (
    <>
      <PageBanner title="Explore Campaigns" subtitle="Find a cause, back it by trading its token, or donate SOL directly." />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
        <ExploreControls view={view} onChange={change} />
        {list.isPending && !listFailure(list) && <CampaignsLoading />}
        {Boolean(listFailure(list)) && <CampaignsError message={errorMessage(listFailure(list), 'Connection failed')} onRetry={() => void list.refetch()} />}
        {list.isSuccess && (
          <>
            <p className="text-sm text-muted" data-testid="showing-line" aria-live="polite">{showingLine(view.page, EXPLORE_PAGE_SIZE, campaigns.length, total)}</p>
            {campaigns.length === 0
              ? <CampaignsEmpty><p className="text-sm text-muted">Try another search, filter or category.</p></CampaignsEmpty>
              : (
                <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                  <CampaignGridLayout>
                    {campaigns.map((campaign, index) => <CampaignCard key={campaign.id} campaign={campaign} index={index} />)}
                  </CampaignGridLayout>
                </div>
              )}
            <Pagination page={view.page} pages={pages} onPage={(page) => change({ page })} label="Campaign pages" />
          </>
        )}
      </div>
    </>
  );
}
