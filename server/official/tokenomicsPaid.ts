// What each tokenomics line has actually paid, from the official token's paid distribution
// runs: SOL per line with the latest transaction that paid it, tokens burned by buybacks,
// and the latest charity payouts by name.

import { and, desc, eq } from 'drizzle-orm';
import { distributionRuns } from '../db/schema';
import type { Services } from '../services';

export type LinePaid = { lamports: bigint; latestSignature: string | null };
export type CharityPayout = { name: string; wallet: string; lamports: bigint; signature: string | null; paidAt: Date | null };
export type TokenomicsPaid = {
  holders: LinePaid; buyback: LinePaid; charity: LinePaid; platform: LinePaid;
  burnedTokens: bigint; runs: number; lastPaidAt: Date | null; charityPayouts: CharityPayout[];
};

const RECENT_CHARITY_PAYOUTS = 5;

export async function tokenomicsPaid(services: Services): Promise<TokenomicsPaid> {
  // Newest first; one row per run every 10 minutes keeps this small for years.
  const runs = await services.db.select({
    holderPaid: distributionRuns.holderPaidLamports, buyback: distributionRuns.buybackLamports, buybackTokens: distributionRuns.buybackTokens,
    charity: distributionRuns.charityLamports, charityName: distributionRuns.charityName, charityWallet: distributionRuns.charityWallet,
    platform: distributionRuns.platformFeeLamports, txs: distributionRuns.txs, buybackSignature: distributionRuns.buybackSignature,
    burnSignature: distributionRuns.burnSignature, payoutSignature: distributionRuns.payoutSignature, paidAt: distributionRuns.paidAt,
  }).from(distributionRuns).where(and(eq(distributionRuns.kind, 'official'), eq(distributionRuns.state, 'paid')))
    .orderBy(desc(distributionRuns.paidAt));
  const line = (amount: (r: typeof runs[number]) => bigint | null, signature: (r: typeof runs[number]) => string | null): LinePaid => ({
    lamports: runs.reduce((sum, r) => sum + (amount(r) ?? 0n), 0n),
    latestSignature: runs.map((r) => ((amount(r) ?? 0n) > 0n ? signature(r) : null)).find((s) => s !== null) ?? null,
  });
  return {
    holders: line((r) => r.holderPaid, (r) => r.txs.filter((tx) => tx.step === 'holders').at(-1)?.signature ?? null),
    buyback: line((r) => r.buyback, (r) => r.buybackSignature),
    charity: line((r) => r.charity, (r) => r.payoutSignature),
    platform: line((r) => r.platform, (r) => r.payoutSignature),
    burnedTokens: runs.reduce((sum, r) => sum + (r.burnSignature ? r.buybackTokens ?? 0n : 0n), 0n),
    runs: runs.length,
    lastPaidAt: runs[0]?.paidAt ?? null,
    charityPayouts: runs.filter((r) => (r.charity ?? 0n) > 0n && r.charityName).slice(0, RECENT_CHARITY_PAYOUTS).map((r) => ({
      name: r.charityName!, wallet: r.charityWallet!, lamports: r.charity!, signature: r.payoutSignature, paidAt: r.paidAt,
    })),
  };
}
