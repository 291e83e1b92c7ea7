// What GET /api/campaigns accepts, shared by its zod schema and the pages that build its URL.

/** Explore's chips, in the spec's order: All, Verified, Bonded, Trending, Newly Created, Reached Goal. */
export const CAMPAIGN_FILTERS = ['all', 'verified', 'bonded', 'trending', 'new', 'reached'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

export const CAMPAIGN_FILTER_LABELS: Record<CampaignFilter, string> = {
  all: 'All', verified: 'Verified', bonded: 'Bonded', trending: 'Trending', new: 'Newly Created', reached: 'Reached Goal',
};

/**
 * `progress` is the bonding curve's; `goal_progress` is raised over goal, `newest_donation`
 * the campaigns whose latest direct donation is newest (never-donated last).
 */
export const CAMPAIGN_SORTS = ['newest', 'oldest', 'market_cap', 'volume_24h', 'progress', 'raised', 'goal_progress', 'newest_donation'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** Explore's sort menu, in the order a donor looks: what a list is ordered by, in words. */
export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  newest: 'Newest',
  raised: 'Most raised',
  goal_progress: 'Closest to goal',
  newest_donation: 'Latest donation',
  market_cap: 'Market cap',
  volume_24h: '24h volume',
  progress: 'Bonding curve progress',
  oldest: 'Oldest',
};

/** The top this many by market cap are 'trending' (spec 1: the TRENDING badge and the Trending chip). */
export const TRENDING_COUNT = 8;

export type CampaignListParams = {
  filter?: CampaignFilter;
  sort?: CampaignSort;
  search?: string;
  category?: string;
  /** Leave out campaigns with a high-severity trust flag (issue 23). */
  hideHighRisk?: boolean;
  limit: number;
  offset: number;
};

/** The query string of GET /api/campaigns, defaults left out so equal views share one URL. */
export function campaignListQuery({ filter, sort, search, category, hideHighRisk, limit, offset }: CampaignListParams): string {
  const query = new URLSearchParams();
  if (filter && filter !== 'all') query.set('filter', filter);
  if (sort) query.set('sort', sort);
  if (search?.trim()) query.set('search', search.trim());
  if (category) query.set('category', category);
  if (hideHighRisk) query.set('hide_high_risk', 'true');
  query.set('limit', String(limit));
  query.set('offset', String(offset));
  return query.toString();
}
