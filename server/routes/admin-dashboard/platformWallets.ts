import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { campaigns, platformWallets } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { requireAdmin } from '../../policies/admin';
import type { RouteOptions } from '../../services';

const PAGE_MAX = 100;

const PlatformWalletsQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1')
    .max(PAGE_MAX, `limit must be at most ${PAGE_MAX}`).default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
});

/**
 * GET /api/admin/platform-wallets: every campaign's distributor wallet and the donation wallet
 * it pays, newest first (spec 1: platform_wallets read ordered by created_at descending), so an
 * operator can find which campaign a wallet on an explorer belongs to.
 */
export const platformWalletsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/admin/platform-wallets', { preHandler: requireAdmin(services) }, async (request) => {
    const { limit, offset } = parseInput(PlatformWalletsQuery, request.query);
    const [rows, [total]] = await Promise.all([
      services.db.select({ wallet: platformWallets, tokenAddress: campaigns.tokenAddress }).from(platformWallets)
        .leftJoin(campaigns, eq(campaigns.id, platformWallets.campaignId))
        .orderBy(desc(platformWallets.createdAt), desc(platformWallets.id)).limit(limit).offset(offset),
      services.db.select({ n: count() }).from(platformWallets),
    ]);
    return {
      total: total?.n ?? 0,
      wallets: rows.map(({ wallet: r, tokenAddress }) => ({
        distribution_wallet: r.distributionWallet, donation_wallet: r.donationWallet, campaign_id: r.campaignId, token_address: tokenAddress,
        campaign_name: r.campaignName, ticker: r.ticker, last_checked: r.lastChecked?.toISOString() ?? null, created_at: r.createdAt.toISOString(),
      })),
    };
  });
};
