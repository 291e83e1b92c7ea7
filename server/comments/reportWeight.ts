import { and, eq, gt } from 'drizzle-orm';
import type { CommentReportBasis } from '../db/schema';
import { donations } from '../db/schema';
import type { Services } from '../services';
import { holderSharesOf } from './holderShares';
import { isOlderThanADay } from './walletAge';

export type ReportStanding = { weight: 0 | 1; basis: CommentReportBasis };

type Campaign = { id: number; creatorWallet: string; tokenAddress: string | null; circulatingTokens: bigint | null };

/** A signed-out visitor's report: counted once per network, weighing nothing (anyone has an address). */
export const NETWORK_STANDING: ReportStanding = { weight: 0, basis: 'network' };

/**
 * What a signed-in wallet's report of a comment on `campaign` weighs, checked on the server
 * when it is taken: 1 when the wallet costs something (it holds the campaign's token now, read
 * from the chain as the Holder badge reads it; it has a counted direct donation to the campaign,
 * as the Donor badge; or its first transaction is more than a day old, walletAge.ts), else 0
 * ('fresh': a sign-in costs nothing). The campaign's creator weighs 0 whatever it holds, and
 * the admin sees its reports marked: a creator must not collapse the questions donors ask.
 */
export async function weighReporter(services: Services, campaign: Campaign, wallet: string): Promise<ReportStanding> {
  if (wallet === campaign.creatorWallet) return { weight: 0, basis: 'creator' };
  const [donated] = await services.db.select({ wallet: donations.fromWallet }).from(donations)
    .where(and(eq(donations.campaignId, campaign.id), eq(donations.kind, 'direct'), eq(donations.fromWallet, wallet), gt(donations.lamports, 0n))).limit(1);
  if (donated) return { weight: 1, basis: 'donor' };
  if (campaign.tokenAddress) {
    const { holdings } = await holderSharesOf(services)(campaign.tokenAddress, [wallet], campaign.circulatingTokens);
    if ((holdings.get(wallet) ?? 0n) > 0n) return { weight: 1, basis: 'holder' };
  }
  if (await isOlderThanADay(services, wallet)) return { weight: 1, basis: 'aged' };
  return { weight: 0, basis: 'fresh' };
}
