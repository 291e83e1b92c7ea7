import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donations } from '../db/schema';

export type DonationRow = typeof donations.$inferSelect;

/** A campaign's donations, counted or not, newest first (ties by signature and sender, so pages are stable). */
export function listDonations(db: Db, campaignId: number, page?: { limit: number; offset: number }): Promise<DonationRow[]> {
  const query = db.select().from(donations).where(eq(donations.campaignId, campaignId))
    .orderBy(desc(donations.blockTime), desc(donations.slot), desc(donations.signature), donations.kind, donations.fromWallet);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** How many rows the list pages through, and what counted of them (the campaign's raised). */
export async function donationTotals(db: Db, campaignId: number): Promise<{ count: number; lamports: bigint }> {
  const [row] = await db.select({
    count: sql<string>`count(*)::text`,
    lamports: sql<string>`coalesce(sum(${donations.lamports}), 0)::text`,
  }).from(donations).where(eq(donations.campaignId, campaignId));
  return { count: Number(row!.count), lamports: BigInt(row!.lamports) };
}

/** The campaign a token address names (ticker TEST, the hidden one, included: the caller decides). */
export async function campaignByToken(db: Db, tokenAddress: string) {
  const [row] = await db.select({
    id: campaigns.id, name: campaigns.name, ticker: campaigns.ticker, donationWallet: campaigns.donationWallet,
  }).from(campaigns).where(eq(campaigns.tokenAddress, tokenAddress));
  return row;
}
