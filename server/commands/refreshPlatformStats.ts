import { and, eq, gt, sql } from 'drizzle-orm';
import type { PlatformStatKey } from '../../core/enums';
import type { Db } from '../db/client';
import { campaigns, donations, platformStats } from '../db/schema';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

/** Recomputes the four keys from the campaigns and their indexed donations (rewards and direct, those that counted; test campaigns left out). */
export async function recomputePlatformStats(db: Db, at: Date): Promise<Record<PlatformStatKey, bigint>> {
  const [totals] = await db.select({
    raised: sql<string>`coalesce(sum(${campaigns.raisedLamports}), 0)::text`,
    count: sql<string>`count(*)::text`,
    backers: sql<string>`coalesce(sum(${campaigns.backers}), 0)::text`,
  }).from(campaigns).where(eq(campaigns.isTest, false));
  const [indexed] = await db.select({ count: sql<string>`count(*)::text` }).from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId)).where(and(eq(campaigns.isTest, false), gt(donations.lamports, 0n)));

  const values: Record<PlatformStatKey, bigint> = {
    total_sol_raised: BigInt(totals.raised),
    total_campaigns: BigInt(totals.count),
    total_backers: BigInt(totals.backers),
    total_donations: BigInt(indexed.count),
  };
  await db.insert(platformStats)
    .values(Object.entries(values).map(([statKey, statValue]) => ({ statKey, statValue, lastUpdated: at })))
    .onConflictDoUpdate({ target: platformStats.statKey, set: { statValue: sql`excluded.stat_value`, lastUpdated: sql`excluded.last_updated` } });
  return values;
}

/** For jobs and commands: recompute, then tell every browser. */
export async function refreshPlatformStats({ db, events, now }: Services): Promise<void> {
  await recomputePlatformStats(db, now());
  await events.publish({ type: 'platform_stats_changed' });
}

/** The dashboard's sync action: the same, audited. */
export async function syncPlatformStats({ db, events, now }: Services, actor: AdminActor): Promise<void> {
  await adminWrite(db, actor, (values: Record<PlatformStatKey, bigint>) => ({
    action: 'platform_stats_synced',
    target: 'platform_stats',
    details: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.toString()])),
  }), (tx) => recomputePlatformStats(tx, now()));
  await events.publish({ type: 'platform_stats_changed' });
}
