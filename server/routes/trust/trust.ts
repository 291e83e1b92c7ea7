import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import { presentTrust } from '../../presenters/trust';
import type { RouteOptions } from '../../services';
import { trustOf } from '../../trust';
import { TrustParams } from './schema';

// An answer is cached per mint (TRUST_CACHE_MS): most requests cost no query; the limit is the plain reads'.
const TRUST_LIMIT = { max: 300, windowMs: 60_000, message: 'Too many requests. Try again later.' };

/**
 * GET /api/campaigns/{tokenAddress}/trust: what a careful donor should know before backing
 * the campaign (issue 23): authorities and custody, holders, the creator's trades, early
 * buyers, the cause, the creator's other campaigns, and the flags they raise.
 */
export const trustRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/campaigns/:tokenAddress/trust', { preHandler: rateLimit(TRUST_LIMIT) }, async (request) => {
    const { tokenAddress } = parseInput(TrustParams, request.params);
    return presentTrust(await trustOf(services).get(tokenAddress));
  });
};
