import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { lamportsToSolString } from '../../../core/money';
import { campaigns, verifiedCharities } from '../../db/schema';
import { requireAdmin } from '../../policies/admin';
import type { RouteOptions } from '../../services';
import { wantsVerification } from '../admin-campaigns/wantsVerification';

/** GET /api/admin/dashboard/campaigns and /charities: the stat cards of the Campaigns and Charities tabs. */
export const countsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;

  app.get('/admin/dashboard/campaigns', { preHandler: requireAdmin(services) }, async () => {
    const real = eq(campaigns.isTest, false);
    const [[row], [wanting]] = await Promise.all([
      db.select({
        total: sql<number>`count(*)::int`,
        verified: sql<number>`(count(*) filter (where ${campaigns.verified}))::int`,
        flagged: sql<number>`(count(*) filter (where ${campaigns.flagged}))::int`,
        active: sql<number>`(count(*) filter (where ${campaigns.status} is null or ${campaigns.status} in ('active', 'live')))::int`,
        raised: sql<string>`coalesce(sum(${campaigns.raisedLamports}), 0)::text`,
      }).from(campaigns).where(real),
      // The moderation page's 'Verification Requests' tab, counted the same way over the same
      // campaigns (test ones too: they are in that queue), so the card and the tab agree.
      db.select({ count: sql<number>`count(*)::int` }).from(campaigns).where(wantsVerification),
    ]);
    return {
      total: row.total,
      verified: row.verified,
      unverified: row.total - row.verified,
      flagged: row.flagged,
      active: row.active,
      verificationRequests: wanting.count,
      totalRaisedSol: lamportsToSolString(BigInt(row.raised)),
    };
  });

  app.get('/admin/dashboard/charities', { preHandler: requireAdmin(services) }, async () => {
    const [row] = await db.select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${verifiedCharities.isActive}))::int`,
      categories: sql<number>`count(distinct ${verifiedCharities.category})::int`,
    }).from(verifiedCharities);
    return { total: row.total, active: row.active, inactive: row.total - row.active, categories: row.categories };
  });
};
