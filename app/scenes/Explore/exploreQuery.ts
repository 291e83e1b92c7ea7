import { CAMPAIGN_CATEGORIES } from '../../../core/enums';
import { CAMPAIGN_FILTERS, CAMPAIGN_SORTS, type CampaignFilter, type CampaignSort } from '../../../core/campaignList';

/** Explore's view as the URL holds it (shareable, and kept across a reload); no sort is the list's own order. */
export type ExploreView = { filter: CampaignFilter; sort?: CampaignSort; category: string; search: string; hideHighRisk: boolean; page: number };

const isFilter = (value: string | null): value is CampaignFilter => CAMPAIGN_FILTERS.includes(value as CampaignFilter);
const isSort = (value: string | null): value is CampaignSort => CAMPAIGN_SORTS.includes(value as CampaignSort);

/** The order a list without a sort comes in (the API's default): the Trending chip ranks by market cap, the rest newest first. */
export function defaultSort(filter: CampaignFilter): CampaignSort {
  return filter === 'trending' ? 'market_cap' : 'newest';
}

/** Reads the view from the URL; anything unknown falls back to the default rather than failing. */
export function readExploreView(params: URLSearchParams): ExploreView {
  const filter = params.get('filter');
  const sort = params.get('sort');
  const category = params.get('category') ?? '';
  const page = Number(params.get('page'));
  return {
    filter: isFilter(filter) ? filter : 'all',
    ...(isSort(sort) ? { sort } : {}),
    category: (CAMPAIGN_CATEGORIES as readonly string[]).includes(category) ? category : '',
    search: (params.get('q') ?? '').slice(0, 100),
    hideHighRisk: params.get('hide_high_risk') === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The URL of a changed view. Spec 1: any change of search, filter or category goes back
 * to page 1; only a page change keeps the rest and moves the page.
 */
export function writeExploreView(current: ExploreView, change: Partial<ExploreView>): URLSearchParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  const params = new URLSearchParams();
  if (next.filter !== 'all') params.set('filter', next.filter);
  // A sort that is the filter's own order needs no parameter: equal views share one URL.
  if (next.sort && next.sort !== defaultSort(next.filter)) params.set('sort', next.sort);
  if (next.category) params.set('category', next.category);
  if (next.search) params.set('q', next.search);
  if (next.hideHighRisk) params.set('hide_high_risk', 'true');
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}

/** 'Showing X-Y of Z campaigns' (spec 1 'Explore'). */
export function showingLine(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total} campaigns`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}-${first + shown - 1} of ${total} campaigns`;
}
