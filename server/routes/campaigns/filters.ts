import { and, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import type { CampaignListQuery } from './schema';

// The spec treats the ticker TEST as not found everywhere.
export const HIDDEN_TICKER = 'TEST';

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function campaignListWhere(query: Omit<CampaignListQuery, 'limit' | 'offset'>): SQL | undefined {
  // Test campaigns (the connection-test page's) are never public.
  const conditions: (SQL | undefined)[] = [ne(campaigns.ticker, HIDDEN_TICKER), eq(campaigns.isTest, false)];
  if (query.category) conditions.push(eq(campaigns.category, query.category));
  if (query.status) conditions.push(eq(campaigns.status, query.status));
  if (query.search) {
    const pattern = `%${likeEscape(query.search)}%`;
    conditions.push(or(ilike(campaigns.name, pattern), ilike(campaigns.title, pattern), ilike(campaigns.ticker, pattern), ilike(campaigns.description, pattern)));
  }
  return and(...conditions);
}
