import { useEffect, useRef } from 'react';
import { ArrowRight, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_INITIAL_CARDS, HOME_PAGE_SIZE } from '../../../core/constants';
import { useGrowingCampaigns } from '../../api/campaigns';
import { errorMessage } from '../../api/client';
import { CampaignCard } from '../../components/campaign/CampaignCard';
import { CampaignGridLayout, CampaignsEmpty, CampaignsError, CampaignsLoading, listFailure } from '../../components/campaign/CampaignGridStates';
import { ButtonLink } from '../../components/ui/Button';

// Spec 1 'Home': more cards load when the sentinel comes within 100 px of the viewport.
const SENTINEL_MARGIN = '100px';

/** Home's campaign grid: 8 cards, then 12 more each time the visitor nears its end. */
export function CampaignGrid() {
  const list = useGrowingCampaigns(HOME_INITIAL_CARDS, HOME_PAGE_SIZE);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: SENTINEL_MARGIN });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const campaigns = list.data?.pages.flatMap((page) => page.campaigns) ?? [];
  return (
    <section className="mx-auto max-w-7xl px-4 pt-5 pb-12 sm:px-6 sm:pt-8" aria-labelledby="campaigns-heading">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3 sm:mb-5">
        <h2 id="campaigns-heading" className="text-xl font-extrabold sm:text-2xl">Campaigns</h2>
        {/* The hero carries 'View All Campaigns'; this one says where the full list is. */}
        <Link to="/explore" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-400 hover:underline">Explore all <ArrowRight className="h-4 w-4" aria-hidden /></Link>
      </div>
      {list.isPending && !listFailure(list) && <CampaignsLoading />}
      {Boolean(listFailure(list)) && <CampaignsError message={errorMessage(listFailure(list), 'Connection failed')} onRetry={() => void list.refetch()} />}
      {list.isSuccess && campaigns.length === 0 && (
        <CampaignsEmpty><ButtonLink to="/start-campaign" className="mt-2">Start the first campaign</ButtonLink></CampaignsEmpty>
      )}
      {campaigns.length > 0 && (
        <CampaignGridLayout>
          {campaigns.map((campaign, index) => <CampaignCard key={campaign.id} campaign={campaign} index={index} />)}
        </CampaignGridLayout>
      )}
      <div ref={sentinel} data-testid="campaign-sentinel" className="h-px" />
      {isFetchingNextPage && <p className="mt-6 flex items-center justify-center gap-2 text-sm text-muted" role="status"><Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading more campaigns...</p>}
    </section>
  );
}
