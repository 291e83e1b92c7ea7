import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';

/**
 * The build writes source maps (vite.config.ts) so an operator can choose to publish
 * them; by default (SOURCE_MAPS off) every *.map outside /api answers 404, so the app's
 * original sources, comments included, are not handed to anyone who asks.
 */
export function hideSourceMaps(app: FastifyInstance, env: Env): void {
  if (env.SOURCE_MAPS) return;
  app.addHook('onRequest', async (request, reply) => {
    // The matched route catches every spelling the static files' routes accept
    // (%2E, %6Dap ...); the decoded path also catches maps that do not exist, which
    // would otherwise fall through to the app shell.
    if (!isSourceMap(request.routeOptions.url) && !isSourceMap(decodedPath(request.url))) return;
    if (decodedPath(request.url).startsWith('/api/')) return;
    return reply.status(404).send({ error: 'Not found' });
  });
}

function isSourceMap(path: string | undefined): boolean {
  return Boolean(path && /\.map\/*$/i.test(path));
}

function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
