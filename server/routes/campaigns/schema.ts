import { z } from 'zod';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_STATUSES } from '../../../core/enums';
import { CAMPAIGN_FILTERS, CAMPAIGN_SORTS } from '../../../core/campaignList';
import { isSolanaAddress } from '../../../core/schemas/creation';

export const CAMPAIGN_PAGE_MAX = 100;

export { CAMPAIGN_FILTERS, CAMPAIGN_SORTS, type CampaignFilter, type CampaignSort } from '../../../core/campaignList';

/** Query of GET /api/campaigns and GET /api/campaigns/count. */
export const CampaignListQuery = z.object({
  // Page size, 1..100.
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number')
    .min(1, 'limit must be at least 1').max(CAMPAIGN_PAGE_MAX, `limit must be at most ${CAMPAIGN_PAGE_MAX}`).default(20),
  // Rows to skip in the chosen order.
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
  // One of the spec's campaign categories; 'Other' also takes any category outside the list.
  category: z.enum(CAMPAIGN_CATEGORIES, { error: `category must be one of: ${CAMPAIGN_CATEGORIES.join(', ')}` }).optional(),
  status: z.enum(CAMPAIGN_STATUSES, { error: `status must be one of: ${CAMPAIGN_STATUSES.join(', ')}` }).optional(),
  // Case-insensitive substring of name, title, ticker or description.
  search: z.string().trim().max(100, 'search must be at most 100 characters')
    .refine((text) => ![...text].some((c) => c.charCodeAt(0) < 32), 'search must not contain control characters').optional(),
  // An Explore chip.
  filter: z.enum(CAMPAIGN_FILTERS, { error: `filter must be one of: ${CAMPAIGN_FILTERS.join(', ')}` }).default('all'),
  // Explore's "Hide high-risk campaigns": leaves out campaigns with a high-severity trust flag.
  hide_high_risk: z.enum(['true', 'false'], { error: 'hide_high_risk must be one of: true, false' })
    .transform((value) => value === 'true').default(false),
  // Order of the rows; omitted: newest, or market cap for filter=trending.
  sort: z.enum(CAMPAIGN_SORTS, { error: `sort must be one of: ${CAMPAIGN_SORTS.join(', ')}` }).optional(),
  // Spec 1's campaign reads: featured=true|false, and trending=true (the Trending chip's campaigns,
  // but in the read's own order: created_at descending, where the chip ranks by market cap).
  featured: z.enum(['true', 'false'], { error: 'featured must be one of: true, false' }).transform((value) => value === 'true').optional(),
  trending: z.enum(['true', 'false'], { error: 'trending must be one of: true, false' }).transform((value) => value === 'true').optional(),
}).transform(({ trending, ...query }) => (trending && query.filter === 'all' ? { ...query, filter: 'trending' as const, sort: query.sort ?? 'newest' } : query));
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

/** Path of GET /api/campaigns/{tokenAddress}/markers: a base58 mint address (anything else is a 400, not a 404). */
export const markersParamsSchema = z.object({
  tokenAddress: z.string().trim().refine(isSolanaAddress, 'Invalid token address'),
});
