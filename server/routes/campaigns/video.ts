import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CampaignVideoPut } from '../../../core/schemas/campaignContent';
import { removeCampaignVideo } from '../../commands/removeCampaignVideo';
import { setCampaignVideo } from '../../commands/setCampaignVideo';
import { campaignVideos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { campaignManagedBy, findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { presentCampaignVideo } from '../../presenters/campaignContent';
import type { RouteOptions } from '../../services';
import { CONTENT_WRITE_LIMIT } from './gallery';
import { TokenAddressParams } from './params';
import { assertUploaded } from './uploadedFile';

export const NO_VIDEO = 'This campaign has no video';

/** A campaign's one video: GET for everyone; the creator of a platform-created campaign sets (PUT) or removes (DELETE) it. */
export const videoRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db, env } = services;
  const writer = { preHandler: [rateLimit(CONTENT_WRITE_LIMIT), requireWallet(services)] };
  const changed = (tokenAddress: string) => services.events.publish({ type: 'campaign_content_changed', tokenAddress, part: 'video' });

  app.get('/campaigns/:tokenAddress/video', async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await findPublicCampaign(services, tokenAddress);
    const [row] = await db.select().from(campaignVideos).where(eq(campaignVideos.campaignId, campaign.id))
      .orderBy(desc(campaignVideos.isPrimary), asc(campaignVideos.id)).limit(1);
    if (row) return { video: presentCampaignVideo(row) };
    // A campaign saved with only campaigns.video_url (no campaign_videos row) still has its video.
    return {
      video: campaign.videoUrl
        ? { id: null, url: campaign.videoUrl, title: 'Campaign Video', uploaded_by: campaign.creatorWallet, is_primary: true, created_at: campaign.createdAt.toISOString() }
        : null,
    };
  });

  app.put('/campaigns/:tokenAddress/video', writer, async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    const input = parseInput(CampaignVideoPut, request.body);
    await assertUploaded(input.videoUrl, 'videoUrl', 'video', env);
    const row = await setCampaignVideo(db, { campaignId: campaign.id, videoUrl: input.videoUrl, uploadedBy: currentWallet(request), now: services.now() });
    await changed(tokenAddress);
    return { video: presentCampaignVideo(row) };
  });

  app.delete('/campaigns/:tokenAddress/video', writer, async (request, reply) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    if (!await removeCampaignVideo(db, campaign.id)) throw notFound(NO_VIDEO);
    await changed(tokenAddress);
    return reply.status(204).send();
  });
};
