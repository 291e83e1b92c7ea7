import type { LaunchCampaign } from '../../core/schemas/creation';
import type { LaunchForm } from '../db/schema';

/** A validated create body as a launch request keeps it (amounts as lamport strings), so a restart can finish the launch. */
export function launchFormOf(campaign: LaunchCampaign & { ref?: string | null; official?: boolean }): LaunchForm {
  return {
    name: campaign.name, ticker: campaign.ticker, description: campaign.description, imageUrl: campaign.imageUrl,
    videoUrl: campaign.videoUrl ?? null, photos: campaign.photos, website: campaign.website ?? null,
    twitter: campaign.twitter ?? null, telegram: campaign.telegram ?? null, category: campaign.category,
    goalLamports: campaign.goal.toString(), donationWallet: campaign.donationWallet,
    bondingCurveType: campaign.bondingCurveType, ref: campaign.ref ?? null,
    ...(campaign.official ? { official: true } : {}),
  };
}
