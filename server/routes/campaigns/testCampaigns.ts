import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { campaigns } from '../../db/schema';
import { createTestCampaign, testCreatorOf } from '../../commands/createTestCampaign';
import { forbidden } from '../../http/errors';
import { rateLimit } from '../../policies/rateLimit';
import { testCampaignActor } from '../../policies/testCampaigns';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';

const LIST_LIMIT = 50;
// Before any session lookup: a script without a session is turned away cheaply.
const CREATE_LIMIT = { max: 20, windowMs: 60_000, message: 'Too many test campaigns: please wait a minute' };

/**
 * The connection-test page (/test-supabase): database status, and test campaigns for an
 * admin (all of them) or a signed-in wallet (its own). Test campaigns are is_test rows that
 * no public list shows.
 */
export const testCampaignRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;

  app.get('/db/status', async (request, reply) => {
    try {
      const count = await services.db.$count(campaigns);
      return reply.header('cache-control', 'no-store').send({ connected: true, campaigns: count });
    } catch (err) {
      request.log.warn({ err }, 'db status: query failed');
      return reply.status(503).header('cache-control', 'no-store').send({ connected: false, error: 'Connection failed' });
    }
  });

  app.get('/test-campaigns', async (request, reply) => {
    const actor = await testCampaignActor(services, request);
    const mine = actor.kind === 'admin' ? undefined : eq(campaigns.creatorWallet, testCreatorOf(actor));
    const rows = await services.db.select().from(campaigns).where(and(eq(campaigns.isTest, true), mine))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(LIST_LIMIT);
    return reply.header('cache-control', 'no-store').send({ campaigns: rows.map((row) => presentCampaign(row, { solUsd })) });
  });

  app.post('/test-campaigns', { preHandler: rateLimit(CREATE_LIMIT) }, async (request, reply) => {
    if (!services.env.testNetwork) throw forbidden('Test campaigns can only be created in local mode');
    const actor = await testCampaignActor(services, request);
    const row = await createTestCampaign(services, actor);
    return reply.status(201).send(presentCampaign(row, { solUsd }));
  });
};
