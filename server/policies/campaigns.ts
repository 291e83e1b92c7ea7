import { eq } from 'drizzle-orm';
import { HIDDEN_TICKER } from '../../core/constants';
import { CONTENT_MESSAGES } from '../../core/schemas/campaignContent';
import type { FastifyRequest } from 'fastify';
import { campaigns } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { isPlatformCreated, type CampaignRow } from '../presenters/campaign';
import type { Services } from '../services';
import { currentWallet, isSameWallet } from './wallet';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const NOT_CAMPAIGN_CREATOR = "You don't have permission to manage this campaign";
export const NOT_PLATFORM_CAMPAIGN = CONTENT_MESSAGES.notPlatformCampaign;

/** A campaign as the public sees it by token address: unknown and the ticker TEST are 404 (a flagged one is still there). */
export async function findPublicCampaign(services: Services, tokenAddress: string): Promise<CampaignRow> {
  const [row] = await services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, tokenAddress));
  if (!row || row.ticker === HIDDEN_TICKER) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

/**
 * The campaign the signed-in wallet may manage (gallery, updates, video): it must be its
 * creator, compared exactly, and the campaign must come from our launch flow (a
 * request_id). Routes call it after requireWallet.
 */
export async function campaignManagedBy(services: Services, request: FastifyRequest, tokenAddress: string): Promise<CampaignRow> {
  const row = await findPublicCampaign(services, tokenAddress);
  if (!isSameWallet(currentWallet(request), row.creatorWallet)) throw forbidden(NOT_CAMPAIGN_CREATOR);
  if (!isPlatformCreated(row)) throw forbidden(NOT_PLATFORM_CAMPAIGN);
  return row;
}
