import { PublicKey } from '@solana/web3.js';
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donationReferences } from '../db/schema';
import { NETTING_WINDOW_MS } from '../../core/donations/netting';
import type { WatchedCampaign } from './classify';
import { isProven, proofsFor } from './walletControl';

export type WatchList = {
  /** Campaigns by donation wallet: what a transfer into that wallet may belong to. */
  byWallet: Map<string, WatchedCampaign[]>;
  /** The donation wallets, whose histories the indexer reads (each has its own cursor), with the time before which nothing there matters. */
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
 * What to read: every donation wallet's whole history, from two netting windows before its
 * first campaign existed. Every transfer into the wallet is in it (rewards, plain and
 * referenced donations), and so is every transfer out, which the indexer records: a gift
 * is netted against what the wallet itself put into its sender (core/donations/netting.ts).
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
  for (const [wallet, group] of grouped) {
    const proven = group.filter((row) => isProven(row, proofs));
    byWallet.set(wallet, group.map((row) => ({
      id: row.id, donationWallet: wallet, distributorWallet: isAddress(row.distributorWallet) ? row.distributorWallet : null,
      reference: row.reference, since: sinceOf(row.createdAt), countsPlainTransfers: proven.length === 1 && proven[0] === row,
    })));
    // A hop's funding may be a window older than the transfer it nets against.
    const first = Math.min(...group.map((row) => sinceOf(row.createdAt).getTime()));
    addresses.set(wallet, new Date(first - 2 * NETTING_WINDOW_MS));
  }
  return { byWallet, addresses };
}
