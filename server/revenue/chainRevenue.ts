import { and, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import { campaigns, distributionRuns, launchRequests } from '../db/schema';
import type { Services } from '../services';

export type RevenueSource = 'creation_fee' | 'distributor_fee';

/** One transaction that paid the treasury, with the amount the chain says it received. */
export type RevenueEntry = {
  source: RevenueSource;
  signature: string;
  campaignId: number | null;
  tokenAddress: string;
  ticker: string | null;
  name: string | null;
  lamports: bigint;
  at: Date;
};

export type RevenueRange = { from?: Date; to?: Date };

type Landed = { lamports: bigint; at: Date | null };

// A landed transaction never changes: each signature is read from the chain once per process.
const landed = new Map<string, Landed>();
const READ_CONCURRENCY = 8;

/** The treasury's balance change in one transaction, read back from the chain (null when it is not there). */
async function treasuryDelta(services: Services, treasury: string, signature: string): Promise<Landed | null> {
  const key = `${treasury}:${signature}`;
  const cached = landed.get(key);
  if (cached) return cached;
  const tx = await services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx?.meta || tx.meta.err) return null;
  const keys = tx.transaction.message.getAccountKeys().staticAccountKeys;
  const index = keys.findIndex((k) => k.toBase58() === treasury);
  const lamports = index < 0 ? 0n : BigInt(tx.meta.postBalances[index]!) - BigInt(tx.meta.preBalances[index]!);
  const result = { lamports, at: tx.blockTime ? new Date(tx.blockTime * 1000) : null };
  landed.set(key, result);
  return result;
}

function within(column: Parameters<typeof gte>[0], range: RevenueRange): SQL[] {
  return [
    ...(range.from ? [gte(column, range.from)] : []),
    ...(range.to ? [lt(column, range.to)] : []),
  ];
}

/**
 * The platform's revenue as the chain shows it: the creation fee each launch swept into
 * the treasury and the platform fee (20%) each distributor payout sent there. The database
 * only says which signatures to read; every amount is the treasury's balance change.
 */
export async function platformRevenue(services: Services, range: RevenueRange = {}): Promise<RevenueEntry[]> {
  const treasury = (await services.keys.treasury()).publicKey.toBase58();
  const [sweeps, payouts] = await Promise.all([
    services.db.select({
      signature: launchRequests.sweepSignature, mint: launchRequests.mint, at: launchRequests.updatedAt,
      campaignId: launchRequests.campaignId, ticker: campaigns.ticker, name: campaigns.name,
    }).from(launchRequests).leftJoin(campaigns, eq(campaigns.id, launchRequests.campaignId))
      .where(and(isNotNull(launchRequests.sweepSignature), ...within(launchRequests.updatedAt, range))),
    services.db.select({
      signature: distributionRuns.payoutSignature, mint: distributionRuns.mint, at: distributionRuns.paidAt,
      campaignId: distributionRuns.campaignId, ticker: campaigns.ticker, name: campaigns.name,
    }).from(distributionRuns).leftJoin(campaigns, eq(campaigns.id, distributionRuns.campaignId))
      .where(and(eq(distributionRuns.state, 'paid'), isNotNull(distributionRuns.payoutSignature), ...within(distributionRuns.paidAt, range))),
  ]);
  const rows = [
    ...sweeps.map((r) => ({ ...r, source: 'creation_fee' as const })),
    ...payouts.map((r) => ({ ...r, source: 'distributor_fee' as const })),
  ];
  const entries: RevenueEntry[] = [];
  for (let i = 0; i < rows.length; i += READ_CONCURRENCY) {
    const batch = rows.slice(i, i + READ_CONCURRENCY);
    const deltas = await Promise.all(batch.map((r) => treasuryDelta(services, treasury, r.signature!)));
    batch.forEach((r, j) => {
      const delta = deltas[j];
      if (!delta || delta.lamports <= 0n) return;
      entries.push({
        source: r.source, signature: r.signature!, campaignId: r.campaignId, tokenAddress: r.mint,
        ticker: r.ticker, name: r.name, lamports: delta.lamports, at: delta.at ?? r.at ?? new Date(0),
      });
    });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
