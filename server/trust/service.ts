// One trust service per Services (a WeakMap, as marketOf): a campaign's facts and flags
// cached briefly per mint, dropped when a trade on that mint commits in this process, and
// in every process of a fleet when a live event says something they rest on changed. The
// request after a drop recomputes and waits (never on a computation the drop overtook);
// requests meanwhile get the dropped answer.

import { trustFlags, trustVerdict, withRememberedFlags, type TrustFacts, type TrustFlag, type TrustVerdict } from '../../core/trust';
import { rememberTrustFlags } from '../commands/rememberTrustFlags';
import { storeHighFlags } from '../commands/storeHighFlags';
import { DONATION_EVENT } from '../donations/indexer';
import { GRADUATED_EVENT, TRADE_EVENT } from '../market/registerTradeHooks';
import type { AppEvent } from '../events/hub';
import { perServices, type Services } from '../services';
import { computeTrustFacts, trustCampaignByToken } from './trustFacts';

/**
 * No answer served is older than this (from the start of its computation). Trades and events
 * drop an answer at once; wallet-to-wallet transfers raise no event, so this bounds how late
 * they show (issue 23: 2 s).
 */
export const TRUST_CACHE_MS = 2_000;

/** `flags`: those the facts raise now and the remembered ones (core/trust/remembered.ts); `verdict`: the headline without flags. */
export type TrustAnswer = { facts: TrustFacts; flags: TrustFlag[]; verdict: TrustVerdict };

export type TrustService = {
  /** The campaign's facts and flags; 404 'Campaign not found' for a token with no campaign. */
  get(tokenAddress: string): Promise<TrustAnswer>;
  /** Drop the answer (a trade, an event): the next request recomputes it. */
  invalidate(tokenAddress: string): void;
  /** Computes the answer now whatever the cache holds (the trust-flags job), storing its high flags. */
  recompute(tokenAddress: string): Promise<TrustAnswer>;
};

/** Events about one token (its address under `mint` or `tokenAddress`) and events that may touch any campaign's facts. */
const TOKEN_EVENTS = new Set([TRADE_EVENT, GRADUATED_EVENT, DONATION_EVENT, 'campaign_moderated', 'campaign_flagged']);
const GLOBAL_EVENTS = new Set(['donation_wallet_proved', 'verification_request_reviewed', 'charities_changed', 'campaign_created']);

export const trustOf: (services: Services) => TrustService = perServices(createTrustService);

function createTrustService(services: Services): TrustService {
  // `at` is when the answer's computation began: the state it shows is no older than that.
  // `fresh` is false once a trade or an event dropped it.
  const cache = new Map<string, { at: number; answer: TrustAnswer; fresh: boolean }>();
  // The computation running per mint, with the version it started at (a drop since makes it stale).
  const refreshing = new Map<string, { value: Promise<TrustAnswer>; version: number }>();
  // Bumped by every drop: a computation that a drop overtook is kept, but not as fresh.
  const versions = new Map<string, number>();

  // Every computation remembers the dump-kind flags it raised (with the day they were first
  // raised) and keeps the high flags, remembered ones included, on the campaign row (cards,
  // Explore's filter): a failure to store them is logged, never the visitor's error; the
  // trust-flags job retries. A failure to read the remembered ones fails the answer: without
  // them it could look clean when it is not.
  const compute = async (tokenAddress: string, at: number): Promise<TrustAnswer> => {
    const campaign = await trustCampaignByToken(services, tokenAddress);
    const facts = await computeTrustFacts(services, campaign);
    const raised = trustFlags(facts);
    const flags = withRememberedFlags(raised, await rememberTrustFlags(services, campaign.id, raised, new Date(at)));
    const holders = facts.holders && { count: facts.holders.holderCount, circulatingTokens: facts.holders.circulatingTokens };
    await storeHighFlags(services, tokenAddress, flags, new Date(at), holders)
      .catch((err: unknown) => services.log.error({ err, tokenAddress }, 'storing high trust flags failed'));
    return { facts, flags, verdict: trustVerdict(facts, flags) };
  };

  const refresh = (tokenAddress: string): Promise<TrustAnswer> => {
    const at = services.now().getTime();
    const version = versions.get(tokenAddress) ?? 0;
    const running = {
      version,
      value: compute(tokenAddress, at).then((answer) => {
        // A computation overtaken by a newer one (started after a drop) never replaces the newer answer.
        const stored = cache.get(tokenAddress);
        if (!stored || stored.at <= at) cache.set(tokenAddress, { at, answer, fresh: (versions.get(tokenAddress) ?? 0) === version });
        if (cache.size > 5_000) for (const [key, entry] of cache) if (at - entry.at >= TRUST_CACHE_MS) cache.delete(key);
        return answer;
      }).finally(() => { if (refreshing.get(tokenAddress) === running) refreshing.delete(tokenAddress); }),
    };
    refreshing.set(tokenAddress, running);
    return running.value;
  };

  const drop = (tokenAddress: string) => {
    versions.set(tokenAddress, (versions.get(tokenAddress) ?? 0) + 1);
    const entry = cache.get(tokenAddress);
    if (entry) entry.fresh = false;
    if (versions.size > 5_000) for (const key of versions.keys()) if (!refreshing.has(key)) versions.delete(key);
  };

  // This process's trades at once (the curve_trade event follows within CAMPAIGN_REFRESH_MS, for the other processes).
  services.trades.onTrade((event) => drop(event.mint));
  services.events.subscribe((event: AppEvent) => {
    if (GLOBAL_EVENTS.has(event.type)) for (const key of cache.keys()) drop(key);
    else if (TOKEN_EVENTS.has(event.type)) {
      const token = event.mint ?? event.tokenAddress;
      if (typeof token === 'string') drop(token);
    }
  });

  return {
    get(tokenAddress) {
      const entry = cache.get(tokenAddress);
      const young = entry !== undefined && services.now().getTime() - entry.at < TRUST_CACHE_MS;
      if (young && entry.fresh) return Promise.resolve(entry.answer);
      const running = refreshing.get(tokenAddress);
      // A dropped answer under TRUST_CACHE_MS old serves the requests that arrive while another
      // request's recomputation runs (hundreds of ms with 10,000 holders): the one that started
      // it waits for the new answer, the crowd behind it does not. A computation that began
      // before the last drop (the trust-flags job's, say, with the trade it missed landing
      // meanwhile) answers nobody who asked after that drop: they start a new one and wait.
      if (running && running.version === (versions.get(tokenAddress) ?? 0)) return young ? Promise.resolve(entry.answer) : running.value;
      // A failure (an unknown token included) is not kept: the next read tries again.
      return refresh(tokenAddress);
    },
    invalidate: drop,
    recompute: refresh,
  };
}
