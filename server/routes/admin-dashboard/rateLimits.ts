import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../policies/admin';
import { rpcClientRate } from '../../policies/rpcRate';
import type { RouteOptions } from '../../services';

/**
 * GET /api/admin/rate-limits: the limits the SDK/API Testing tab's calls run into, read
 * from the running configuration. The SDK tests go through /api/rpc under its per-client
 * rate; the API tester has no limit of its own (each path keeps its own, counted against
 * the admin's address, which the tester passes on).
 */
export const rateLimitRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/admin/rate-limits', { preHandler: requireAdmin(services) }, async () => {
    const rpc = rpcClientRate(services.env);
    return { rpc: { max: rpc.max, windowMs: rpc.windowMs } };
  });
};
