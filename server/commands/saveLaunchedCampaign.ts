import { eq } from 'drizzle-orm';
import { bondingProgressPercent, marketCapLamports } from '../../core/curve';
import type { CampaignCategory } from '../../core/enums';
import type { Db } from '../db/client';
import {
  campaignGallery, campaignVideos, campaigns, curvePools, donationReferences, launchRequests, platformWallets, type LaunchForm,
} from '../db/schema';
import { stateOfPool } from '../curve/pools';
import { campaignPageUrl } from '../curve/metadata';
import { newReferenceKey } from '../donations/references';
import { updateCampaignTotals } from '../donations/totals';
import { claimPreVerification } from './claimPreVerification';
import { recordSessionActivity } from './recordSessionActivity';

export type LaunchRow = typeof launchRequests.$inferSelect;

/**
 * The launch's database half, in one transaction: the campaign row (status 'active'), its
 * donation reference, its platform_wallets row, the pool linked to it, the gallery (main photo first) and video,
 * the creator's 'created_campaign' activity, the creator's approved pre-verification for this
 * ticker (claimPreVerification: the campaign starts verified), and the request moved to campaign_saved.
 * Re-running it after a crash finds the campaign by request_id and writes nothing twice.
 */
export async function saveLaunchedCampaign(
  db: Db, row: LaunchRow, form: LaunchForm,
  { publicUrl, now, initialBuyLamports, backerMinLamports }: { publicUrl: string; now: Date; initialBuyLamports: bigint; backerMinLamports: bigint },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.requestId, row.requestId));
    let campaignId = existing?.id;
    if (campaignId === undefined) {
      const [pool] = await tx.select().from(curvePools).where(eq(curvePools.mint, row.mint));
      const progress = pool ? bondingProgressPercent(stateOfPool(pool)) : 0;
      // Its market cap from the first moment, from the curve (a card must never show a made-up figure).
      const cap = pool ? marketCapLamports(stateOfPool(pool)) : null;
      const verified = await claimPreVerification(tx, { creatorWallet: row.creatorWallet, ticker: form.ticker, mint: row.mint });
      const [inserted] = await tx.insert(campaigns).values({
        creatorWallet: row.creatorWallet,
        ticker: form.ticker.toUpperCase(),
        name: form.name,
        title: form.name,
        description: form.description,
        category: form.category as CampaignCategory,
        status: 'active',
        tokenAddress: row.mint,
        poolAddress: row.poolWallet,
        requestId: row.requestId,
        goalLamports: BigInt(form.goalLamports),
        imageUrl: form.imageUrl,
        videoUrl: form.videoUrl,
        website: form.website ?? campaignPageUrl(publicUrl, row.mint),
        twitter: form.twitter,
        telegram: form.telegram,
        donationWallet: form.donationWallet,
        campaignWallet: row.poolWallet,
        distributorWallet: row.distributorWallet,
        transactionSignature: row.mintSignature,
        initialBuyLamports,
        bondingCurveType: form.bondingCurveType,
        marketCapLamports: cap,
        cachedMarketCapLamports: cap,
        bondingCurveProgress: progress.toFixed(2),
        cachedBondingProgress: progress.toFixed(2),
        verified,
        createdAt: now,
      }).returning({ id: campaigns.id });
      campaignId = inserted!.id;
      await tx.update(curvePools).set({ campaignId }).where(eq(curvePools.mint, row.mint));
      // The Solana Pay reference its direct donations will carry (donate-link).
      await tx.insert(donationReferences).values({ campaignId, reference: newReferenceKey() }).onConflictDoNothing();
      await tx.insert(platformWallets).values({
        distributionWallet: row.distributorWallet, donationWallet: form.donationWallet, campaignId,
        campaignName: form.name, ticker: form.ticker.toUpperCase(), createdAt: now,
      }).onConflictDoUpdate({
        target: platformWallets.distributionWallet,
        set: { donationWallet: form.donationWallet, campaignId, campaignName: form.name, ticker: form.ticker.toUpperCase() },
      });
      if (form.photos.length > 0) {
        // orderPhotos put the main photo first: order_index 0 is the main one.
        await tx.insert(campaignGallery).values(form.photos.map((photo, orderIndex) => ({
          campaignId: campaignId!, imageUrl: photo.url, caption: null, orderIndex,
        })));
      }
      if (form.videoUrl) {
        await tx.insert(campaignVideos).values({ campaignId, videoUrl: form.videoUrl, uploadedBy: row.creatorWallet, isPrimary: true });
      }
      await recordSessionActivity(tx, row.creatorWallet, 'created_campaign', now);
      // The initial buy was traded before the row existed: the creator may already be its first backer.
      await updateCampaignTotals(tx, [campaignId], backerMinLamports);
    }
    await tx.update(launchRequests).set({ state: 'campaign_saved', campaignId, updatedAt: now })
      .where(eq(launchRequests.requestId, row.requestId));
    return campaignId;
  });
}
