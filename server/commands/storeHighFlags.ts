import { sql } from 'drizzle-orm';
import type { HolderCount } from '../../core/holders';
import type { TrustFlag } from '../../core/trust';
import { campaigns, type HighFlag } from '../db/schema';
import type { Services } from '../services';

/** Announced when a campaign's stored high flags change: list caches drop, cards refetch. */
export const HIGH_FLAGS_EVENT = 'campaign_high_flags';

// What a card shows of the flags: a change of any of it is announced.
const shownOf = (flags: readonly HighFlag[]) => JSON.stringify(flags.map((f) => [f.id, f.sentence]));

/**
 * Keeps a campaign's high-severity flags on its row (cards, Explore's filter), and the holder
 * figures the same computation read, from a computation that began at `computedAt`. An older computation never overwrites a newer
 * one. When the flags shown change, the creator's other campaigns are marked for
 * recomputation (their `creator_history` flag rests on this campaign's trades) and the
 * change is announced. Returns whether they changed.
 */
export async function storeHighFlags(
  services: Services, tokenAddress: string, flags: readonly TrustFlag[], computedAt: Date, holders: HolderCount | null = null,
): Promise<boolean> {
  // A remembered flag keeps its day (its sentence says it too, for the cards that show only sentences).
  const high: HighFlag[] = flags.filter((f) => f.severity === 'high').map(({ id, sentence, since }) => (since ? { id, sentence, since } : { id, sentence }));
  const at = computedAt.toISOString();
  // The row's flags before the update, read in the same statement (RETURNING gives only the new row).
  // The holder figures the computation read (core/holders.ts), unless a trade hook wrote newer ones since it began.
  const fresher = sql`(c.market_data_updated_at is null or c.market_data_updated_at <= ${at}::timestamptz)`;
  const counted = holders === null ? sql`` : sql`,
    holders = case when ${fresher} then ${holders.count} else c.holders end,
    cached_holders = case when ${fresher} then ${holders.count} else c.cached_holders end,
    circulating_tokens = case when ${fresher} then ${holders.circulatingTokens.toString()}::bigint else c.circulating_tokens end`;
  const result = await services.db.execute(sql`
    with old as (select id, high_flags from ${campaigns} where token_address = ${tokenAddress} for update)
    update ${campaigns} c set high_flags = ${JSON.stringify(high)}::jsonb, trust_flags_at = ${at}::timestamptz${counted}
    from old where c.id = old.id and (c.trust_flags_at is null or c.trust_flags_at <= ${at}::timestamptz)
    returning c.id, c.creator_wallet, old.high_flags as before`);
  const row = (result as { rows: { id: number; creator_wallet: string; before: HighFlag[] }[] }).rows[0];
  if (!row || shownOf(row.before) === shownOf(high)) return false;
  await services.db.execute(sql`update ${campaigns} set trust_flags_at = null
    where creator_wallet = ${row.creator_wallet} and id <> ${row.id}`);
  await services.events.publish({ type: HIGH_FLAGS_EVENT, id: row.id, tokenAddress });
  return true;
}
