// Market data of curve tokens: figures, progress, trade history, and the trade hooks.
export { MARKET_CACHE_MS, marketOf, type MarketService } from './service';
export { bondingLabel, isqrt, presentCurveProgress, sqrtPriceQ64 } from './progress';
export { listCandles, listTrades } from './history';
export { markersOf, type MarkersService } from './markers';
export { holderBalances, platformAddressesIn, readHolders, type HolderBook } from './holders';
export { GRADUATED_EVENT, TRADE_EVENT, registerTradeHooks, tradeHooksIdle, updateCampaignMarket } from './registerTradeHooks';
