import { and, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { campaigns, distributionRuns, launchRequests, officialToken, revenueEntries } from '../db/schema';
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
  /** The platform's official token (no campaign row: its page is /official-token). */
  official: boolean;
  lamports: bigint;
  at: Date;
};

export type RevenueRange = { from?: Date; to?: Date };

type Landed = { lamports: bigint; at: Date | null };

const READ_CONCURRENCY = 8;

/** The treasury's balance change in one transaction, read back from the chain (null when it is not there, or failed). */
async function readTreasuryDelta(services: Services, treasury: string, signature: string): Promise<Landed | null> {
  const tx = await services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx?.meta || tx.meta.err) return null;
  const keys = tx.transaction.message.getAccountKeys().staticAccountKeys;
  const index = keys.findIndex((k) => k.toBase58() === treasury);
  const lamports = index < 0 ? 0n : BigInt(tx.meta.postBalances[index]!) - BigInt(tx.meta.preBalances[index]!);
  return { lamports, at: tx.blockTime ? new Date(tx.blockTime * 1000) : null };
}

/**
 * Each signature's treasury change: from revenue_entries when it was read before (by this
 * process before a restart, or by another), else from the chain, stored as it is read. A
 * landed transaction never changes, so a stored row is final; a signature the chain does not
 * show (yet) is not stored and is asked again next time. Each row is inserted on its own
 * (a crash keeps what was read), and a second reader's insert of the same signature is a no-op.
 */
async function treasuryDeltas(services: Services, treasury: string, signatures: string[]): Promise<Map<string, Landed>> {
  const known = new Map<string, Landed>();
  const unique = [...new Set(signatures)];
  if (unique.length === 0) return known;
  const stored = await services.db.select().from(revenueEntries)
    .where(and(inArray(revenueEntries.signature, unique), eq(revenueEntries.treasury, treasury)));
  for (const row of stored) known.set(row.signature, { lamports: row.lamports, at: row.blockTime });
  const missing = unique.filter((signature) => !known.has(signature));
  for (let i = 0; i < missing.length; i += READ_CONCURRENCY) {
    await Promise.all(missing.slice(i, i + READ_CONCURRENCY).map(async (signature) => {
      const delta = await readTreasuryDelta(services, treasury, signature);
      if (!delta) return;
      await services.db.insert(revenueEntries).values({ signature, treasury, lamports: delta.lamports, blockTime: delta.at }).onConflictDoNothing();
      known.set(signature, delta);
    }));
  }
  return known;
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
 * only says which signatures to read; every amount is the treasury's balance change, read
 * from the chain once per signature and kept in revenue_entries.
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
  // The official token has no campaign row: it is named as its own page names it.
  const [official] = await services.db.select({ tokenAddress: officialToken.tokenAddress, name: officialToken.name, symbol: officialToken.symbol }).from(officialToken).limit(1);
  const deltas = await treasuryDeltas(services, treasury, rows.map((r) => r.signature!));
  const entries: RevenueEntry[] = [];
  for (const r of rows) {
    const delta = deltas.get(r.signature!);
    if (!delta || delta.lamports <= 0n) continue;
    entries.push({
      source: r.source, signature: r.signature!, campaignId: r.campaignId, tokenAddress: r.mint,
      ...(r.campaignId === null && official && r.mint === official.tokenAddress
        ? { ticker: official.symbol, name: official.name, official: true }
        : { ticker: r.ticker, name: r.name, official: false }),
      lamports: delta.lamports, at: delta.at ?? r.at ?? new Date(0),
    });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
