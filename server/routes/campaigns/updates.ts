import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CampaignUpdateCreate } from '../../../core/schemas/campaignContent';
import { postCampaignUpdate } from '../../commands/postCampaignUpdate';
import { removeCampaignUpdate } from '../../commands/removeCampaignUpdate';
import { campaignUpdates, userProfiles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { campaignManagedBy, findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { announceNotifications } from '../../notifications/events';
import { recordUpdatePosted } from '../../notifications/facts';
import { presentCampaignUpdate } from '../../presenters/campaignContent';
import type { RouteOptions } from '../../services';
import { CONTENT_WRITE_LIMIT } from './gallery';
import { ContentIdParams, TokenAddressParams } from './params';

export const UPDATE_NOT_FOUND = 'Update not found';
// The Updates tab shows the latest; older ones beyond this are not served.
const UPDATES_SHOWN = 200;

/** A campaign's updates: GET for everyone (newest first); the creator of a platform-created campaign posts and deletes them. */
export const updatesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const writer = { preHandler: [rateLimit(CONTENT_WRITE_LIMIT), requireWallet(services)] };
  const changed = (tokenAddress: string) => services.events.publish({ type: 'campaign_content_changed', tokenAddress, part: 'updates' });

  app.get('/campaigns/:tokenAddress/updates', async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await findPublicCampaign(services, tokenAddress);
    const rows = await db.select({ update: campaignUpdates, authorName: userProfiles.username }).from(campaignUpdates)
      .leftJoin(userProfiles, eq(userProfiles.walletAddress, campaignUpdates.authorWallet))
      .where(eq(campaignUpdates.campaignId, campaign.id))
      .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id)).limit(UPDATES_SHOWN);
    return { updates: rows.map((r) => presentCampaignUpdate(r.update, r.authorName)) };
  });

  app.post('/campaigns/:tokenAddress/updates', writer, async (request, reply) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    const input = parseInput(CampaignUpdateCreate, request.body);
    // The update and its followers' notifications in one transaction: both are stored or neither.
    const { row, told } = await db.transaction(async (tx) => {
      const posted = await postCampaignUpdate(tx, { campaignId: campaign.id, ...input, authorWallet: currentWallet(request), now: services.now() });
      return { row: posted, told: await recordUpdatePosted(tx, services.env, campaign, posted, services.now()) !== null };
    });
    await changed(tokenAddress);
    if (told) await announceNotifications(services);
    return reply.status(201).send(presentCampaignUpdate(row));
  });

  app.delete('/campaigns/:tokenAddress/updates/:id', writer, async (request, reply) => {
    const { tokenAddress, id } = parseInput(ContentIdParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    if (!await removeCampaignUpdate(db, { campaignId: campaign.id, updateId: id })) throw notFound(UPDATE_NOT_FOUND);
    await changed(tokenAddress);
    return reply.status(204).send();
  });
};
