import type { DonationKind } from '../db/schema';
import type { SolTransfer } from './transfers';

/** A campaign as the indexer matches transfers against it. */
export type WatchedCampaign = {
  id: number;
  donationWallet: string;
  distributorWallet: string | null;
  reference: string;
  /** The donation wallet serves this campaign alone (not shared, not a verified charity's). */
  ownWallet: boolean;
};

export type ClassifiedDonation = { campaignId: number; kind: DonationKind; from: string; to: string; lamports: bigint };

/**
 * Which campaign each SOL transfer into a donation wallet belongs to, and as what:
 * from the campaign's distributor wallet it is a reward; otherwise a direct donation of
 * the campaign whose reference the transaction carries, or, on a wallet that is the
 * campaign's own, of that campaign even without one. Transfers of one transaction to one
 * campaign and kind add up to one row.
 */
export function classifyTransfers(
  transfers: SolTransfer[], accountKeys: ReadonlySet<string>, byWallet: ReadonlyMap<string, WatchedCampaign[]>,
): ClassifiedDonation[] {
  const rows = new Map<string, ClassifiedDonation>();
  for (const transfer of transfers) {
    const candidates = byWallet.get(transfer.destination);
    if (!candidates || transfer.source === transfer.destination) continue;
    let match: { campaign: WatchedCampaign; kind: DonationKind } | undefined;
    const rewarded = candidates.find((c) => c.distributorWallet === transfer.source);
    if (rewarded) match = { campaign: rewarded, kind: 'reward' };
    else {
      const referenced = candidates.find((c) => accountKeys.has(c.reference));
      const own = candidates.length === 1 && candidates[0]!.ownWallet ? candidates[0] : undefined;
      const campaign = referenced ?? own;
      if (campaign) match = { campaign, kind: 'direct' };
    }
    if (!match) continue;
    const key = `${match.campaign.id}:${match.kind}`;
    const row = rows.get(key);
    if (row) row.lamports += transfer.lamports;
    else rows.set(key, { campaignId: match.campaign.id, kind: match.kind, from: transfer.source, to: transfer.destination, lamports: transfer.lamports });
  }
  return [...rows.values()];
}
