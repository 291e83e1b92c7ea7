import type { FastifyPluginAsync } from 'fastify';
import { WALLET_SESSION_COOKIE, findWalletSession } from '../../auth/wallet/session';
import { recordPageView } from '../../commands/recordPageView';
import { parseInput } from '../../http/validate';
import { analyticsConsented } from '../../policies/analyticsConsent';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { PageViewSchema } from './schema';

export const PAGE_VIEW_RATE_LIMIT = { max: 300, windowMs: 60_000 };

/** POST /api/analytics/page-view: sent by the app shell on every route change, stored only with analytics consent. */
export const analyticsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const limit = rateLimit({ ...PAGE_VIEW_RATE_LIMIT, message: 'Too many requests. Try again later.' });

  app.post('/analytics/page-view', { preHandler: limit }, async (request, reply) => {
    const input = parseInput(PageViewSchema, request.body);
    // Without consent the view is dropped, not refused: the browser has nothing to retry.
    if (!analyticsConsented(request.cookies)) return reply.status(204).send();
    // The wallet comes from a signed-in session only, never from the body.
    const session = await findWalletSession(services.db, request.cookies[WALLET_SESSION_COOKIE], services.now());
    await recordPageView(services, {
      walletAddress: session?.wallet ?? null,
      path: input.path.split('?')[0].split('#')[0],
      referrer: input.referrer,
      visitorId: input.visitorId,
      userAgent: request.headers['user-agent'],
    });
    return reply.status(204).send();
  });
};
