// Lists, cards and sort=volume_24h read cached_volume_24h_lamports from the campaign row,
// which a trade rewrites. A token that stops trading would keep its last 24h volume for
// ever: this recomputes it from our stored trades for rows that may have gone stale.

import { sql } from 'drizzle-orm';
import type { Services } from '../services';

const DAY_MS = 86_400_000;
/** A nonzero volume computed longer ago than this is recomputed. */
export const VOLUME_STALE_MS = 5 * 60_000;
/** Rows per statement: bounds one run's work; the job's next tick takes the rest. */
const BATCH = 500;

/** The live event a refresh publishes: list caches clear and browsers refetch lists. */
export const MARKET_FIGURES_EVENT = 'market_figures_refreshed';

/**
 * Recomputes the 24h volume of campaigns whose cached volume is nonzero and either older
 * than VOLUME_STALE_MS or counted a trade that has since left the 24h window. A zero volume
 * cannot go stale without a trade, and a trade rewrites its row (registerTradeHooks), so
 * those rows are skipped: the candidates are read from the volume index's nonzero range.
 * Returns how many rows' volume changed; publishes one event when any did.
 */
export async function refreshStaleVolumes(services: Services): Promise<number> {
  const now = services.now();
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const staleBefore = new Date(now.getTime() - VOLUME_STALE_MS).toISOString();
  let changed = 0;
  for (;;) {
    const result = await services.db.execute(sql`
      update campaigns c set cached_volume_24h_lamports = v.volume, market_data_updated_at = ${nowIso}::timestamptz
      from (
        select s.id, s.cached_volume_24h_lamports as old_volume,
          (select coalesce(sum(t.sol_lamports), 0) from curve_trades t
            where t.mint = s.token_address and t.block_time > ${dayAgo}::timestamptz and t.block_time <= ${nowIso}::timestamptz) as volume
        from campaigns s
        where s.token_address is not null and s.cached_volume_24h_lamports > 0
          and (s.market_data_updated_at is null or s.market_data_updated_at < ${staleBefore}::timestamptz
            or exists (select 1 from curve_trades o where o.mint = s.token_address
              and o.block_time <= ${dayAgo}::timestamptz and o.block_time > s.market_data_updated_at - interval '24 hours'))
        limit ${BATCH}
      ) v
      where c.id = v.id
      returning (v.volume is distinct from v.old_volume) as changed`);
    const rows = (result as unknown as { rows: { changed: boolean }[] }).rows;
    changed += rows.filter((r) => r.changed).length;
    // Every updated row is now fresh, so it is not picked again: a short batch is the last.
    if (rows.length < BATCH) break;
  }
  if (changed > 0) await services.events.publish({ type: MARKET_FIGURES_EVENT, campaigns: changed });
  return changed;
}
