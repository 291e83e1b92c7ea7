import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { frameworkErrors, installErrorHandling } from './http/errors';
import { refuseNulBytes } from './http/nulBytes';
import { captureRoutes } from './http/routeTable';
import { refuseCrossSiteWrites } from './http/origin';
import { requestLogController } from './log/requestLog';
import { registerSecurityHeaders } from './http/securityHeaders';
import { hideSourceMaps } from './http/sourceMaps';
import { WALLET_SESSION_COOKIE } from './auth/wallet/session';
import type { RouteOptions, Services } from './services';
import { adminPageGuard } from './routes/admin/pageGuard';
import { apiRoutes, rootRoutes } from './routes';
import { sharePageRoutes } from './share/sharePage';
import { installIpBlockGuard } from './security/ipBlockGuard';
import { proxyTrust } from './http/trustedProxy';
import { boundClose } from './http/closeGrace';

export const APP_DIST_DIR = fileURLToPath(new URL('../dist/app', import.meta.url));

export type BuildOptions = {
  services: Services;
  /** Serve the built React app (off in API tests). */
  serveApp?: boolean;
  /** Where the built app is (tests serve a small stand-in). */
  appDir?: string;
  /** Extra route plugins mounted under /api (issues add theirs to server/routes/index.ts). */
  extraRoutes?: FastifyPluginAsync<RouteOptions>[];
};

/** Builds the HTTP server: the API under /api and the React app for every other GET. */
export async function buildServer({ services, serveApp = true, appDir = APP_DIST_DIR, extraRoutes = [] }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    logController: requestLogController(services.env.LOG_LEVEL),
    // Only the named proxies' X-Forwarded-For hops count: request.ip is the right-most hop that is not one of them.
    trustProxy: services.env.TRUST_PROXY ? proxyTrust(services.env.TRUST_PROXY) : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  captureRoutes(app);
  boundClose(app);
  installErrorHandling(app);
  await registerSecurityHeaders(app, services.env);
  // First after the headers: a blocked address gets nothing else of ours, not even a 400.
  await installIpBlockGuard(app, services);
  hideSourceMaps(app, services.env);
  refuseNulBytes(app);
  await app.register(cookie);
  app.addHook('onRequest', adminPageGuard(services));
  app.addHook('onRequest', refuseCrossSiteWrites(services.env, [WALLET_SESSION_COOKIE]));

  for (const routes of [...apiRoutes, ...extraRoutes]) {
    await app.register(routes, { prefix: '/api', services });
  }
  for (const routes of rootRoutes) {
    await app.register(routes, { services });
  }

  const indexHtml = path.join(appDir, 'index.html');
  const hasApp = serveApp && fs.existsSync(indexHtml);
  if (hasApp) {
    // One route per file, except Vite's hashed assets/ (nearly all of the build): one wildcard
    // route serves those, so a start neither globs nor registers hundreds of routes. A missing
    // asset falls through to the not-found handler below either way.
    await app.register(fastifyStatic, { root: appDir, wildcard: false, index: false, globIgnore: ['assets/**'] });
    const assetsDir = path.join(appDir, 'assets');
    if (fs.existsSync(assetsDir)) {
      await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', wildcard: true, index: false, decorateReply: false });
    }
    await app.register(sharePageRoutes, { services, indexHtml });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasApp) {
      // Never the path echoed back: a reflected URL is a gift to anyone crafting one.
      return reply.status(404).send({ error: 'Not found' });
    }
    // Client-side routes: the React app decides (including its own 404 page).
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
