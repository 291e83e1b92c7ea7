// What follows a committed curve trade, registered on services.trading at start-up:
// the campaign row's market columns (and is_bonded on graduation), the trader's
// 'made_trade' session activity, the market and chart-marker caches, and a live event for browsers.

import { eq, or, sql, type SQL } from 'drizzle-orm';
import { bondingProgressPercent, marketCapLamports } from '../../core/curve';
import { recordSessionActivity } from '../commands/recordSessionActivity';
import { campaigns, curveTrades } from '../db/schema';
import { backersSql } from '../donations/totals';
import type { Services } from '../services';
import type { TradeEvent } from '../curve/tradeBus';
import { readHolders } from './holders';
import { markersOf } from './markers';
import { notifyGraduated } from '../notifications/facts';
import { marketOf } from './service';

/** Live event types (app/api/liveEvents.ts maps them to query invalidations); curve_trade names a mint's newest trade, one per burst. */
export const TRADE_EVENT = 'curve_trade';
export const GRADUATED_EVENT = 'curve_graduated';

const DAY_MS = 86_400_000;

function campaignOf(event: TradeEvent): SQL | undefined {
  return event.campaignId === null
    ? eq(campaigns.tokenAddress, event.mint)
    : or(eq(campaigns.id, event.campaignId), eq(campaigns.tokenAddress, event.mint));
}

/**
 * The campaign's holder count and circulating supply (core/holders.ts) from a scan of the
 * mint's token accounts: lists and cards read the count from the row, a cluster's comment
 * badges the supply. A failed scan keeps the last figures.
 */
export async function updateCampaignHolders(services: Services, event: TradeEvent): Promise<void> {
  const counted = await readHolders(services, event.mint).catch((err: unknown) => {
    services.log.warn({ err, mint: event.mint }, 'holders scan failed');
    return null;
  });
  if (counted !== null) {
    await services.db.update(campaigns).set({ holders: counted.count, cachedHolders: counted.count, circulatingTokens: counted.circulatingTokens })
      .where(campaignOf(event));
  }
}

/**
 * The campaign's cached market columns from the committed state, in one statement.
 * `recountBackers: false` when none of the trades since the last update was a buy: a sell
 * changes no wallet's donations plus buys, so not the backers either.
 */
export async function updateCampaignMarket(services: Services, event: TradeEvent, { recountBackers = true } = {}): Promise<void> {
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
    // A trader is a backer (so is a direct donor: the donation indexer counts the same way).
    ...(recountBackers ? { backers: backersSql(services.env.BACKER_MIN_LAMPORTS) } : {}),
    // Once bonded, always bonded: a sell after graduation does not undo it.
    ...(event.state.complete ? { isBonded: true } : {}),
  }).where(campaignOf(event));
}

/**
 * A mint's campaign row and `curve_trade` event are refreshed at most once per this
 * interval however fast it trades: a trade after a quiet spell at once, the trades of a
 * burst together when the interval since the last refresh has passed (the newest state,
 * the backers recounted if any of them was a buy). Per trade they cost more database time
 * than the trade itself, and every event makes browsers refetch and clears list caches.
 */
export const CAMPAIGN_REFRESH_MS = 250;

type Queued = { event: TradeEvent; bought: boolean };
type HookState = { pending: Set<Promise<void>>; latest: Map<string, Queued>; refreshing: Set<string>; lastRefresh: Map<string, number> };
const states = new WeakMap<Services, HookState>();

/**
 * Resolves once every trade hook started so far has finished (tests, shutdown). The
 * per-trade work runs after the execute response, off the pool's send lock: the trade is
 * already committed, and the next trader should not wait for bookkeeping.
 */
export async function tradeHooksIdle(services: Services): Promise<void> {
  const state = states.get(services);
  while (state && state.pending.size > 0) await Promise.all([...state.pending]);
}

export function registerTradeHooks(services: Services): void {
  const state: HookState = { pending: new Set(), latest: new Map(), refreshing: new Set(), lastRefresh: new Map() };
  states.set(services, state);
  const track = (work: Promise<void>) => {
    const tracked = work.catch((err: unknown) => services.log.error({ err }, 'trade hook failed')).finally(() => state.pending.delete(tracked));
    state.pending.add(tracked);
  };
  // Only the newest state of a mint matters to its campaign row and to browsers (they
  // refetch): trades that commit while one refresh runs or waits are folded into the next
  // one, and the event goes out after the row is written, so a refetch sees it.
  const refreshCampaign = (event: TradeEvent) => {
    const { mint } = event;
    state.latest.set(mint, { event, bought: state.latest.get(mint)?.bought === true || event.side === 'buy' });
    if (state.refreshing.has(mint)) return;
    state.refreshing.add(mint);
    track((async () => {
      try {
        while (state.latest.has(mint)) {
          const wait = (state.lastRefresh.get(mint) ?? -Infinity) + CAMPAIGN_REFRESH_MS - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const next = state.latest.get(mint)!;
          state.latest.delete(mint);
          state.lastRefresh.set(mint, performance.now());
          await updateCampaignMarket(services, next.event, { recountBackers: next.bought });
          await updateCampaignHolders(services, next.event);
          await services.events.publish({
            type: TRADE_EVENT, mint, campaignId: next.event.campaignId, side: next.event.side, signature: next.event.signature,
            wallet: next.event.wallet, graduated: next.event.graduated,
          });
        }
      } finally {
        state.refreshing.delete(mint);
        if (state.lastRefresh.size > 10_000) forgetQuiet(state.lastRefresh);
      }
    })());
  };

  services.trades.onTrade((event) => {
    marketOf(services).invalidate(event.mint);
    markersOf(services).invalidate(event.mint);
    refreshCampaign(event);
    track(recordSessionActivity(services.db, event.wallet, 'made_trade', services.now()).then(() => {}));
  });
  // Graduation is rare and is part of the completing step: is_bonded is set before the
  // completing trade's execute answers.
  services.trades.onGraduated(async (event) => {
    await services.db.update(campaigns).set({ isBonded: true, bondingCurveProgress: '100.00', cachedBondingProgress: '100.00' })
      .where(campaignOf(event));
    await services.events.publish({ type: GRADUATED_EVENT, mint: event.mint, campaignId: event.campaignId });
    if (event.campaignId !== null) await notifyGraduated(services, event.campaignId);
  });
}

/** Drops the mints whose last refresh is over an interval old: their next trade refreshes at once anyway. */
function forgetQuiet(lastRefresh: Map<string, number>): void {
  const now = performance.now();
  for (const [mint, at] of lastRefresh) if (now - at >= CAMPAIGN_REFRESH_MS) lastRefresh.delete(mint);
}
