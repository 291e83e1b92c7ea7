import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donationWalletProofs } from '../db/schema';

type Campaign = { creatorWallet: string; donationWallet: string | null };

/** Creators that proved control of each of these donation wallets (by a signed consent). */
export async function proofsFor(db: Db, wallets: string[]): Promise<Map<string, Set<string>>> {
  const proofs = new Map<string, Set<string>>();
  if (wallets.length === 0) return proofs;
  const rows = await db.select({ creator: donationWalletProofs.creatorWallet, wallet: donationWalletProofs.donationWallet })
    .from(donationWalletProofs).where(inArray(donationWalletProofs.donationWallet, [...new Set(wallets)]));
  for (const { creator, wallet } of rows) proofs.set(wallet, (proofs.get(wallet) ?? new Set()).add(creator));
  return proofs;
}

/** The creator proved control of the campaign's donation wallet: it is their own wallet, or the wallet signed its consent. */
export function isProven(campaign: Campaign, proofs: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const wallet = campaign.donationWallet;
  return wallet !== null && (wallet === campaign.creatorWallet || (proofs.get(wallet)?.has(campaign.creatorWallet) ?? false));
}

export type DonationWalletCounting = {
  /** The creator proved control of the donation wallet. */
  proven: boolean;
  /** Plain transfers (without the campaign's reference) count for it: proven, and no other proven campaign shares the wallet. */
  countsPlainTransfers: boolean;
};

/** How transfers to one campaign's donation wallet are counted (the campaign page says it). */
export async function donationWalletCounting(db: Db, campaign: Campaign & { id: number }): Promise<DonationWalletCounting> {
  if (!campaign.donationWallet) return { proven: false, countsPlainTransfers: false };
  const wallet = campaign.donationWallet;
  const others = await db.select({ creatorWallet: campaigns.creatorWallet, donationWallet: campaigns.donationWallet }).from(campaigns)
    .where(and(eq(campaigns.donationWallet, wallet), ne(campaigns.id, campaign.id)));
  const proofs = await proofsFor(db, [wallet]);
  const proven = isProven(campaign, proofs);
  return { proven, countsPlainTransfers: proven && !others.some((other) => isProven(other, proofs)) };
}
