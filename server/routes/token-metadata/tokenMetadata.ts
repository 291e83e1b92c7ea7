import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { campaigns, launchRequests } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { tokenMetadataJson } from '../../curve/metadata';
import type { RouteOptions } from '../../services';

const Params = z.object({ mint: z.string().trim().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid token address') });

/**
 * GET /api/token-metadata/{mint}: the Metaplex-style JSON a campaign token's on-chain uri
 * points at. It answers from the launch request as soon as create has the form, so the
 * uri works from the moment the mint exists.
 */
export const tokenMetadataRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { publicUrl } = services.env;

  app.get('/token-metadata/:mint', async (request, reply) => {
    const { mint } = parseInput(Params, request.params);
    const [launch] = await services.db.select({ form: launchRequests.form }).from(launchRequests).where(eq(launchRequests.mint, mint));
    let json;
    if (launch?.form) {
      json = tokenMetadataJson(publicUrl, mint, launch.form);
    } else {
      const [row] = await services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, mint));
      if (!row?.imageUrl) throw notFound('Token not found');
      json = tokenMetadataJson(publicUrl, mint, {
        name: row.name, ticker: row.ticker, description: row.description, imageUrl: row.imageUrl,
        website: row.website, twitter: row.twitter, telegram: row.telegram, category: row.category,
      });
    }
    return reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(json);
  });
};
