import type { DonationKind } from '../db/schema';
import type { SolTransfer } from './transfers';

/** A campaign as the indexer matches transfers against it. */
export type WatchedCampaign = {
  id: number;
  donationWallet: string;
  distributorWallet: string | null;
  reference: string;
  /** Nothing sent before this (the campaign's creation, less a margin for block times) is its donation. */
  since: Date;
  /**
   * Plain transfers (no reference) to the donation wallet count for this campaign: its
   * creator proved control of the wallet, and no other proven campaign shares it.
   */
  countsPlainTransfers: boolean;
};

/** What one confirmed transaction says, as the classifier needs it. */
export type TransactionFacts = {
  transfers: SolTransfer[];
  accountKeys: ReadonlySet<string>;
  /** Each account's balance after the transaction minus before (from its meta), fee included. */
  balanceChanges: ReadonlyMap<string, bigint>;
  /** Sources of these transfers that are platform addresses: what they send is never a donation. */
  platformSenders: ReadonlySet<string>;
  blockTime: Date;
};

export type ClassifiedDonation = { campaignId: number; kind: DonationKind; from: string; to: string; lamports: bigint };

type Claim = ClassifiedDonation & { bySender: Map<string, bigint> };

/**
 * The donations one transaction made, per campaign and kind (one row each).
 *
 * Which campaign: a transfer from the campaign's distributor wallet is its reward; any
 * other sender's (never a platform address's) is a direct donation of the campaign whose
 * reference the transaction carries, or, without one, of the campaign on that wallet that
 * counts plain transfers.
 *
 * How much: never more than the donation wallet actually gained in the transaction (its
 * balance after minus before). SOL sent in and taken back out in the same transaction is no
 * gift, so a transaction whose net gain is 0 or less counts nothing; the gain is given to
 * rewards first, then to direct donations, each at most what its transfers carried. A row
 * names the sender that paid the most of it.
 */
export function classifyTransfers(facts: TransactionFacts, byWallet: ReadonlyMap<string, WatchedCampaign[]>): ClassifiedDonation[] {
  const claims = new Map<string, Claim[]>();
  for (const transfer of facts.transfers) {
    const candidates = byWallet.get(transfer.destination);
    if (!candidates || transfer.source === transfer.destination) continue;
    const match = matchOf(transfer, candidates, facts);
    if (!match) continue;
    const forWallet = claims.get(transfer.destination) ?? [];
    claims.set(transfer.destination, forWallet);
    let claim = forWallet.find((c) => c.campaignId === match.campaign.id && c.kind === match.kind);
    if (!claim) {
      claim = { campaignId: match.campaign.id, kind: match.kind, from: transfer.source, to: transfer.destination, lamports: 0n, bySender: new Map() };
      forWallet.push(claim);
    }
    claim.lamports += transfer.lamports;
    claim.bySender.set(transfer.source, (claim.bySender.get(transfer.source) ?? 0n) + transfer.lamports);
  }
  const rows: ClassifiedDonation[] = [];
  for (const [wallet, forWallet] of claims) {
    let left = facts.balanceChanges.get(wallet) ?? 0n;
    const ordered = [...forWallet.filter((c) => c.kind === 'reward'), ...forWallet.filter((c) => c.kind !== 'reward')];
    for (const claim of ordered) {
      if (left <= 0n) break;
      const lamports = claim.lamports < left ? claim.lamports : left;
      left -= lamports;
      rows.push({ campaignId: claim.campaignId, kind: claim.kind, from: largestSender(claim.bySender), to: wallet, lamports });
    }
  }
  return rows;
}

function matchOf(transfer: SolTransfer, wallets: WatchedCampaign[], facts: TransactionFacts): { campaign: WatchedCampaign; kind: DonationKind } | undefined {
  const candidates = wallets.filter((c) => c.since <= facts.blockTime);
  const rewarded = candidates.find((c) => c.distributorWallet === transfer.source);
  if (rewarded) return { campaign: rewarded, kind: 'reward' };
  if (facts.platformSenders.has(transfer.source)) return undefined;
  const campaign = candidates.find((c) => facts.accountKeys.has(c.reference)) ?? candidates.find((c) => c.countsPlainTransfers);
  return campaign ? { campaign, kind: 'direct' } : undefined;
}

function largestSender(bySender: Map<string, bigint>): string {
  let best: [string, bigint] | undefined;
  for (const entry of bySender) if (!best || entry[1] > best[1]) best = entry;
  return best![0];
}
