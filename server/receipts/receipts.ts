import { and, desc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donations } from '../db/schema';
import { recipientsOf } from '../donations/recipients';

const campaignColumns = {
  id: campaigns.id, tokenAddress: campaigns.tokenAddress, ticker: campaigns.ticker, name: campaigns.name,
  title: campaigns.title, creatorWallet: campaigns.creatorWallet, verified: campaigns.verified,
};

// A donor's CSV is one response: past this many rows it asks them to pick a year.
export const DONOR_CSV_MAX_ROWS = 50_000;

/**
 * The direct donations one transaction made, as the indexer read them from the chain: one
 * row per sender and campaign it gave to (almost always one of each), counted or not, each
 * with who the receiving wallet belongs to; only `donor`'s when given. Rewards (the
 * distributor's payouts) have no donor and so no receipt.
 */
export async function receiptFor(db: Db, signature: string, donor?: string) {
  const rows = await db.select({ donation: donations, campaign: campaignColumns }).from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(and(eq(donations.signature, signature), eq(donations.kind, 'direct'), ...donor === undefined ? [] : [eq(donations.fromWallet, donor)]))
    .orderBy(donations.fromWallet, donations.campaignId);
  return withRecipients(db, rows);
}

export type ReceiptLine = Awaited<ReturnType<typeof receiptFor>>[number];

/** A donor's counted direct donations in a calendar year (UTC), or all of them, newest first. */
export function donorDonations(db: Db, wallet: string, year: number | null) {
  const inYear = year === null ? [] : [
    gte(donations.blockTime, new Date(Date.UTC(year, 0, 1))), lt(donations.blockTime, new Date(Date.UTC(year + 1, 0, 1))),
  ];
  return db.select({ donation: donations, campaign: campaignColumns }).from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(and(eq(donations.fromWallet, wallet), eq(donations.kind, 'direct'), gt(donations.lamports, 0n), ...inYear))
    .orderBy(desc(donations.blockTime), donations.signature)
    .limit(DONOR_CSV_MAX_ROWS + 1)
    .then((rows) => withRecipients(db, rows));
}

type Row = { donation: { toWallet: string }; campaign: { creatorWallet: string } };

// Who holds the wallet the SOL went to (which need not be the campaign's wallet today).
async function withRecipients<R extends Row>(db: Db, rows: R[]) {
  const pairOf = (row: Row) => ({ creatorWallet: row.campaign.creatorWallet, donationWallet: row.donation.toWallet });
  const recipientOf = await recipientsOf(db, rows.map(pairOf));
  return rows.map((row) => ({ ...row, recipient: recipientOf(pairOf(row)) }));
}
export type DonorDonation = Awaited<ReturnType<typeof donorDonations>>[number];
