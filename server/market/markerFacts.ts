// The rows behind a token's chart markers, each read by an index: the creator's trades
// (curve_trades_wallet), the largest other trades (curve_trades_mint_sol), the paid
// distributor runs (distribution_runs_campaign_idx) and the trade that filled the curve.

import { and, asc, desc, eq, gte, lte, ne, notInArray, or } from 'drizzle-orm';
import { MARKER_CAPS } from '../../core/chartMarkers';
import type { Db } from '../db/client';
import { campaigns, curveTrades, distributionRuns, launchRequests } from '../db/schema';
import type { PoolRow } from '../curve/pools';

export type MarkerTrade = { signature: string; side: 'buy' | 'sell'; solLamports: bigint; tokens: bigint; blockTime: Date };
export type MarkerFacts = {
  /** The creator's own trades, and the launch's initial buy (paid by the funding wallet for them): `initial` marks it. */
  creatorTrades: (MarkerTrade & { initial: boolean })[];
  largeTrades: MarkerTrade[];
  payouts: { lamports: bigint; paidAt: Date; signature: string | null }[];
  graduation: { time: Date; signature: string | null } | null;
};

const tradeColumns = {
  signature: curveTrades.signature, side: curveTrades.side, solLamports: curveTrades.solLamports,
  tokensSent: curveTrades.tokensSent, tokensReceived: curveTrades.tokensReceived, blockTime: curveTrades.blockTime,
};
type TradeRow = { signature: string; side: string; solLamports: bigint; tokensSent: bigint; tokensReceived: bigint; blockTime: Date };
// What the person ended up with (a buy: after the fee) or gave up (a sell).
const toTrade = (r: TradeRow): MarkerTrade => ({
  signature: r.signature, side: r.side as MarkerTrade['side'], solLamports: r.solLamports,
  tokens: r.side === 'buy' ? r.tokensReceived : r.tokensSent, blockTime: r.blockTime,
});

// The commit that fills the curve stamps graduated_at with the trade row's created_at; the
// trade's block time (what candles use) is close to it, so an hour either side finds it by index.
const GRADUATION_WINDOW_MS = 3_600_000;

export async function readMarkerFacts(db: Db, pool: PoolRow): Promise<MarkerFacts> {
  const mint = pool.mint;
  const [campaign] = await db.select({ id: campaigns.id, creator: campaigns.creatorWallet, distributor: campaigns.distributorWallet })
    .from(campaigns).where(pool.campaignId === null ? eq(campaigns.tokenAddress, mint) : eq(campaigns.id, pool.campaignId));
  const [launch] = await db.select({ buySignature: launchRequests.buySignature }).from(launchRequests).where(eq(launchRequests.mint, mint));
  const initialBuy = launch?.buySignature ?? null;
  // Neither the creator's trades nor the distributor's fee sales count as 'large trades'.
  const excluded = [campaign?.creator, campaign?.distributor].filter((w): w is string => !!w);

  const [creatorRows, largeRows, payoutRows, graduation] = await Promise.all([
    campaign
      ? db.select(tradeColumns).from(curveTrades)
        .where(and(eq(curveTrades.mint, mint), or(eq(curveTrades.wallet, campaign.creator), initialBuy ? eq(curveTrades.signature, initialBuy) : undefined)))
        .orderBy(desc(curveTrades.blockTime), desc(curveTrades.signature)).limit(MARKER_CAPS.creator)
      : [],
    db.select(tradeColumns).from(curveTrades)
      .where(and(eq(curveTrades.mint, mint), excluded.length ? notInArray(curveTrades.wallet, excluded) : undefined,
        initialBuy ? ne(curveTrades.signature, initialBuy) : undefined))
      .orderBy(desc(curveTrades.solLamports), desc(curveTrades.signature)).limit(MARKER_CAPS.largeTrades),
    campaign
      ? db.select({ lamports: distributionRuns.donationLamports, paidAt: distributionRuns.paidAt, signature: distributionRuns.payoutSignature })
        .from(distributionRuns).where(and(eq(distributionRuns.campaignId, campaign.id), eq(distributionRuns.state, 'paid')))
        .orderBy(desc(distributionRuns.createdAt)).limit(MARKER_CAPS.payout)
      : [],
    graduationOf(db, pool),
  ]);
  return {
    creatorTrades: creatorRows.map((r) => ({ ...toTrade(r), initial: r.signature === initialBuy })),
    largeTrades: largeRows.map(toTrade),
    payouts: payoutRows.flatMap((r) => (r.paidAt && r.lamports && r.lamports > 0n ? [{ lamports: r.lamports, paidAt: r.paidAt, signature: r.signature }] : [])),
    graduation,
  };
}

async function graduationOf(db: Db, pool: PoolRow): Promise<MarkerFacts['graduation']> {
  const at = pool.graduatedAt;
  if (!at) return null;
  const window = [
    eq(curveTrades.mint, pool.mint),
    gte(curveTrades.blockTime, new Date(at.getTime() - GRADUATION_WINDOW_MS)),
    lte(curveTrades.blockTime, new Date(at.getTime() + GRADUATION_WINDOW_MS)),
  ];
  // A DBC pool's graduated_at is the filling swap's block time (indexSwaps.ts), which other swaps of that
  // second share: the filling swap is the first whose pool reserve after it reached the threshold.
  const [trade] = pool.program === 'dbc'
    ? await db.select({ signature: curveTrades.signature, blockTime: curveTrades.blockTime }).from(curveTrades)
      .where(and(...window, gte(curveTrades.realSolAfter, pool.thresholdLamports)))
      .orderBy(asc(curveTrades.blockTime), asc(curveTrades.slot), asc(curveTrades.swapIndex)).limit(1)
    : await db.select({ signature: curveTrades.signature, blockTime: curveTrades.blockTime }).from(curveTrades)
      .where(and(...window, eq(curveTrades.createdAt, at))).limit(1);
  return trade ? { time: trade.blockTime, signature: trade.signature } : { time: at, signature: null };
}
