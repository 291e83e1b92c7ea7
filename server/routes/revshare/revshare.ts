import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../../http/errors';
import { serviceError } from '../../http/serviceError';
import { parseInput } from '../../http/validate';
import { launcherFor, LAUNCH_MESSAGES } from '../../launch';
import { refuseDuringMaintenance } from '../../policies/maintenance';
import { rateLimit } from '../../policies/rateLimit';
import { refuseCrossSite } from '../../policies/sameOrigin';
import { currentWallet, requireWallet } from '../../policies/wallet';
import type { RouteOptions } from '../../services';
import { openApiDocument } from './openapi';
import { CreateBody, PrepareQuery, withGoalAlias } from './schema';

/**
 * The launch service (spec 1 section 7, /api/revshare): health, docs, prepare -> the
 * creator funds -> create. The state machine behind it is server/launch/.
 */
// Every prepare makes four platform keys: a script may not mint them by the thousand.
const PREPARE_LIMIT = { max: 60, windowMs: 60_000, message: 'Too many launch requests: please wait a minute' };

export const revshareRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const launcher = launcherFor(services);

  app.get('/revshare/health', async () => {
    const started = performance.now();
    const chain = await services.chain.health();
    return { ok: chain.ok, latency: Math.round(performance.now() - started), chain: services.chain.mode };
  });

  app.get('/revshare/docs', async () => openApiDocument(services.env.publicUrl));

  // A GET by the spec, yet it creates a request and four keys: never on another site's behalf.
  app.get('/revshare/prepare', { preHandler: [refuseCrossSite(services.env), rateLimit(PREPARE_LIMIT), requireWallet(services), refuseDuringMaintenance(services)] }, async (request) => {
    const { initialBuy } = parseInput(PrepareQuery, request.query);
    return launcher.prepare(currentWallet(request), initialBuy).catch(serviceError(request.log, 'Failed to prepare token'));
  });

  app.post('/revshare/create', { preHandler: requireWallet(services) }, async (request) => {
    const body = parseInput(CreateBody, withGoalAlias(request.body));
    const wallet = currentWallet(request);
    if (body.developerWallet !== wallet) throw forbidden(LAUNCH_MESSAGES.notYours);
    const { request_id: requestId, ref, ...campaign } = body;
    return launcher.create(wallet, requestId, { ...campaign, ref }).catch(serviceError(request.log, LAUNCH_MESSAGES.failed));
  });
};
