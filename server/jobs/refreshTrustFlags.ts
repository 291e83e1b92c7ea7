import { sql } from 'drizzle-orm';
import { storeHighFlags } from '../commands/storeHighFlags';
import { campaigns, donationWalletProofs, verificationRequests } from '../db/schema';
import { TRADE_EVENT } from '../market/registerTradeHooks';
import type { Services } from '../services';
import { trustOf } from '../trust';
import type { Job } from './runner';

/** Campaigns recomputed per pass: a pass never holds the worker for long (the rest wait a tick). */
export const TRUST_FLAGS_BATCH = 20;

/**
 * A campaign is recomputed at most this often for its trades: a busy token (hundreds of ms per
 * computation at 10,000 holders) does not keep the worker computing it back to back.
 */
export const TRUST_FLAGS_MIN_INTERVAL_MS = 1_000;

/** Events after which some campaign's stored flags may be out of date. */
const WAKE_EVENTS = new Set([TRADE_EVENT, 'donation_wallet_proved', 'verification_request_reviewed', 'campaign_created']);

// campaigns_trust_stale_idx's predicate, word for word, so the planner uses that partial index.
const STALE = sql.raw('(token_address is not null and (trust_flags_at is null or market_data_updated_at > trust_flags_at))');

/**
 * Campaigns whose stored high flags are out of date: never computed (every campaign at first
 * start, newest first; a new launch), traded since (the trade hooks stamp
 * market_data_updated_at; computed in the last TRUST_FLAGS_MIN_INTERVAL_MS: left to a later
 * pass), or whose donation wallet was proven or verification reviewed since. Those computed
 * before come first, oldest computation first: a trade is not queued behind a first start's
 * thousands of never-computed campaigns.
 */
async function staleCampaigns(services: Services, limit: number): Promise<string[]> {
  const recent = new Date(services.now().getTime() - TRUST_FLAGS_MIN_INTERVAL_MS).toISOString();
  const result = await services.db.execute(sql`
    select token_address from (
      (select id, token_address, trust_flags_at from ${campaigns}
        where ${STALE} and trust_flags_at is not null and trust_flags_at < ${recent}::timestamptz
        order by trust_flags_at limit ${limit})
      union
      (select id, token_address, trust_flags_at from ${campaigns}
        where ${STALE} and trust_flags_at is null order by id desc limit ${limit})
      union
      (select c.id, c.token_address, c.trust_flags_at from ${campaigns} c
        join ${donationWalletProofs} p on p.creator_wallet = c.creator_wallet and p.donation_wallet = c.donation_wallet
        where c.token_address is not null and c.trust_flags_at is not null and p.proved_at > c.trust_flags_at limit ${limit})
      union
      (select c.id, c.token_address, c.trust_flags_at from ${campaigns} c
        join ${verificationRequests} v on v.token_address = c.token_address
        where c.trust_flags_at is not null and v.reviewed_at > c.trust_flags_at limit ${limit})
    ) stale order by trust_flags_at is null, trust_flags_at, id desc limit ${limit}`);
  return (result as { rows: { token_address: string }[] }).rows.map((r) => r.token_address);
}

/**
 * Keeps every campaign's stored high-severity trust flags current without a chain scan per
 * list view: each pass recomputes up to TRUST_FLAGS_BATCH out-of-date campaigns through the
 * trust service (which stores the flags). Woken by trades and the events above, so a trade
 * moves its campaign's card within a few seconds (at most the interval plus a tick when it
 * was computed just before); the tick catches what a wake missed. A
 * campaign the trust panel does not answer (hidden, flagged, a test campaign) is stamped
 * with no flags, so it does not head the list forever.
 */
export const refreshTrustFlagsJob: Job = {
  name: 'refresh-trust-flags',
  everyMs: 2_000,
  runAtStart: true,
  // The curve_trade event, not the in-process trade hook: it follows the row's market stamp,
  // so the woken pass finds the campaign stale (and it reaches a fleet's worker too).
  wake: (services, trigger) => services.events.subscribe((event) => { if (WAKE_EVENTS.has(event.type)) trigger(); }),
  run: async (services) => {
    const trust = trustOf(services);
    for (const tokenAddress of await staleCampaigns(services, TRUST_FLAGS_BATCH)) {
      const at = services.now();
      try {
        await trust.recompute(tokenAddress);
      } catch (err) {
        services.log.debug({ err, tokenAddress }, 'trust flags not computed; stored as none');
        await storeHighFlags(services, tokenAddress, [], at);
      }
    }
  },
};
