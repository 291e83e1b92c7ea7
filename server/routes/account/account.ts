import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { campaigns } from '../../db/schema';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';

/** The signed-in wallet's own things, for the /account page. */
export const accountRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db, env } = services;

  // 'My Campaigns': only campaigns whose creator_wallet is the session wallet, exactly (base58 is case-sensitive).
  app.get('/account/campaigns', { preHandler: requireWallet(services) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await db.select().from(campaigns)
      .where(and(eq(campaigns.creatorWallet, currentWallet(request)), eq(campaigns.isTest, false)))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
    return { campaigns: rows.map((row) => presentCampaign(row, { solUsd: env.SOL_USD })) };
  });
};
