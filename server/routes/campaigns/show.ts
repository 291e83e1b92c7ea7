import type { FastifyPluginAsync } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { bondingProgressPercent } from '../../../core/curve';
import { lamportsToNumber, lamportsToSolString } from '../../../core/money';
import { campaignEdits, campaignGallery, campaignVideos, curvePools } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';
import { stateOfPool } from '../../curve/pools';
import { findPublicCampaign } from '../../policies/campaigns';
import { donationWalletCounting } from '../../donations/walletControl';
import { walletProofOf } from '../../trust';

import { TokenAddressParams as Params } from './params';

/**
 * GET /api/campaigns/{tokenAddress}: one campaign as the API presents it, with its live
 * curve state (is_bonded and progress from the pool when it has one), gallery and videos.
 * Unknown addresses and the ticker TEST are 404.
 */
export const campaignShowRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;

  app.get('/campaigns/:tokenAddress', async (request) => {
    const { tokenAddress } = parseInput(Params, request.params);
    const row = await findPublicCampaign(services, tokenAddress);
    const [[pool], gallery, videos, counting, proof, goalEdits] = await Promise.all([
      services.db.select().from(curvePools).where(eq(curvePools.mint, tokenAddress)),
      services.db.select().from(campaignGallery).where(eq(campaignGallery.campaignId, row.id)).orderBy(asc(campaignGallery.orderIndex), asc(campaignGallery.id)),
      services.db.select().from(campaignVideos).where(eq(campaignVideos.campaignId, row.id)).orderBy(desc(campaignVideos.isPrimary), asc(campaignVideos.id)),
      donationWalletCounting(services.db, row),
      walletProofOf(services.db, row.creatorWallet, row.donationWallet),
      // The goal's edits, oldest first: the first one's 'before' is the goal the campaign launched with.
      services.db.select({ changes: campaignEdits.changes, at: campaignEdits.createdAt }).from(campaignEdits)
        .where(and(eq(campaignEdits.campaignId, row.id), sql`${campaignEdits.changes} -> 'goal' is not null`)).orderBy(asc(campaignEdits.id)),
    ]);
    const campaign = presentCampaign(row, { solUsd });
    const curve = pool ? stateOfPool(pool) : null;
    const progress = curve ? bondingProgressPercent(curve) : campaign.bonding_curve_progress;
    return {
      ...campaign,
      is_bonded: campaign.is_bonded || Boolean(curve?.complete),
      bonding_curve_progress: progress,
      bonding: curve && {
        pool_wallet: pool!.poolWallet,
        // dbc: a Meteora DBC pool (issue 36), its fee claimed in SOL; custodial: the pool wallet and its Token-2022 tax.
        program: pool!.program,
        damm_pool: pool!.dammPool,
        curve_type: pool!.curveType,
        threshold_sol: lamportsToNumber(curve.thresholdLamports),
        threshold_lamports: curve.thresholdLamports.toString(),
        current_sol: lamportsToNumber(curve.realSolReserves),
        current_lamports: curve.realSolReserves.toString(),
        complete: curve.complete,
      },
      // The creator's story (the description when they wrote none) and when they last edited the story, goal or links.
      story: row.story ?? row.description,
      details_edited_at: row.detailsEditedAt?.toISOString() ?? null,
      // A goal the creator changed after launch: the launch's goal and when it last changed (the funding card says so).
      goal_change: goalEdits.length === 0 ? null : {
        launch_goal_sol: lamportsToSolString(BigInt(goalEdits[0]!.changes.goal!.before!)),
        changed_at: goalEdits[goalEdits.length - 1]!.at.toISOString(),
      },
      // Whether plain transfers to the donation wallet count, or only those carrying the campaign's reference.
      donation_wallet_proven: counting.proven,
      donation_counting: counting.countsPlainTransfers ? 'all_transfers' : 'reference_only',
      // Who proved control (issue 34): the creator for their own wallet, otherwise the wallet's holder by a signed consent.
      donation_wallet_proof: !counting.proven ? null : row.donationWallet === row.creatorWallet
        ? { kind: 'creator_wallet', signer: row.creatorWallet, proved_at: null, flow: null }
        : proof && { kind: 'signed', signer: proof.signer, proved_at: proof.provedAt.toISOString(), flow: proof.flow },
      gallery: gallery.map((g) => ({ id: g.id, image_url: g.imageUrl, caption: g.caption, order_index: g.orderIndex })),
      videos: videos.map((v) => ({ id: v.id, video_url: v.videoUrl, title: v.title, uploaded_by: v.uploadedBy, is_primary: v.isPrimary })),
    };
  });
};
