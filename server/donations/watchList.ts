import { PublicKey } from '@solana/web3.js';
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donationReferences } from '../db/schema';
import type { WatchedCampaign } from './classify';
import { isProven, proofsFor } from './walletControl';

export type WatchList = {
  /** Campaigns by donation wallet: what a transfer into that wallet may belong to. */
  byWallet: Map<string, WatchedCampaign[]>;
  /** Addresses whose history the indexer reads (each has its own cursor), with the time before which nothing there is ours. */
  addresses: Map<string, Date>;
};

// A campaign counts nothing sent before it existed (a creator's own wallet has a past),
// with a margin for a cluster's block times running behind ours.
const CLOCK_MARGIN_MS = 60_000;

const sinceOf = (createdAt: Date) => new Date(createdAt.getTime() - CLOCK_MARGIN_MS);

function isAddress(text: string | null): text is string {
  if (!text) return false;
  try { return new PublicKey(text).toBase58() === text; } catch { return false; }
}

/**
 * What to read: a wallet one campaign counts plain transfers on (its creator proved
 * control, and no other proven campaign shares it) is read whole (rewards, plain and
 * referenced donations all land there); any other wallet only through each campaign's
 * reference (its direct donations) and distributor wallet (its rewards), so a wallet that
 * is not the campaign's to claim, a charity's or a stranger's, is never scanned whole.
 */
export async function loadWatchList(db: Db): Promise<WatchList> {
  const rows = await db.select({
    id: campaigns.id, creatorWallet: campaigns.creatorWallet, donationWallet: campaigns.donationWallet,
    distributorWallet: campaigns.distributorWallet, createdAt: campaigns.createdAt, reference: donationReferences.reference,
  }).from(campaigns)
    .innerJoin(donationReferences, eq(donationReferences.campaignId, campaigns.id))
    .where(isNotNull(campaigns.donationWallet))
    .orderBy(campaigns.id);
  const proofs = await proofsFor(db, rows.flatMap((r) => (isAddress(r.donationWallet) ? [r.donationWallet] : [])));
  const grouped = new Map<string, typeof rows>();
  for (const row of rows) {
    if (!isAddress(row.donationWallet)) continue;
    grouped.set(row.donationWallet, [...(grouped.get(row.donationWallet) ?? []), row]);
  }
  const byWallet = new Map<string, WatchedCampaign[]>();
  const addresses = new Map<string, Date>();
  const watch = (address: string, createdAt: Date) => {
    const since = sinceOf(createdAt);
    const known = addresses.get(address);
    if (!known || since < known) addresses.set(address, since);
  };
  for (const [wallet, group] of grouped) {
    const proven = group.filter((row) => isProven(row, proofs));
    byWallet.set(wallet, group.map((row) => ({
      id: row.id, donationWallet: wallet, distributorWallet: isAddress(row.distributorWallet) ? row.distributorWallet : null,
      reference: row.reference, since: sinceOf(row.createdAt), countsPlainTransfers: proven.length === 1 && proven[0] === row,
    })));
    if (proven.length === 1) {
      for (const row of group) watch(wallet, row.createdAt);
    } else {
      for (const [i, campaign] of byWallet.get(wallet)!.entries()) {
        watch(campaign.reference, group[i]!.createdAt);
        if (campaign.distributorWallet) watch(campaign.distributorWallet, group[i]!.createdAt);
      }
    }
  }
  return { byWallet, addresses };
}

/**
 * The watched addresses whose histories hold what paid these donation wallets: a wallet read
 * whole, or each of its campaigns' reference and distributor wallet.
 */
export function addressesPaying(watch: WatchList, wallets: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const wallet of wallets) {
    if (watch.addresses.has(wallet)) found.add(wallet);
    for (const campaign of watch.byWallet.get(wallet) ?? []) {
      found.add(campaign.reference);
      if (campaign.distributorWallet) found.add(campaign.distributorWallet);
    }
  }
  return found;
}
