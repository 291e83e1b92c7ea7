import { sql } from 'drizzle-orm';
import { HIDDEN_TICKER } from '../../core/constants';
import { EARLY_DUMP_WINDOW_MS, type CreatorHistoryFacts } from '../../core/trust';
import type { Db } from '../db/client';

/** How many of the creator's other campaigns the panel lists (the counts cover all). */
export const LISTED_PAST_CAMPAIGNS = 20;

type Row = {
  token_address: string; name: string; ticker: string; raised: string; graduated: boolean; created_at: string; bought: string; sold: string; remembered: boolean;
};

/**
 * The creator's other public campaigns (test campaigns and the hidden TEST ticker left out): raised, graduated, and whether they sold more than half of
 * what they bought within a day of launch (their own trades and the launch's initial buy), or that campaign's panel
 * remembered a creator_sold flag raised within that day (a dump does not end when the creator buys back in).
 */
export async function creatorHistoryFacts(db: Db, creatorWallet: string, campaignId: number): Promise<CreatorHistoryFacts> {
  const window = `${EARLY_DUMP_WINDOW_MS} milliseconds`;
  const result = await db.execute(sql`
    select c.token_address, c.name, c.ticker, c.raised_lamports::text as raised, c.is_bonded as graduated, c.created_at::text as created_at,
      coalesce(t.bought, 0)::text as bought, coalesce(t.sold, 0)::text as sold,
      exists (select 1 from remembered_trust_flags r where r.campaign_id = c.id and r.flag_id = 'creator_sold'
        and r.raised_at < c.created_at + ${window}::interval) as remembered
    from campaigns c
    left join launch_requests l on l.mint = c.token_address
    left join lateral (
      select sum(ct.tokens_received) filter (where ct.side = 'buy') as bought, sum(ct.tokens_sent) filter (where ct.side = 'sell') as sold
      from curve_trades ct
      where ct.mint = c.token_address and (ct.wallet = c.creator_wallet or ct.signature = l.buy_signature)
        and ct.block_time < c.created_at + ${window}::interval
    ) t on true
    where c.creator_wallet = ${creatorWallet} and c.id <> ${campaignId} and c.token_address is not null
      and not c.is_test and c.ticker <> ${HIDDEN_TICKER}
    order by c.created_at desc, c.id desc`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const campaigns = rows.map((r) => ({
    tokenAddress: r.token_address, name: r.name, ticker: r.ticker, raisedLamports: BigInt(r.raised), graduated: r.graduated,
    createdAt: new Date(r.created_at), soldMostWithinDay: r.remembered || (2n * BigInt(r.sold) > BigInt(r.bought) && BigInt(r.bought) > 0n),
  }));
  return {
    count: campaigns.length,
    campaigns: campaigns.slice(0, LISTED_PAST_CAMPAIGNS),
    raisedLamports: campaigns.reduce((sum, c) => sum + c.raisedLamports, 0n),
    graduated: campaigns.filter((c) => c.graduated).length,
    soldMostWithinDay: campaigns.filter((c) => c.soldMostWithinDay).length,
  };
}
