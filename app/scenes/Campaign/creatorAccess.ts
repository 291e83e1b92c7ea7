import type { CampaignDetail } from '../../api/campaign';

/**
 * What the signed-in wallet may do with a campaign's photos, video and updates: nothing
 * (a visitor), manage them (the creator of a platform-created campaign), or only read the
 * spec's 'created through the platform' text (the creator of any other campaign, whom the
 * server would refuse). The server checks the same rule (server/policies/campaigns.ts).
 */
export type CreatorAccess = 'visitor' | 'manager' | 'notPlatform';

export function creatorAccess(wallet: string | null, campaign: Pick<CampaignDetail, 'creator_wallet' | 'platform_created'>): CreatorAccess {
  // Exact: base58 addresses are case-sensitive (docs/ARCHITECTURE.md 'Departures from the spec').
  if (wallet === null || wallet !== campaign.creator_wallet) return 'visitor';
  return campaign.platform_created ? 'manager' : 'notPlatform';
}
