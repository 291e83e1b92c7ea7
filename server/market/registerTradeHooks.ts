// What follows a committed curve trade, registered on services.trading at start-up:
// the campaign row's market columns (and is_bonded on graduation), the trader's
// 'made_trade' session activity, the market cache, and a live event for browsers.

import { eq, or, sql, type SQL } from 'drizzle-orm';
import { bondingProgressPercent, marketCapLamports } from '../../core/curve';
import { recordSessionActivity } from '../commands/recordSessionActivity';
import { campaigns, curveTrades } from '../db/schema';
import type { Services } from '../services';
import type { TradeEvent } from '../trading';
import { marketOf } from './service';

/** Live event types (app/api/liveEvents.ts maps them to query invalidations). */
export const TRADE_EVENT = 'curve_trade';
export const GRADUATED_EVENT = 'curve_graduated';

const DAY_MS = 86_400_000;

function campaignOf(event: TradeEvent): SQL | undefined {
  return event.campaignId === null
    ? eq(campaigns.tokenAddress, event.mint)
    : or(eq(campaigns.id, event.campaignId), eq(campaigns.tokenAddress, event.mint));
}

/** The campaign's cached market columns from the committed state, in one statement. */
export async function updateCampaignMarket(services: Services, event: TradeEvent): Promise<void> {
  const now = services.now();
  const cap = marketCapLamports(event.state);
  const progress = bondingProgressPercent(event.state).toFixed(2);
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const volume = sql`(select coalesce(sum(${curveTrades.solLamports}), 0) from ${curveTrades}
    where ${curveTrades.mint} = ${event.mint} and ${curveTrades.blockTime} > ${dayAgo}::timestamptz)`;
  await services.db.update(campaigns).set({
    marketCapLamports: cap,
    cachedMarketCapLamports: cap,
    bondingCurveProgress: progress,
    cachedBondingProgress: progress,
    cachedVolume24hLamports: volume,
    marketDataUpdatedAt: now,
    // Once bonded, always bonded: a sell after graduation does not undo it.
    ...(event.state.complete ? { isBonded: true } : {}),
  }).where(campaignOf(event));
}

export function registerTradeHooks(services: Services): void {
  services.trading.onTrade(async (event) => {
    marketOf(services).invalidate(event.mint);
    await updateCampaignMarket(services, event);
    await recordSessionActivity(services.db, event.wallet, 'made_trade', services.now());
    await services.events.publish({
      type: TRADE_EVENT, mint: event.mint, campaignId: event.campaignId, side: event.side, signature: event.signature,
      wallet: event.wallet, graduated: event.graduated,
    });
  });
  services.trading.onGraduated(async (event) => {
    // updateCampaignMarket already set is_bonded in the trade hook; this says so to browsers.
    await services.db.update(campaigns).set({ isBonded: true, bondingCurveProgress: '100.00', cachedBondingProgress: '100.00' })
      .where(campaignOf(event));
    await services.events.publish({ type: GRADUATED_EVENT, mint: event.mint, campaignId: event.campaignId });
  });
}
