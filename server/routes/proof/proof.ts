import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import { presentProof } from '../../presenters/proof';
import { campaignProof, proofCampaignByToken } from '../../proof/campaignProof';
import type { RouteOptions } from '../../services';
import { CAMPAIGN_NOT_FOUND } from '../../policies/campaigns';
import { ProofParams, ProofQuery } from './schema';

// Each answer reads the mint's token accounts from the chain: fewer than the plain reads.
const PROOF_LIMIT = { max: 60, windowMs: 60_000, message: 'Too many requests. Try again later.' };

/**
 * GET /api/campaigns/{tokenAddress}/proof: the campaign's proof of funds (fees withheld
 * now, collected, sold, paid to the cause and the platform, still held), the newest
 * distributor runs with their signatures, and the token's authorities as the chain has them.
 */
export const proofRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/campaigns/:tokenAddress/proof', { preHandler: rateLimit(PROOF_LIMIT) }, async (request) => {
    const page = parseInput(ProofQuery, request.query);
    const { tokenAddress } = parseInput(ProofParams, request.params);
    const campaign = await proofCampaignByToken(services.db, tokenAddress);
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    return presentProof(await campaignProof(services, campaign, page), page);
  });
};
