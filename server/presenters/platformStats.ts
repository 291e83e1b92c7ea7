import { lamportsToSolString } from '../../core/money';
import type { PlatformStatKey } from '../../core/enums';
import type { platformStats } from '../db/schema';

type Row = typeof platformStats.$inferSelect;

/** The four keys as the dashboard and header read them; a missing key reads as 0. */
export function presentPlatformStats(rows: Row[]) {
  const value = (key: PlatformStatKey) => rows.find((r) => r.statKey === key)?.statValue ?? 0n;
  const times = rows.map((r) => r.lastUpdated.getTime());
  return {
    totalSolRaised: lamportsToSolString(value('total_sol_raised')),
    totalCampaigns: Number(value('total_campaigns')),
    totalDonations: Number(value('total_donations')),
    totalBackers: Number(value('total_backers')),
    lastUpdated: times.length ? new Date(Math.max(...times)).toISOString() : null,
  };
}
