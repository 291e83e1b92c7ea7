import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { campaignKey, type CampaignDetail } from '../../api/campaign';
import { api, orNull } from '../../api/client';
import { visitedCampaigns } from '../../lib/functionalCookies';

const SHOWN = 6;

/**
 * 'Recently viewed': the campaigns of the visited-campaigns cookie (7 days, functional
 * consent only). Hidden when there are none, or while and if they fail to load (a
 * convenience row: a failure is not worth an error on the home page).
 */
export function RecentlyViewed() {
  const addresses = useMemo(() => visitedCampaigns().slice(0, SHOWN), []);
  const results = useQueries({
    queries: addresses.map((mint) => ({
      queryKey: campaignKey(mint),
      queryFn: () => orNull(api.get<CampaignDetail>(`/api/campaigns/${encodeURIComponent(mint)}`)),
    })),
  });
  const campaigns = results.map((r) => r.data).filter((c): c is CampaignDetail => Boolean(c?.token_address));
  if (campaigns.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 pt-10 sm:px-6" aria-labelledby="recently-viewed-heading" data-testid="recently-viewed">
      <h2 id="recently-viewed-heading" className="mb-4 text-xl font-extrabold">Recently viewed</h2>
      <ul className="flex gap-3 overflow-x-auto pb-2">
        {campaigns.map((campaign) => {
          const title = campaign.title || campaign.name;
          return (
            <li key={campaign.token_address} className="shrink-0">
              <Link
                to={`/campaign/${campaign.token_address}`}
                className="flex w-56 items-center gap-3 rounded-xl border border-line bg-surface-2 p-3 hover:border-brand-400"
                aria-label={`${title} ($${campaign.ticker})`}
              >
                {campaign.image_url
                  ? <img src={campaign.image_url} alt="" className="h-10 w-10 shrink-0 rounded-lg object-cover" />
                  : <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-surface-3 text-xs font-bold">{campaign.ticker.slice(0, 3)}</span>}
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold">{title}</span>
                  <span className="block text-xs text-muted">${campaign.ticker}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
