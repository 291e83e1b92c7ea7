import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { completeLaunchSchema } from '../../../core/schemas/launch';
import { launchRequests } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { serviceError } from '../../http/serviceError';
import { parseInput } from '../../http/validate';
import { launcherFor, LAUNCH_MESSAGES } from '../../launch';
import { refuseDuringMaintenance } from '../../policies/maintenance';
import { rateLimit } from '../../policies/rateLimit';
import { refuseCrossSite } from '../../policies/sameOrigin';
import { currentWallet, requireWallet } from '../../policies/wallet';
import type { RouteOptions, Services } from '../../services';
import { openApiDocument } from './openapi';
import { completeDbc, createDbc, prepareDbc } from './dbc';
import { CreateBody, PrepareQuery, withGoalAlias } from './schema';

/**
 * The launch service (spec 1 section 7, /api/revshare): health, docs, prepare -> the
 * creator funds -> create. The state machine behind it is server/launch/. With
 * CURVE_PROGRAM=dbc, prepare -> create (the launch transaction) -> the creator signs ->
 * complete (dbc.ts); create and complete follow the program the request was prepared for.
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
    const prepared = services.env.CURVE_PROGRAM === 'dbc' ? prepareDbc(services, currentWallet(request), initialBuy) : launcher.prepare(currentWallet(request), initialBuy);
    return prepared.catch(serviceError(request.log, 'Failed to prepare token'));
  });

  app.post('/revshare/create', { preHandler: requireWallet(services) }, async (request) => {
    const body = parseInput(CreateBody, withGoalAlias(request.body));
    const wallet = currentWallet(request);
    if (body.developerWallet !== wallet) throw forbidden(LAUNCH_MESSAGES.notYours);
    const { request_id: requestId, ref, ...campaign } = body;
    const created = await programOf(services, requestId) === 'dbc'
      ? createDbc(services, wallet, requestId, { ...campaign, ref })
      : launcher.create(wallet, requestId, { ...campaign, ref });
    return created.catch(serviceError(request.log, LAUNCH_MESSAGES.failed));
  });

  app.post('/revshare/complete', { preHandler: requireWallet(services) }, async (request) => {
    const body = parseInput(completeLaunchSchema, request.body);
    return completeDbc(services, currentWallet(request), body).catch(serviceError(request.log, LAUNCH_MESSAGES.failed));
  });
};

/** Which flow a request was prepared for (custodial when unknown: the launcher answers it as it always has). */
async function programOf(services: Services, requestId: string): Promise<'custodial' | 'dbc'> {
  const [row] = await services.db.select({ program: launchRequests.program }).from(launchRequests).where(eq(launchRequests.requestId, requestId));
  return row?.program ?? 'custodial';
}
