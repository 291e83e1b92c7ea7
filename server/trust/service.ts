// One trust service per Services (a WeakMap, as marketOf): a campaign's facts and flags
// cached briefly per mint, dropped when a trade on that mint commits in this process, and
// in every process of a fleet when a live event says something they rest on changed.

import { trustFlags, type TrustFacts, type TrustFlag } from '../../core/trust';
import { DONATION_EVENT } from '../donations/indexer';
import { GRADUATED_EVENT, TRADE_EVENT } from '../market/registerTradeHooks';
import type { AppEvent } from '../events/hub';
import { notFound } from '../http/errors';
import { CAMPAIGN_NOT_FOUND } from '../policies/campaigns';
import type { Services } from '../services';
import { computeTrustFacts, trustCampaignByToken } from './trustFacts';

/**
 * How long an answer may be served without an event dropping it. Trades drop it at once;
 * wallet-to-wallet transfers raise no event, so this bounds how late they show (issue 23: 2 s).
 */
export const TRUST_CACHE_MS = 2_000;

export type TrustAnswer = { facts: TrustFacts; flags: TrustFlag[] };

export type TrustService = {
  /** The campaign's facts and flags; 404 'Campaign not found' for a token with no campaign. */
  get(tokenAddress: string): Promise<TrustAnswer>;
  invalidate(tokenAddress: string): void;
};

/** Events about one token (its address under `mint` or `tokenAddress`) and events that may touch any campaign's facts. */
const TOKEN_EVENTS = new Set([TRADE_EVENT, GRADUATED_EVENT, DONATION_EVENT, 'campaign_moderated', 'campaign_flagged']);
const GLOBAL_EVENTS = new Set(['donation_wallet_proved', 'verification_request_reviewed', 'charities_changed', 'campaign_created']);

const instances = new WeakMap<Services, TrustService>();

export function trustOf(services: Services): TrustService {
  let trust = instances.get(services);
  if (!trust) {
    trust = createTrustService(services);
    instances.set(services, trust);
  }
  return trust;
}

function createTrustService(services: Services): TrustService {
  const cache = new Map<string, { at: number; value: Promise<TrustAnswer> }>();

  const compute = async (tokenAddress: string): Promise<TrustAnswer> => {
    const campaign = await trustCampaignByToken(services, tokenAddress);
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    const facts = await computeTrustFacts(services, campaign);
    return { facts, flags: trustFlags(facts) };
  };

  // This process's trades at once (the curve_trade event follows within CAMPAIGN_REFRESH_MS, for the other processes).
  services.trading.onTrade((event) => { cache.delete(event.mint); });
  services.events.subscribe((event: AppEvent) => {
    if (GLOBAL_EVENTS.has(event.type)) cache.clear();
    else if (TOKEN_EVENTS.has(event.type)) {
      const token = event.mint ?? event.tokenAddress;
      if (typeof token === 'string') cache.delete(token);
    }
  });

  return {
    get(tokenAddress) {
      const now = services.now().getTime();
      const hit = cache.get(tokenAddress);
      if (hit && now - hit.at < TRUST_CACHE_MS) return hit.value;
      const value = compute(tokenAddress);
      cache.set(tokenAddress, { at: now, value });
      // A failure (an unknown token included) is not cached: the next read tries again.
      value.catch(() => { if (cache.get(tokenAddress)?.value === value) cache.delete(tokenAddress); });
      if (cache.size > 5_000) for (const [key, entry] of cache) if (now - entry.at >= TRUST_CACHE_MS) cache.delete(key);
      return value;
    },
    invalidate(tokenAddress) {
      cache.delete(tokenAddress);
    },
  };
}
