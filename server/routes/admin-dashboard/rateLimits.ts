import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../policies/admin';
import { BIRDEYE_CACHE_MS, BIRDEYE_REQUESTS_PER_MINUTE, DEXSCREENER_CACHE_MS } from '../../official/marketData';
import { rpcClientRate } from '../../policies/rpcRate';
import type { RouteOptions } from '../../services';

/**
 * GET /api/admin/rate-limits: the limits the SDK/API Testing tab's calls run into, read
 * from the running configuration. The SDK tests go through /api/rpc under its per-client
 * rate; the API tester has no limit of its own (each path keeps its own, counted against
 * the admin's address, which the tester passes on), and the market-data sites' limits the
 * official token's figures stay under on a cluster.
 */
export const rateLimitRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/admin/rate-limits', { preHandler: requireAdmin(services) }, async () => {
    const rpc = rpcClientRate(services.env);
    return {
      rpc: { max: rpc.max, windowMs: rpc.windowMs },
      // Spec 2: a free market-data tier allows 10-30 calls a minute; ours stays under it by caching and its own cap.
      marketData: { freeTierPerMinute: [10, 30], birdeyePerMinute: BIRDEYE_REQUESTS_PER_MINUTE, dexscreenerCacheMs: DEXSCREENER_CACHE_MS, birdeyeCacheMs: BIRDEYE_CACHE_MS },
    };
  });
};
