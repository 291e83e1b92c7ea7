import type { DonationKind } from '../db/schema';
import { splitGain } from '../../core/donations/sharing';
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

/**
 * One sender's transfers into a donation wallet for one campaign and kind, in one
 * transaction: `sent` what they carried, `share` their part of what the wallet gained.
 */
export type ClassifiedDonation = { campaignId: number; kind: DonationKind; from: string; to: string; sent: bigint; share: bigint };

/**
 * The donations one transaction made: one per campaign, kind and sender.
 *
 * Which campaign: a transfer from the campaign's distributor wallet is its reward; any
 * other sender's (never a platform address's) is a direct donation of the campaign whose
 * reference the transaction carries, or, without one, of the campaign on that wallet that
 * counts plain transfers.
 *
 * How much: never more than the donation wallet actually gained in the transaction (its
 * balance after minus before). SOL sent in and taken back out in the same transaction is no
 * gift, so a transaction whose net gain is 0 or less makes no rows; the gain goes to the
 * rewards first, then is shared among the direct donations in proportion to what each
 * sender's transfers carried (exact, never summing above the gain).
 */
export function classifyTransfers(facts: TransactionFacts, byWallet: ReadonlyMap<string, WatchedCampaign[]>): ClassifiedDonation[] {
  const claims = new Map<string, Map<string, ClassifiedDonation>>();
  for (const transfer of facts.transfers) {
    const candidates = byWallet.get(transfer.destination);
    if (!candidates || transfer.source === transfer.destination) continue;
    const match = matchOf(transfer, candidates, facts);
    if (!match) continue;
    const forWallet = claims.get(transfer.destination) ?? new Map<string, ClassifiedDonation>();
    claims.set(transfer.destination, forWallet);
    const key = `${match.campaign.id}/${match.kind}/${transfer.source}`;
    const claim = forWallet.get(key) ?? { campaignId: match.campaign.id, kind: match.kind, from: transfer.source, to: transfer.destination, sent: 0n, share: 0n };
    forWallet.set(key, claim);
    claim.sent += transfer.lamports;
  }
  const rows: ClassifiedDonation[] = [];
  for (const [wallet, forWallet] of claims) {
    const gain = facts.balanceChanges.get(wallet) ?? 0n;
    if (gain <= 0n) continue;
    // A fixed order, so the rounding lamports always go the same way.
    const ordered = [...forWallet.values()].sort((a, b) => a.campaignId - b.campaignId || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    const rewards = ordered.filter((c) => c.kind === 'reward');
    const directs = ordered.filter((c) => c.kind !== 'reward');
    const split = splitGain(gain, rewards.map((c) => c.sent), directs.map((c) => c.sent));
    rewards.forEach((c, i) => rows.push({ ...c, share: split.rewards[i]! }));
    directs.forEach((c, i) => rows.push({ ...c, share: split.directs[i]! }));
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
