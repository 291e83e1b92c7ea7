import { PublicKey } from '@solana/web3.js';
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donationReferences, verifiedCharities } from '../db/schema';
import type { WatchedCampaign } from './classify';

export type WatchList = {
  /** Campaigns by donation wallet: what a transfer into that wallet may belong to. */
  byWallet: Map<string, WatchedCampaign[]>;
  /** Addresses whose history the indexer reads (each has its own cursor), with the time before which nothing there is ours. */
  addresses: Map<string, Date>;
};

// A campaign counts nothing sent before it existed (a creator's own wallet has a past),
// with a margin for a cluster's block times running behind ours.
const CLOCK_MARGIN_MS = 60_000;

function isAddress(text: string | null): text is string {
  if (!text) return false;
  try { return new PublicKey(text).toBase58() === text; } catch { return false; }
}

/**
 * What to read: a wallet that is one campaign's own is read whole (rewards, plain and
 * referenced donations all land there); for a shared or charity wallet only the
 * campaign's reference (its direct donations) and its distributor wallet (its rewards),
 * so the charity's other traffic is never scanned.
 */
export async function loadWatchList(db: Db): Promise<WatchList> {
  const [rows, charities] = await Promise.all([
    db.select({
      id: campaigns.id, donationWallet: campaigns.donationWallet, distributorWallet: campaigns.distributorWallet,
      createdAt: campaigns.createdAt, reference: donationReferences.reference,
    }).from(campaigns)
      .innerJoin(donationReferences, eq(donationReferences.campaignId, campaigns.id))
      .where(isNotNull(campaigns.donationWallet))
      .orderBy(campaigns.id),
    db.select({ wallet: verifiedCharities.walletAddress }).from(verifiedCharities),
  ]);
  const charityWallets = new Set(charities.map((c) => c.wallet));
  const grouped = new Map<string, typeof rows>();
  for (const row of rows) {
    if (!isAddress(row.donationWallet)) continue;
    grouped.set(row.donationWallet, [...(grouped.get(row.donationWallet) ?? []), row]);
  }
  const byWallet = new Map<string, WatchedCampaign[]>();
  const addresses = new Map<string, Date>();
  const watch = (address: string, createdAt: Date) => {
    const since = new Date(createdAt.getTime() - CLOCK_MARGIN_MS);
    const known = addresses.get(address);
    if (!known || since < known) addresses.set(address, since);
  };
  for (const [wallet, group] of grouped) {
    const ownWallet = group.length === 1 && !charityWallets.has(wallet);
    byWallet.set(wallet, group.map((row) => ({
      id: row.id, donationWallet: wallet, distributorWallet: isAddress(row.distributorWallet) ? row.distributorWallet : null,
      reference: row.reference, ownWallet,
    })));
    if (ownWallet) watch(wallet, group[0]!.createdAt);
    else {
      for (const [i, campaign] of byWallet.get(wallet)!.entries()) {
        watch(campaign.reference, group[i]!.createdAt);
        if (campaign.distributorWallet) watch(campaign.distributorWallet, group[i]!.createdAt);
      }
    }
  }
  return { byWallet, addresses };
}
