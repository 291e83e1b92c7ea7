import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../services';
import { curveReadRoutes } from './read';
import { curveTradeRoutes } from './trade';

/** The trading API under /api/curve/{mint}: buy, sell, execute, progress, quote. */
export const curveRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  // Not `options`: it carries this plugin's /api prefix, which would be applied twice.
  await app.register(curveTradeRoutes, { services });
  await app.register(curveReadRoutes, { services });
};
