import type { FastifyPluginAsync } from 'fastify';
import { campaigns } from '../../db/schema';
import { createTestCampaign } from '../../commands/createTestCampaign';
import { forbidden } from '../../http/errors';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';

/** The connection-test page (/test-supabase): database status and 'Create Test Campaign'. */
export const testCampaignRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/db/status', async (request, reply) => {
    try {
      const count = await services.db.$count(campaigns);
      return reply.header('cache-control', 'no-store').send({ connected: true, campaigns: count });
    } catch (err) {
      request.log.warn({ err }, 'db status: query failed');
      return reply.status(503).header('cache-control', 'no-store').send({ connected: false, error: 'Connection failed' });
    }
  });

  app.post('/test-campaigns', async (_request, reply) => {
    if (!services.env.localMode) throw forbidden('Test campaigns can only be created in local mode');
    const row = await createTestCampaign(services);
    return reply.status(201).send(presentCampaign(row, { solUsd: services.env.SOL_USD }));
  });
};
