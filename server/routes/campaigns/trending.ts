import { TRENDING_COUNT } from '../../../core/constants';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { BY_MARKET_CAP, publicCampaign } from './filters';

/** The ids of the public campaigns carrying the TRENDING badge: the top 8 by market cap (no market cap last). */
export async function trendingCampaignIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(publicCampaign).orderBy(...BY_MARKET_CAP).limit(TRENDING_COUNT);
  return rows.map((r) => r.id);
}
