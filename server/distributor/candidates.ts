// The campaigns a run starts on: a pool, a donation wallet, a distributor wallet whose
// key is ours, fees withheld somewhere, and a payout worth its network fees.

import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { quoteSellAfterFee } from '../../core/curve';
import { splitPayout } from '../../core/distribution';
import { decodeCampaignMint, readCampaignMint } from '../chain/token';
import { campaigns, curvePools, distributionRuns } from '../db/schema';
import type { Services } from '../services';
import { chainHoldings, transferFeeOfPool } from '../trading';
import { findWithheldAccounts, type WithheldAccount } from './withheld';

export type Candidate = {
  campaignId: number; mint: string; distributorWallet: string; donationWallet: string;
  /** Fee tokens in the accounts, the mint and the distributor's token account. */
  tokens: bigint;
  estimatedDonation: bigint;
};

export type CandidateScan = {
  due: Candidate[];
  belowFloor: Candidate[];
  /** The pass's one scan of the token accounts: per mint (candidates' and `alsoScan`'s), those holding withheld fees. */
  withheld: Map<string, WithheldAccount[]>;
};

export async function withheldInMint(services: Services, mint: string): Promise<bigint> {
  const { ledger, connection } = services.chain;
  const account = ledger?.getAccount(mint);
  const decoded = ledger ? account && decodeCampaignMint(mint, account) : await readCampaignMint(connection, mint);
  return decoded?.transferFee?.withheldInMint ?? 0n;
}

/**
 * The campaigns due a run. `alsoScan` (the mints of unfinished runs) joins the one scan of
 * the token accounts, so every run of the pass harvests from it instead of scanning again.
 */
export async function scanCandidates(services: Services, minPayoutLamports: bigint, alsoScan: string[] = []): Promise<CandidateScan> {
  const rows = await services.db.select({
    campaignId: campaigns.id, mint: campaigns.tokenAddress, distributorWallet: campaigns.distributorWallet,
    donationWallet: campaigns.donationWallet, pool: curvePools,
  }).from(campaigns)
    .innerJoin(curvePools, eq(curvePools.mint, campaigns.tokenAddress))
    // A DBC pool's fees are claimed, not withheld and sold (dbcCandidates.ts).
    .where(and(eq(curvePools.program, 'custodial'), isNotNull(campaigns.distributorWallet), isNotNull(campaigns.donationWallet), ne(campaigns.donationWallet, '')));
  const open = new Set((await services.db.select({ campaignId: distributionRuns.campaignId }).from(distributionRuns)
    .where(ne(distributionRuns.state, 'paid'))).map((r) => r.campaignId));
  const todo = rows.filter((r) => !open.has(r.campaignId) && isAddress(r.donationWallet!));
  const withheld = await findWithheldAccounts(services.chain, [...todo.map((r) => r.mint!), ...alsoScan]);
  const holdings = chainHoldings(services.chain);
  const out: CandidateScan = { due: [], belowFloor: [], withheld };
  for (const row of todo) {
    const mint = row.mint!;
    const inAccounts = (withheld.get(mint) ?? []).reduce((sum, a) => sum + a.withheld, 0n);
    const tokens = inAccounts + await withheldInMint(services, mint) + (await holdings(row.distributorWallet!, mint)).tokens;
    if (tokens === 0n) continue;
    if (!await ownsKey(services, row.distributorWallet!)) continue;
    const candidate: Candidate = {
      campaignId: row.campaignId, mint, distributorWallet: row.distributorWallet!, donationWallet: row.donationWallet!,
      tokens, estimatedDonation: await estimateDonation(services, mint, tokens, row.pool),
    };
    (candidate.estimatedDonation >= minPayoutLamports ? out.due : out.belowFloor).push(candidate);
  }
  return out;
}

/** What selling `tokens` now would give the donation wallet (0 when the pool cannot take them). */
async function estimateDonation(services: Services, mint: string, tokens: bigint, pool: typeof curvePools.$inferSelect): Promise<bigint> {
  try {
    const state = await services.trading.book.reservedState(mint, 'sell');
    return splitPayout(quoteSellAfterFee(state, tokens, transferFeeOfPool(pool)).solOut).donation;
  } catch (err) {
    if (err instanceof RangeError) return 0n;
    throw err;
  }
}

async function ownsKey(services: Services, wallet: string): Promise<boolean> {
  try {
    await services.keys.load(wallet);
    return true;
  } catch {
    return false;
  }
}

function isAddress(value: string): boolean {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}
