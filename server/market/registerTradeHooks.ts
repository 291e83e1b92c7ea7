// What follows a committed curve trade, registered on services.trading at start-up:
// the campaign row's market columns (and is_bonded on graduation), the trader's
// 'made_trade' session activity, the market cache, and a live event for browsers.

import { eq, or, sql, type SQL } from 'drizzle-orm';
import { bondingProgressPercent, marketCapLamports } from '../../core/curve';
import { recordSessionActivity } from '../commands/recordSessionActivity';
import { campaigns, curveTrades } from '../db/schema';
import { backersSql } from '../donations/totals';
import type { Services } from '../services';
import type { TradeEvent } from '../trading';
import { countHolders } from './holders';
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
 * The campaign's holder count from a scan of the mint's token accounts: lists and cards
 * read it from the row. A failed scan keeps the last count.
 */
export async function updateCampaignHolders(services: Services, event: TradeEvent): Promise<void> {
  const holders = await countHolders(services.chain.connection, event.mint).catch((err: unknown) => {
    services.log.warn({ err, mint: event.mint }, 'holders scan failed');
    return null;
  });
  if (holders !== null) await services.db.update(campaigns).set({ holders, cachedHolders: holders }).where(campaignOf(event));
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
    // A trader is a backer (so is a direct donor: the donation indexer counts the same way).
    backers: backersSql(services.env.BACKER_MIN_LAMPORTS),
    // Once bonded, always bonded: a sell after graduation does not undo it.
    ...(event.state.complete ? { isBonded: true } : {}),
  }).where(campaignOf(event));
}

type HookState = { pending: Set<Promise<void>>; latest: Map<string, TradeEvent>; refreshing: Set<string> };
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
  const state: HookState = { pending: new Set(), latest: new Map(), refreshing: new Set() };
  states.set(services, state);
  const track = (work: Promise<void>) => {
    const tracked = work.catch((err: unknown) => services.log.error({ err }, 'trade hook failed')).finally(() => state.pending.delete(tracked));
    state.pending.add(tracked);
  };
  // Only the newest state of a mint matters to its campaign row and to browsers (they
  // refetch): trades that commit while one update runs are folded into the next one, and
  // the event goes out after the row is written, so a refetch sees it.
  const refreshCampaign = (event: TradeEvent) => {
    state.latest.set(event.mint, event);
    if (state.refreshing.has(event.mint)) return;
    state.refreshing.add(event.mint);
    track((async () => {
      try {
        for (let next = state.latest.get(event.mint); next; next = state.latest.get(event.mint)) {
          state.latest.delete(event.mint);
          await updateCampaignMarket(services, next);
          await updateCampaignHolders(services, next);
          await services.events.publish({
            type: TRADE_EVENT, mint: next.mint, campaignId: next.campaignId, side: next.side, signature: next.signature,
            wallet: next.wallet, graduated: next.graduated,
          });
        }
      } finally {
        state.refreshing.delete(event.mint);
      }
    })());
  };

  services.trading.onTrade((event) => {
    marketOf(services).invalidate(event.mint);
    refreshCampaign(event);
    track(recordSessionActivity(services.db, event.wallet, 'made_trade', services.now()).then(() => {}));
  });
  // Graduation is rare and is part of the completing step: is_bonded is set before the
  // completing trade's execute answers.
  services.trading.onGraduated(async (event) => {
    await services.db.update(campaigns).set({ isBonded: true, bondingCurveProgress: '100.00', cachedBondingProgress: '100.00' })
      .where(campaignOf(event));
    await services.events.publish({ type: GRADUATED_EVENT, mint: event.mint, campaignId: event.campaignId });
  });
}
