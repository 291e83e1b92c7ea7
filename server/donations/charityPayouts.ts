import { and, countDistinct, eq, inArray, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { donations } from '../db/schema';

export type CharityPayout = { lamports: bigint; campaigns: number };

/**
 * What campaigns have paid each of these wallets so far: the distributor's payouts
 * ('reward' rows, read back from the chain) into a donation wallet that is the charity's.
 */
export async function charityPayouts(db: Db, wallets: string[]): Promise<Map<string, CharityPayout>> {
  const out = new Map<string, CharityPayout>();
  if (wallets.length === 0) return out;
  const rows = await db.select({
    wallet: donations.toWallet,
    lamports: sum(donations.lamports),
    campaigns: countDistinct(donations.campaignId),
  }).from(donations)
    .where(and(eq(donations.kind, 'reward'), inArray(donations.toWallet, wallets)))
    .groupBy(donations.toWallet);
  for (const r of rows) out.set(r.wallet, { lamports: BigInt(r.lamports ?? '0'), campaigns: Number(r.campaigns) });
  return out;
}
