import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CampaignDetailsEdit } from '../../../core/schemas/campaignDetails';
import { editCampaignDetails } from '../../commands/editCampaignDetails';
import { campaignEdits } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { campaignManagedBy, findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { presentCampaignEdit } from '../../presenters/campaignContent';
import type { RouteOptions } from '../../services';
import { CONTENT_WRITE_LIMIT } from './gallery';
import { TokenAddressParams } from './params';

// The page lists the newest edits; a campaign edited more often than this shows the latest.
const EDITS_SHOWN = 100;

/**
 * A launched campaign's story, goal and links: the creator of a platform-created campaign
 * edits them (PATCH), and everyone reads every edit (GET .../edits, newest first), so a
 * changed goal or story is never hidden from a donor.
 */
export const detailsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const writer = { preHandler: [rateLimit(CONTENT_WRITE_LIMIT), requireWallet(services)] };

  app.get('/campaigns/:tokenAddress/edits', async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await findPublicCampaign(services, tokenAddress);
    const rows = await db.select().from(campaignEdits).where(eq(campaignEdits.campaignId, campaign.id))
      .orderBy(desc(campaignEdits.id)).limit(EDITS_SHOWN);
    return { edits: rows.map(presentCampaignEdit) };
  });

  app.patch('/campaigns/:tokenAddress/details', writer, async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    const edit = parseInput(CampaignDetailsEdit, request.body);
    const saved = await editCampaignDetails(db, { campaignId: campaign.id, editorWallet: currentWallet(request), edit, now: services.now() });
    // Cards and lists show the goal: the event also clears their caches.
    if (saved) await services.events.publish({ type: 'campaign_content_changed', tokenAddress, part: 'details' });
    return { edit: saved ? presentCampaignEdit(saved.edit) : null };
  });
};
