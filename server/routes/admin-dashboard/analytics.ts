import { desc, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { dailyActiveUsers, pageViews, userAnalyticsSummary, userSessions } from '../../db/schema';
import { requireAdmin } from '../../policies/admin';
import type { RouteOptions, Services } from '../../services';

// Spec 2 section 9: daily active users default 30 rows; top-5 countries.
const DAILY_DAYS = 30;
const TOP_COUNTRIES = 5;

// A session stores its analytics fields (address, device, place) only with analytics consent
// (server/commands/startWalletSession.ts), its address exactly then: the device split and the
// countries count those sessions only, never the device column's default for the others.
const withAnalytics = isNotNull(userSessions.ipAddress);
const sessionCount = sql<number>`count(*)::int`;

const EMPTY_SUMMARY = { totalUniqueUsers: 0, users24h: 0, newUsers24h: 0, users7d: 0, newUsers7d: 0, totalSessions: 0, sessions24h: 0 };

async function analytics({ db, now }: Services) {
  const since = new Date(now().getTime() - DAILY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const dayAgo = new Date(now().getTime() - 86_400_000);
  const [[summary = EMPTY_SUMMARY], daily, devices, countries, [views]] = await Promise.all([
    db.select().from(userAnalyticsSummary),
    db.select().from(dailyActiveUsers).where(gt(dailyActiveUsers.date, since)).orderBy(desc(dailyActiveUsers.date)).limit(DAILY_DAYS),
    // As the device_analytics view, over the sessions with consent.
    db.select({
      deviceType: sql<string>`${userSessions.deviceType}::text`,
      sessions: sessionCount,
      percentage: sql<string>`round(100.0 * count(*) / sum(count(*)) over (), 2)`,
    }).from(userSessions).where(withAnalytics).groupBy(userSessions.deviceType).orderBy(desc(sessionCount)),
    // As the geographic_analytics view, over the sessions with consent.
    db.select({
      country: userSessions.country,
      uniqueUsers: sql<number>`count(distinct ${userSessions.walletAddress})::int`,
      totalSessions: sessionCount,
    }).from(userSessions).where(withAnalytics).groupBy(userSessions.country)
      .orderBy(sql`count(distinct ${userSessions.walletAddress}) desc`, desc(sessionCount)).limit(TOP_COUNTRIES),
    // Page views are stored only for visitors who accepted analytics cookies.
    db.select({
      total: sql<number>`count(*)::int`,
      last24h: sql<number>`(count(*) filter (where ${pageViews.createdAt} > ${dayAgo}))::int`,
      visitors24h: sql<number>`(count(distinct ${pageViews.visitorId}) filter (where ${pageViews.createdAt} > ${dayAgo}))::int`,
    }).from(pageViews),
  ]);
  return {
    summary: {
      total_unique_users: summary.totalUniqueUsers,
      users_24h: summary.users24h,
      new_users_24h: summary.newUsers24h,
      users_7d: summary.users7d,
      new_users_7d: summary.newUsers7d,
      total_sessions: summary.totalSessions,
      sessions_24h: summary.sessions24h,
      page_views_total: views.total,
      page_views_24h: views.last24h,
      visitors_24h: views.visitors24h,
    },
    daily: daily.map((d) => ({ date: d.date, unique_users: d.uniqueUsers, new_users: d.newUsers, total_sessions: d.totalSessions })),
    devices: devices.map((d) => ({ device_type: d.deviceType, sessions: d.sessions, percentage: Number(d.percentage) })),
    countries: countries.map((c) => ({ country: c.country, unique_users: c.uniqueUsers, total_sessions: c.totalSessions })),
  };
}

/** GET /api/admin/analytics: the User Analytics tab (spec 2 section 3 shapes, from the sessions and page views stored). */
export const analyticsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/admin/analytics', { preHandler: requireAdmin(services) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return analytics(services);
  });
};
