import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/validate';
import { findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { OgImageCache } from '../../share/ogImageCache';
import { TokenAddressParams } from './params';

// Rendering costs tens of milliseconds; a cached card nothing.
const IMAGE_LIMIT = { max: 120, windowMs: 60_000, message: 'Too many requests. Try again later.' };

/** GET /api/campaigns/{tokenAddress}/og-image.png: the campaign's 1200x630 sharing card (og:image). */
export const ogImageRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const cache = new OgImageCache(services.env);

  app.get('/campaigns/:tokenAddress/og-image.png', { preHandler: rateLimit(IMAGE_LIMIT) }, async (request, reply) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const row = await findPublicCampaign(services, tokenAddress);
    const png = await cache.pngFor(row);
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });
};
