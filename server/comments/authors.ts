import { and, eq, gt, inArray } from 'drizzle-orm';
import type { CommentBadge } from '../../core/schemas/comment';
import { donations } from '../db/schema';
import { isPlatformCreated, type CampaignRow } from '../presenters/campaign';
import type { Services } from '../services';
import { holderShare } from '../../core/holders';
import { holderSharesOf } from './holderShares';

export type AuthorBadges = (wallet: string) => CommentBadge[];

/**
 * Badges of a page's authors, in one read and one cached chain answer whatever the page's
 * size: which of them donated directly to this campaign (counted donations rows of kind
 * 'direct' from that wallet), and the mint's holders (holderShares: shares of the circulating supply). The Creator badge is for the
 * creator of a campaign launched here (an imported token's creator is only a claim).
 */
export async function loadBadges(services: Services, campaign: CampaignRow, wallets: string[]): Promise<AuthorBadges> {
  const unique = [...new Set(wallets)];
  if (unique.length === 0) return () => [];
  const [donors, holdings] = await Promise.all([
    services.db.selectDistinct({ wallet: donations.fromWallet }).from(donations)
      .where(and(eq(donations.campaignId, campaign.id), eq(donations.kind, 'direct'), gt(donations.lamports, 0n), inArray(donations.fromWallet, unique))),
    campaign.tokenAddress ? holderSharesOf(services)(campaign.tokenAddress, unique, campaign.circulatingTokens)
      : Promise.resolve({ holdings: new Map<string, bigint>(), circulatingTokens: null }),
  ]);
  const donorSet = new Set(donors.map((d) => d.wallet));
  const creator = isPlatformCreated(campaign) ? campaign.creatorWallet : null;
  return (wallet) => {
    const badges: CommentBadge[] = [];
    if (wallet === creator) badges.push({ kind: 'creator' });
    // A share of the circulating supply, as the Holders tab shows it (core/holders.ts); no badge without that basis.
    const held = holdings.holdings.get(wallet);
    const share = held !== undefined && held > 0n && holdings.circulatingTokens !== null ? holderShare(held, holdings.circulatingTokens) : null;
    if (share !== null) badges.push({ kind: 'holder', share_percent: share });
    if (donorSet.has(wallet)) badges.push({ kind: 'donor' });
    return badges;
  };
}
