import type { FastifyPluginAsync } from 'fastify';
import { completeLaunchSchema } from '../../../core/schemas/launch';
import { forbidden } from '../../http/errors';
import { serviceError } from '../../http/serviceError';
import { parseInput } from '../../http/validate';
import { LAUNCH_MESSAGES } from '../../curve/launchTerms';
import { refuseDuringMaintenance } from '../../policies/maintenance';
import { rateLimit } from '../../policies/rateLimit';
import { refuseCrossSite } from '../../policies/sameOrigin';
import { currentWallet, requireWallet } from '../../policies/wallet';
import type { RouteOptions } from '../../services';
import { openApiDocument } from './openapi';
import { completeDbc, createDbc, prepareDbc } from './dbc';
import { CreateBody, PrepareQuery, withGoalAlias } from './schema';

/**
 * The launch service (spec 1 section 7, /api/revshare): health, docs, prepare -> create (the
 * launch transaction of the campaign's DBC pool) -> the creator signs -> complete (dbc.ts).
 */
// Every prepare makes platform keys: a script may not mint them by the thousand.
const PREPARE_LIMIT = { max: 60, windowMs: 60_000, message: 'Too many launch requests: please wait a minute' };

export const revshareRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/revshare/health', async () => {
    const started = performance.now();
    const chain = await services.chain.health();
    return { ok: chain.ok, latency: Math.round(performance.now() - started), chain: services.chain.mode };
  });

  app.get('/revshare/docs', async () => openApiDocument(services.env.publicUrl));

  // A GET by the spec, yet it creates a request and four keys: never on another site's behalf.
  app.get('/revshare/prepare', { preHandler: [refuseCrossSite(services.env), rateLimit(PREPARE_LIMIT), requireWallet(services), refuseDuringMaintenance(services)] }, async (request) => {
    const { initialBuy } = parseInput(PrepareQuery, request.query);
    return prepareDbc(services, currentWallet(request), initialBuy).catch(serviceError(request.log, 'Failed to prepare token'));
  });

  app.post('/revshare/create', { preHandler: requireWallet(services) }, async (request) => {
    const body = parseInput(CreateBody, withGoalAlias(request.body));
    const wallet = currentWallet(request);
    if (body.developerWallet !== wallet) throw forbidden(LAUNCH_MESSAGES.notYours);
    const { request_id: requestId, ref, ...campaign } = body;
    return createDbc(services, wallet, requestId, { ...campaign, ref }).catch(serviceError(request.log, LAUNCH_MESSAGES.failed));
  });

  app.post('/revshare/complete', { preHandler: requireWallet(services) }, async (request) => {
    const body = parseInput(completeLaunchSchema, request.body);
    return completeDbc(services, currentWallet(request), body).catch(serviceError(request.log, LAUNCH_MESSAGES.failed));
  });
};
