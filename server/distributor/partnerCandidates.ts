// The platform's share of the campaigns' DBC pool fees (issue 36): the pools whose partner fee,
// read from the chain, is worth a claim, and their journaled runs (kind 'partner_claim', beside
// the cause's own runs: steps/partnerClaim.ts claims to the treasury).

import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { curvePartner } from '../curve/configs';
import { dbcClientOf } from '../curve/clients';
import { readVirtualPools } from '../curve/virtualPool';
import { curvePools, distributionRuns } from '../db/schema';
import type { Services } from '../services';

// Rows per insert (ten parameters a row, far below PostgreSQL's 65,535), as the distributor's own inserts.
const INSERT_CHUNK = 500;

export type PartnerCandidate = {
  campaignId: number;
  mint: string;
  /** The partner key: the fee claimer of the pool's config, which signs the claim. */
  partner: string;
  /** What the pool shows accrued to the partner now. */
  accrued: bigint;
};

/**
 * The campaigns' DBC pools with a partner fee to claim: under one of the platform's configs
 * (its fee claimer the partner key, a platform share above 0: each config read once a pass, and
 * pools under any other are not read at all), no unfinished claim of the platform's, and at
 * least `minPayoutLamports` accrued (below it, counted but left to accrue).
 */
export async function scanPartnerCandidates(services: Services, minPayoutLamports: bigint): Promise<{ due: PartnerCandidate[]; belowFloor: PartnerCandidate[] }> {
  const out: { due: PartnerCandidate[]; belowFloor: PartnerCandidate[] } = { due: [], belowFloor: [] };
  const rows = await services.db.select({ campaignId: curvePools.campaignId, mint: curvePools.mint, pool: curvePools.poolWallet, config: curvePools.dbcConfig })
    .from(curvePools).where(and(eq(curvePools.program, 'dbc'), isNotNull(curvePools.campaignId)));
  if (rows.length === 0) return out;
  const open = new Set((await services.db.select({ campaignId: distributionRuns.campaignId }).from(distributionRuns)
    .where(and(eq(distributionRuns.kind, 'partner_claim'), ne(distributionRuns.state, 'paid')))).map((r) => r.campaignId));
  const { connection } = services.chain;
  const partner = (await curvePartner(services)).publicKey;
  const takesShare = new Map<string, Promise<boolean>>();
  const ours = (config: string) => {
    let known = takesShare.get(config);
    if (!known) {
      takesShare.set(config, known = dbcClientOf(connection).state.getPoolConfig(config)
        .then((c) => c !== null && c.feeClaimer.equals(partner) && c.creatorTradingFeePercentage < 100));
    }
    return known;
  };
  const scanned: typeof rows = [];
  for (const row of rows) if (!open.has(row.campaignId) && (!row.config || await ours(row.config))) scanned.push(row);
  const pools = await readVirtualPools(connection, scanned.map((row) => new PublicKey(row.pool)));
  for (const [i, row] of scanned.entries()) {
    const state = pools[i]?.poolState;
    const accrued = state ? BigInt(state.partnerQuoteFee.toString()) : null;
    if (!accrued) continue;
    const candidate = { campaignId: row.campaignId!, mint: row.mint, partner: partner.toBase58(), accrued };
    (accrued >= minPayoutLamports ? out.due : out.belowFloor).push(candidate);
  }
  return out;
}

/**
 * One 'partner_claim' run per candidate, started (the unique index on unfinished partner runs
 * skips a campaign another pass just started). The run's distributor wallet is the partner key
 * (the drive loads it as the run's signer); no donation wallet: it pays the treasury.
 */
export async function insertPartnerClaimRuns(services: Services, due: PartnerCandidate[], treasury: string): Promise<{ id: string; mint: string }[]> {
  const fresh: { id: string; mint: string }[] = [];
  for (let i = 0; i < due.length; i += INSERT_CHUNK) {
    fresh.push(...await services.db.insert(distributionRuns).values(due.slice(i, i + INSERT_CHUNK).map((c) => ({
      id: randomUUID(), kind: 'partner_claim' as const, campaignId: c.campaignId, mint: c.mint, distributorWallet: c.partner,
      donationWallet: '', treasuryWallet: treasury, estimatedDonationLamports: 0n, createdAt: services.now(), updatedAt: services.now(),
    }))).onConflictDoNothing().returning({ id: distributionRuns.id, mint: distributionRuns.mint }));
  }
  return fresh;
}
