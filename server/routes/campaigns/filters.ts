import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HIDDEN_TICKER } from '../../../core/constants';
import { CAMPAIGN_CATEGORIES } from '../../../core/enums';
import { campaigns } from '../../db/schema';
import { campaignGoalProgress } from '../../db/schema/campaignGoalProgress';
import { campaignSearchDocument } from '../../db/schema/campaignSearch';
import type { CampaignFilter, CampaignListQuery, CampaignSort } from './schema';

export { HIDDEN_TICKER };

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// 'Other' is also the home of any category outside the spec's list.
const NAMED_CATEGORIES = CAMPAIGN_CATEGORIES.filter((c) => c !== 'Other');

/**
 * What every public list and count shows: no flagged campaign, no test campaign (the
 * connection-test page's) and never the ticker TEST.
 */
export const publicCampaign: SQL = sql`(not ${campaigns.flagged} and not ${campaigns.isTest} and ${campaigns.ticker} <> ${sql.raw(`'${HIDDEN_TICKER}'`)})`;

export type ListConditions = Omit<CampaignListQuery, 'limit' | 'offset' | 'sort'>;

/** The WHERE of a public list; `trendingIds` is the current top by market cap (see trendingCampaignIds). */
export function campaignListWhere(query: ListConditions, trendingIds: readonly number[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [publicCampaign, filterCondition(query.filter, trendingIds)];
  if (query.category === 'Other') conditions.push(notInArray(campaigns.category, NAMED_CATEGORIES));
  else if (query.category) conditions.push(eq(campaigns.category, query.category));
  if (query.status) conditions.push(eq(campaigns.status, query.status));
  if (query.featured !== undefined) conditions.push(eq(campaigns.featured, query.featured));
  // The flags stored on the row (server/commands/storeHighFlags.ts), never computed per list.
  if (query.hide_high_risk) conditions.push(sql`${campaigns.highFlags} = '[]'::jsonb`);
  if (query.search) {
    const pattern = `%${likeEscape(query.search)}%`;
    conditions.push(ilike(campaignSearchDocument(campaigns), pattern));
  }
  return and(...conditions);
}

function filterCondition(filter: CampaignFilter, trendingIds: readonly number[]): SQL | undefined {
  switch (filter) {
    // Written as literal SQL, the same text as the partial indexes' predicates
    // (server/db/schema/campaigns.ts), so the planner can use them whatever the driver binds.
    case 'verified': return sql`${campaigns.verified}`;
    // A graduated curve may have stored its last progress before the completing trade.
    case 'bonded': return sql`(${campaigns.isBonded} or ${campaigns.bondingCurveProgress} = 100)`;
    case 'reached': return sql`${campaigns.raisedLamports} >= ${campaigns.goalLamports}`;
    case 'trending': return trendingIds.length > 0 ? inArray(campaigns.id, [...trendingIds]) : sql`false`;
    case 'new':
    case 'all': return undefined;
  }
}

const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/** Market cap order: the trending rank. The id breaks ties so pages never overlap. */
export const BY_MARKET_CAP: SQL[] = [descNullsLast(campaigns.marketCapLamports), desc(campaigns.id)];

/** ORDER BY of a sort; without one, filter=trending ranks by market cap and everything else is newest first. */
export function campaignListOrder(sort: CampaignSort | undefined, filter: CampaignFilter): SQL[] {
  switch (sort ?? (filter === 'trending' ? 'market_cap' : 'newest')) {
    case 'newest': return [desc(campaigns.createdAt), desc(campaigns.id)];
    case 'oldest': return [asc(campaigns.createdAt), asc(campaigns.id)];
    case 'market_cap': return BY_MARKET_CAP;
    case 'volume_24h': return [descNullsLast(campaigns.cachedVolume24hLamports), desc(campaigns.id)];
    case 'progress': return [descNullsLast(campaigns.bondingCurveProgress), desc(campaigns.id)];
    case 'raised': return [desc(campaigns.raisedLamports), desc(campaigns.id)];
    // Each the exact expression of its index (server/db/schema/campaigns.ts).
    case 'goal_progress': return [sql`${campaignGoalProgress(campaigns)} desc`, desc(campaigns.id)];
    case 'newest_donation': return [descNullsLast(campaigns.lastDonationAt), desc(campaigns.id)];
  }
}
