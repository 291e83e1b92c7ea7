// The one rule module of the trust panel: facts in, flags out, each a sentence a donor
// who has never heard of a bonding curve understands. Pure: the server computes the facts.

import type { TrustFacts } from './facts';
import { holderShare } from '../holders';
import { moreThan, type Ratio } from './share';

export type TrustSeverity = 'high' | 'medium' | 'low';
/** `since`: when a remembered flag (REMEMBERED_FLAG_IDS) was first raised, as an ISO time. */
export type TrustFlag = { id: string; severity: TrustSeverity; sentence: string; since?: string };

/**
 * The creator sold more than this share of the tokens they bought. Their sells count those of
 * the wallets they funded (CreatorTradeFacts.funded), and their buys those wallets' buys.
 */
export const CREATOR_SOLD_LIMIT: Ratio = { num: 1n, den: 2n };
/** The 10 largest holders (platform keys left out) hold more than this share of the circulating supply. */
export const TOP_HOLDERS_LIMIT: Ratio = { num: 1n, den: 2n };
export const TOP_HOLDERS = 10;
/**
 * Below 21 holders the top 10 hold more than half even when every wallet holds the same:
 * their share says something only from this many holders on. Below it the panel says it is
 * too early to judge concentration instead of giving an all-clear.
 */
export const CONCENTRATION_MIN_HOLDERS = 2 * TOP_HOLDERS + 1;
/**
 * One wallet (not a platform key, not the creator) holds more than this share of the
 * circulating supply: at any holder count. Medium: it is a fact about the market's depth, not
 * a sign of bad faith (a campaign's biggest supporter may hold most of a young token).
 */
export const SINGLE_HOLDER_LIMIT: Ratio = { num: 1n, den: 2n };
export const SINGLE_HOLDER_SEVERITY: TrustSeverity = 'medium';
/** The creator holds more than this share of the circulating supply (at any holder count): medium. */
export const CREATOR_SHARE_LIMIT: Ratio = { num: 1n, den: 2n };
export const CREATOR_SHARE_SEVERITY: TrustSeverity = 'medium';
/** ... more than this share, up to CREATOR_SHARE_LIMIT: low (a creator's initial buy is often a young token's largest holding). */
export const CREATOR_SHARE_LOW_LIMIT: Ratio = { num: 1n, den: 5n };
export const CREATOR_SHARE_LOW_SEVERITY: TrustSeverity = 'low';
/** Early buyers (launch slot and the next 2) still hold more than this share of the circulating supply. */
export const EARLY_BUYERS_LIMIT: Ratio = { num: 1n, den: 5n };
export const EARLY_SLOTS_AFTER_LAUNCH = 2;
/** One funding cluster holds more than this share of the circulating supply. */
export const CLUSTER_LIMIT: Ratio = { num: 1n, den: 5n };
/** A funding cluster that bought more than this share of every token bought on the curve ... */
export const CLUSTER_BOUGHT_LIMIT: Ratio = { num: 1n, den: 5n };
/** ... and sold more than this share of what it bought has dumped: high, and remembered. */
export const CLUSTER_SOLD_LIMIT: Ratio = { num: 1n, den: 2n };
/** Wallets whose first SOL came from one source within this long before their first buy form a funding cluster. */
export const FUNDING_WINDOW_MS = 86_400_000;
/** A donation wallet first used less than this long ago is new. */
export const NEW_WALLET_MS = 7 * 86_400_000;
/** "Sold most within a day of launch", in the creator's history. */
export const EARLY_DUMP_WINDOW_MS = 86_400_000;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Rule = (facts: TrustFacts) => TrustFlag | null;

const rules: Rule[] = [
  ({ authorities: a }) => a?.mintAuthority ? {
    id: 'mint_authority', severity: 'high',
    sentence: 'Someone can still create new tokens, which would make everyone else\'s tokens worth less.',
  } : null,
  ({ authorities: a }) => a?.freezeAuthority ? {
    id: 'freeze_authority', severity: 'high',
    sentence: 'Someone can freeze holders\' tokens so that they cannot sell them.',
  } : null,
  ({ authorities: a }) => a?.feeConfigAuthority ? {
    id: 'fee_authority', severity: 'high',
    sentence: 'Someone can still change the tax charged on every trade.',
  } : null,
  // Only a token with a transfer fee withholds anything (a DBC pool's fee is in SOL, in the pool).
  ({ authorities: a }) => a && a.transferFeeBps !== null && a.withdrawWithheldAuthority !== a.distributorWallet ? {
    id: 'withheld_authority', severity: 'high',
    sentence: 'The trade tax collected for the cause can be taken by a wallet other than this campaign\'s distributor.',
  } : null,
  ({ creatorTrades: c }) => {
    const group = creatorGroup(c);
    if (!moreThan(group.sold, group.bought, CREATOR_SOLD_LIMIT)) return null;
    const funded = c.funded && c.funded.soldTokens > 0n ? c.funded.wallets.length : 0;
    return {
      id: 'creator_sold', severity: 'high',
      sentence: funded === 0 ? 'The creator has sold more than half of the tokens they held.'
        : `The creator has sold more than half of the tokens they held, counting ${plural(funded, 'wallet', 'wallets')} they paid for.`,
    };
  },
  ({ creatorTrades: c }) => {
    const group = creatorGroup(c);
    const out = group.sold + (c.transferredOutTokens ?? 0n);
    const held = group.bought + (c.transferredInTokens ?? 0n);
    return !moreThan(group.sold, group.bought, CREATOR_SOLD_LIMIT) && moreThan(out, held, CREATOR_SOLD_LIMIT) ? {
      id: 'creator_moved', severity: 'high',
      sentence: 'The creator has sold or moved to other wallets more than half of the tokens they held; moving tokens to other wallets can hide a sale.',
    } : null;
  },
  ({ holders: h }) => h && h.holderCount >= CONCENTRATION_MIN_HOLDERS && moreThan(h.top10Tokens, h.circulatingTokens, TOP_HOLDERS_LIMIT) ? {
    id: 'top_holders', severity: 'medium',
    sentence: 'The 10 largest holders own more than half of the tokens in circulation: a few sellers could crash the price.',
  } : null,
  ({ holders: h }) => h?.largest && moreThan(h.largest.tokens, h.circulatingTokens, SINGLE_HOLDER_LIMIT) ? {
    id: 'single_holder', severity: SINGLE_HOLDER_SEVERITY,
    sentence: `One wallet holds ${holderShare(h.largest.tokens, h.circulatingTokens)}% of the tokens in circulation: if it sells, the price falls hard.`,
  } : null,
  ({ holders: h }) => {
    if (!h || !moreThan(h.creatorTokens, h.circulatingTokens, CREATOR_SHARE_LOW_LIMIT)) return null;
    const most = moreThan(h.creatorTokens, h.circulatingTokens, CREATOR_SHARE_LIMIT);
    return {
      id: 'creator_share', severity: most ? CREATOR_SHARE_SEVERITY : CREATOR_SHARE_LOW_SEVERITY,
      sentence: `The creator holds ${holderShare(h.creatorTokens, h.circulatingTokens)}% of the tokens in circulation${most ? ': if they sell, the price falls hard.' : '.'}`,
    };
  },
  ({ earlyBuyers: e, holders: h }) => e && h && moreThan(e.tokensNow, h.circulatingTokens, EARLY_BUYERS_LIMIT) ? {
    id: 'early_buyers', severity: 'medium',
    sentence: `${plural(e.wallets.length, 'wallet', 'wallets')} that bought within seconds of the launch still ${e.wallets.length === 1 ? 'holds' : 'hold'} more than a fifth of the tokens in circulation.`,
  } : null,
  ({ fundingClusters: clusters, holders: h }) => {
    const big = h ? (clusters ?? []).filter((c) => moreThan(c.tokensNow, h.circulatingTokens, CLUSTER_LIMIT)) : [];
    return big.length > 0 ? {
      id: 'funding_cluster', severity: 'high',
      sentence: 'A group of wallets paid for by the same source holds more than a fifth of the tokens in circulation: it may be one person.',
    } : null;
  },
  ({ fundingClusters: clusters, curveBoughtTokens }) => {
    const dumped = (clusters ?? []).filter((c) => moreThan(c.boughtTokens, curveBoughtTokens, CLUSTER_BOUGHT_LIMIT)
      && moreThan(c.soldTokens, c.boughtTokens, CLUSTER_SOLD_LIMIT));
    const first = dumped[0];
    if (!first) return null;
    const who = first.fundedByCreator ? `${plural(first.wallets.length, 'wallet', 'wallets')} the creator paid for`
      : `A group of ${first.wallets.length} wallets paid for by the same source`;
    return {
      id: 'funding_cluster_sold', severity: 'high',
      sentence: `${who} bought more than a fifth of the tokens sold on the curve, then sold more than half of them: it may be one person cashing out.`,
    };
  },
  ({ cause, asOf }) => {
    if (cause.kind !== 'unproven') return null;
    if (cause.firstSeenAt === null) return {
      id: 'donation_wallet_unproven', severity: 'medium',
      sentence: 'Nobody has proven who controls the donation wallet, and it has never been used before.',
    };
    const isNew = cause.firstSeenExact && asOf.getTime() - cause.firstSeenAt.getTime() < NEW_WALLET_MS;
    return isNew ? {
      id: 'donation_wallet_unproven', severity: 'medium',
      sentence: 'Nobody has proven who controls the donation wallet, and it was first used less than a week ago.',
    } : null;
  },
  ({ cause }) => cause.kind === 'none' ? {
    id: 'no_donation_wallet', severity: 'high',
    sentence: 'This campaign has no donation wallet: nothing it raises reaches a cause.',
  } : null,
  ({ cause }) => cause.kind === 'creator_wallet' ? {
    id: 'donation_wallet_is_creator', severity: 'low',
    sentence: 'Donations go to the creator\'s own wallet, not to a separate charity wallet.',
  } : null,
  ({ creatorHistory: h }) => h.soldMostWithinDay > 0 ? {
    id: 'creator_history', severity: 'high',
    sentence: `In ${plural(h.soldMostWithinDay, 'earlier campaign', 'earlier campaigns')}, this creator sold most of their tokens within a day of launch.`,
  } : null,
];

/** The creator's wallet and the wallets they funded, as one seller. */
function creatorGroup(c: TrustFacts['creatorTrades']): { bought: bigint; sold: bigint } {
  return { bought: c.boughtTokens + (c.funded?.boughtTokens ?? 0n), sold: c.sells.tokens + (c.funded?.soldTokens ?? 0n) };
}

const ORDER: Record<TrustSeverity, number> = { high: 0, medium: 1, low: 2 };

/** Every flag the facts raise, most severe first (rule order within a severity). */
export function trustFlags(facts: TrustFacts): TrustFlag[] {
  return rules.map((rule) => rule(facts)).filter((flag): flag is TrustFlag => flag !== null)
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
