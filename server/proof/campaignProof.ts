// Proof of funds: what a campaign's transfer-fee tax became, each figure read from the
// chain (fees withheld now, the distributor wallet's SOL, the mint's authorities) or
// summed from the distributor's journaled runs and backed by the signatures that landed.

import { and, desc, eq, sql } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { rentExemptLamports } from '../../core/rent';
import { readCampaignMint, type CampaignMint } from '../chain/token';
import { campaigns, curvePools, curveTrades, distributionRuns, type DistributionKind, type DistributionState } from '../db/schema';
import { pendingPositionFee } from '../curve/positionClaimTransaction';
import { readVirtualPool } from '../curve/virtualPool';
import type { Db } from '../db/client';
import { findWithheldAccounts } from './withheldAccounts';
import type { Services } from '../services';
import { chainHoldings } from '../chain/holdings';

export type ProofCampaign = { id: number; tokenAddress: string; distributorWallet: string | null; donationWallet: string | null };

export async function proofCampaignByToken(db: Db, tokenAddress: string): Promise<ProofCampaign | undefined> {
  const [row] = await db.select({
    id: campaigns.id, tokenAddress: campaigns.tokenAddress, distributorWallet: campaigns.distributorWallet, donationWallet: campaigns.donationWallet,
  }).from(campaigns).where(eq(campaigns.tokenAddress, tokenAddress));
  return row && { ...row, tokenAddress: row.tokenAddress! };
}

/** Sums over every run of the campaign (a run counts in a sum once it reached that step). */
export type RunTotals = {
  runs: number;
  paidRuns: number;
  collectedTokens: bigint;
  soldTokens: bigint;
  soldLamports: bigint;
  donatedLamports: bigint;
  platformFeeLamports: bigint;
};

export type RunSignatures = { harvest: string[]; withdraw: string[]; topUp: string[]; sell: string[]; payout: string[]; claim: string[] };

export type ProofRun = {
  id: string;
  /** 'partner_claim': the platform's share of the pool's fee, claimed to the treasury (its figure is platformFeeLamports). */
  kind: DistributionKind;
  state: DistributionState;
  startedAt: Date;
  paidAt: Date | null;
  collectedTokens: bigint | null;
  soldTokens: bigint | null;
  soldLamports: bigint | null;
  donatedLamports: bigint | null;
  platformFeeLamports: bigint | null;
  networkFeeLamports: bigint | null;
  /** Only transactions that landed and succeeded: a journaled one that never landed proves nothing. */
  signatures: RunSignatures;
};

export type CampaignProof = {
  tokenAddress: string;
  slot: bigint;
  wallets: { distributor: string | null; donation: string | null; treasury: string };
  mint: CampaignMint | null;
  withheld: { inMint: bigint; inAccounts: bigint; accounts: number };
  distributor: { lamports: bigint; rentExemptLamports: bigint; undeliveredLamports: bigint; unsoldTokens: bigint };
  totals: RunTotals;
  runs: ProofRun[];
  /**
   * A campaign on its own DBC pool (issue 36): its fee is claimed in SOL, not withheld and sold.
   * The cause's: accrued = delivered + unclaimed. The platform's share (CURVE_PLATFORM_SHARE_PERCENT
   * when its config takes one): accrued = claimed (to the treasury) + unclaimed. Together the two
   * accrued are every indexed trade's fee less the pool program's protocol share.
   */
  claims: { accruedLamports: bigint; unclaimedLamports: bigint; platform: PlatformClaims } | null;
};

/** The platform's share of a DBC pool's fee: what its partner_claim runs paid the treasury, and what the pool still holds for it. */
export type PlatformClaims = { accruedLamports: bigint; claimedLamports: bigint; unclaimedLamports: bigint };

const STEP_KEYS = { harvest: 'harvest', withdraw: 'withdraw', top_up: 'topUp', sell: 'sell', payout: 'payout', claim: 'claim' } as const;

async function runTotals(db: Db, campaignId: number): Promise<RunTotals> {
  const r = distributionRuns;
  const sum = (column: typeof r.withdrawnTokens) => sql<string>`coalesce(sum(${column}), 0)::text`;
  const [row] = await db.select({
    runs: sql<string>`count(*)::text`,
    paidRuns: sql<string>`count(*) filter (where ${r.state} = 'paid')::text`,
    collectedTokens: sum(r.withdrawnTokens),
    soldTokens: sql<string>`coalesce(sum(${r.soldTokens}) filter (where ${r.soldLamports} is not null), 0)::text`,
    soldLamports: sum(r.soldLamports),
    donatedLamports: sql<string>`coalesce(sum(${r.donationLamports}) filter (where ${r.state} = 'paid'), 0)::text`,
    platformFeeLamports: sql<string>`coalesce(sum(${r.platformFeeLamports}) filter (where ${r.state} = 'paid'), 0)::text`,
  }).from(r).where(eq(r.campaignId, campaignId));
  return {
    runs: Number(row!.runs), paidRuns: Number(row!.paidRuns), collectedTokens: BigInt(row!.collectedTokens), soldTokens: BigInt(row!.soldTokens),
    soldLamports: BigInt(row!.soldLamports), donatedLamports: BigInt(row!.donatedLamports), platformFeeLamports: BigInt(row!.platformFeeLamports),
  };
}

/** Which of these signatures landed without error (one status call per 256). */
async function landedOk(services: Services, signatures: string[]): Promise<Set<string>> {
  const ok = new Set<string>();
  for (let i = 0; i < signatures.length; i += 256) {
    const batch = signatures.slice(i, i + 256);
    const { value } = await services.chain.connection.getSignatureStatuses(batch, { searchTransactionHistory: true });
    batch.forEach((signature, j) => { if (value[j] && !value[j]!.err) ok.add(signature); });
  }
  return ok;
}

async function recentRuns(services: Services, campaignId: number, page: { limit: number; offset: number }): Promise<ProofRun[]> {
  const rows = await services.db.select().from(distributionRuns).where(eq(distributionRuns.campaignId, campaignId))
    .orderBy(desc(distributionRuns.createdAt), desc(distributionRuns.id)).limit(page.limit).offset(page.offset);
  const ok = await landedOk(services, [...new Set(rows.flatMap((row) => row.txs.map((tx) => tx.signature)))]);
  return rows.map((row) => {
    const signatures: RunSignatures = { harvest: [], withdraw: [], topUp: [], sell: [], payout: [], claim: [] };
    for (const tx of row.txs) {
      // A campaign run journals only these steps (the official token's own steps are not campaigns').
      const key = tx.step in STEP_KEYS ? STEP_KEYS[tx.step as keyof typeof STEP_KEYS] : null;
      if (key && ok.has(tx.signature)) signatures[key].push(tx.signature);
    }
    return {
      id: row.id, kind: row.kind, state: row.state, startedAt: row.createdAt, paidAt: row.paidAt,
      collectedTokens: row.withdrawnTokens, soldTokens: row.soldLamports === null ? null : row.soldTokens, soldLamports: row.soldLamports,
      donatedLamports: row.state === 'paid' ? row.donationLamports : null,
      platformFeeLamports: row.state === 'paid' ? row.platformFeeLamports : null,
      networkFeeLamports: row.networkFeeLamports, signatures,
    };
  });
}

/** The campaign's proof of funds, the chain read once for the withheld fees and the distributor's holdings. */
export async function campaignProof(services: Services, campaign: ProofCampaign, page: { limit: number; offset: number }): Promise<CampaignProof> {
  const { chain } = services;
  const mintAddress = campaign.tokenAddress;
  const [mint, withheldAccounts, totals, runs, treasury, slot, claims] = await Promise.all([
    readCampaignMint(chain.connection, mintAddress),
    findWithheldAccounts(chain, [mintAddress]),
    runTotals(services.db, campaign.id),
    recentRuns(services, campaign.id, page),
    services.keys.treasury(),
    chain.connection.getSlot('confirmed'),
    dbcClaims(services, campaign),
  ]);
  const accounts = withheldAccounts.get(mintAddress) ?? [];
  const rentMinimum = rentExemptLamports(0);
  let distributor = { lamports: 0n, rentExemptLamports: rentMinimum, undeliveredLamports: 0n, unsoldTokens: 0n };
  if (campaign.distributorWallet) {
    const { lamports, tokens } = await chainHoldings(chain)(new PublicKey(campaign.distributorWallet).toBase58(), mintAddress);
    distributor = { lamports, rentExemptLamports: rentMinimum, undeliveredLamports: lamports > rentMinimum ? lamports - rentMinimum : 0n, unsoldTokens: tokens };
  }
  return {
    tokenAddress: mintAddress,
    slot: BigInt(slot),
    wallets: { distributor: campaign.distributorWallet, donation: campaign.donationWallet, treasury: treasury.publicKey.toBase58() },
    mint,
    withheld: {
      inMint: mint?.transferFee?.withheldInMint ?? 0n,
      inAccounts: accounts.reduce((sum, a) => sum + a.withheld, 0n),
      accounts: accounts.length,
    },
    distributor,
    totals,
    runs,
    claims,
  };
}

/**
 * What a DBC campaign's trades earned the cause and the platform, and what the chain shows still to
 * claim; null for a custodial one. The platform's share accrues on the curve only (DBC's partner
 * fee; the DAMM v2 pool's fee is all the locked position's, the cause's): what its runs claimed
 * plus what the pool holds for it now. The cause's is the rest of what the trades earned.
 */
async function dbcClaims(services: Services, campaign: ProofCampaign): Promise<CampaignProof['claims']> {
  const [pool] = await services.db.select().from(curvePools).where(eq(curvePools.mint, campaign.tokenAddress));
  if (!pool || pool.program !== 'dbc') return null;
  const r = distributionRuns;
  const [[row], [platformRow]] = await Promise.all([
    services.db.select({ accrued: sql<string>`coalesce(sum(${curveTrades.feeLamports} - ${curveTrades.protocolFeeLamports}), 0)::text` })
      .from(curveTrades).where(eq(curveTrades.mint, campaign.tokenAddress)),
    services.db.select({ claimed: sql<string>`coalesce(sum(${r.platformFeeLamports}), 0)::text` })
      .from(r).where(and(eq(r.campaignId, campaign.id), eq(r.kind, 'partner_claim'), eq(r.state, 'paid'))),
  ]);
  const { connection } = services.chain;
  const state = (await readVirtualPool(connection, new PublicKey(pool.poolWallet)))?.poolState;
  let unclaimed = state ? BigInt(state.creatorQuoteFee.toString()) : 0n;
  if (pool.dammPool && campaign.distributorWallet) unclaimed += await pendingPositionFee(connection, new PublicKey(pool.dammPool), new PublicKey(campaign.distributorWallet));
  const claimed = BigInt(platformRow!.claimed);
  const platformUnclaimed = state ? BigInt(state.partnerQuoteFee.toString()) : 0n;
  const platform = { accruedLamports: claimed + platformUnclaimed, claimedLamports: claimed, unclaimedLamports: platformUnclaimed };
  return { accruedLamports: BigInt(row!.accrued) - platform.accruedLamports, unclaimedLamports: unclaimed, platform };
}
