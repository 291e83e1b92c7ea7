import { DEFAULT_GOAL_SOL, LAMPORTS_PER_SOL } from '../../core/constants';
import { lamportsToNumber, lamportsToSolString } from '../../core/money';
import type { campaigns } from '../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;

/** USD for display: exact SOL first, then one multiplication by the configured SOL/USD price. */
export function lamportsToUsd(lamports: bigint | null | undefined, solUsd: number): number | null {
  if (lamports === null || lamports === undefined) return null;
  return Math.round(lamportsToNumber(lamports) * solUsd * 100) / 100;
}

/**
 * Created through our launch flow (it has a launch request id): only such campaigns take
 * creator photos, video and updates (spec 1 'Manage page'; server/policies/campaigns.ts).
 */
export function isPlatformCreated(row: Pick<CampaignRow, 'requestId'>): boolean {
  return Boolean(row.requestId);
}

const solOrNull = (lamports: bigint | null) => (lamports === null ? null : lamportsToNumber(lamports));
const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * A campaigns row under the spec's field names, including its read variants
 * (goal / campaignGoal, raised, distributionWallet). SOL amounts are numbers of SOL
 * as the spec reads them; the exact lamports travel beside them as strings.
 * market_cap and the cached_* money fields are USD.
 */
export function presentCampaign(row: CampaignRow, { solUsd }: { solUsd: number }) {
  // Spec 1: a campaign without a goal (0, as imported rows may be) shows the default goal.
  const goalLamports = row.goalLamports > 0n ? row.goalLamports : BigInt(DEFAULT_GOAL_SOL) * LAMPORTS_PER_SOL;
  const goal = lamportsToNumber(goalLamports);
  const raised = lamportsToNumber(row.raisedLamports);
  return {
    id: row.id,
    creator_wallet: row.creatorWallet,
    ticker: row.ticker,
    name: row.name,
    title: row.title ?? row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    featured: row.featured,
    trending: row.trending,
    verified: row.verified,
    flagged: row.flagged,
    is_test: row.isTest,
    token_address: row.tokenAddress,
    pool_address: row.poolAddress,
    request_id: row.requestId,
    // The app shows the creator controls only for these, and the spec's text for others.
    platform_created: isPlatformCreated(row),
    goal_amount: goal,
    goal,
    campaignGoal: goal,
    goal_lamports: goalLamports.toString(),
    raised_amount: raised,
    raised,
    raised_lamports: row.raisedLamports.toString(),
    backers: row.backers,
    // Wallets following it (the maintained campaigns.followers count).
    followers: row.followers,
    days_left: row.daysLeft,
    days_old: row.daysOld,
    image_url: row.imageUrl,
    video_url: row.videoUrl,
    website: row.website,
    twitter: row.twitter,
    telegram: row.telegram,
    telegram_channel_id: row.telegramChannelId,
    discord: row.discord,
    brand_color: row.brandColor,
    donation_wallet: row.donationWallet,
    campaign_wallet: row.campaignWallet,
    distributor_wallet: row.distributorWallet,
    distributionWallet: row.distributorWallet,
    transaction_signature: row.transactionSignature,
    initial_buy_amount: lamportsToNumber(row.initialBuyLamports),
    bonding_curve_type: row.bondingCurveType,
    is_bonded: row.isBonded,
    market_cap: lamportsToUsd(row.marketCapLamports, solUsd),
    market_cap_sol: row.marketCapLamports === null ? null : lamportsToSolString(row.marketCapLamports),
    holders: row.holders,
    bonding_curve_progress: numberOrNull(row.bondingCurveProgress),
    cached_market_cap: lamportsToUsd(row.cachedMarketCapLamports, solUsd),
    cached_holders: row.cachedHolders,
    cached_volume_24h: lamportsToUsd(row.cachedVolume24hLamports, solUsd),
    cached_volume_24h_sol: solOrNull(row.cachedVolume24hLamports),
    cached_bonding_progress: numberOrNull(row.cachedBondingProgress),
    market_data_updated_at: row.marketDataUpdatedAt?.toISOString() ?? null,
    // The trust panel's high-severity flags (issue 23), as last computed: the card's "High risk" badge.
    high_flags: row.highFlags,
    created_at: row.createdAt.toISOString(),
    // The newest direct donation's block time (Explore's 'Latest donation' order), null before the first.
    last_donation_at: row.lastDonationAt?.toISOString() ?? null,
  };
}
export type CampaignJson = ReturnType<typeof presentCampaign>;
