import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { IpBlockList, registerIpBlockList } from './ipBlockList';

export const BLOCKED_MESSAGE = 'Access from your network has been blocked';

// Deliberately bare: no scripts, styles or links to anything this address may not load.
const BLOCKED_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Access blocked</title></head>
<body>
<h1>Access blocked</h1>
<p>${BLOCKED_MESSAGE}. If you think this is a mistake, contact the site's operators.</p>
</body>
</html>
`;

/**
 * Refuses every request from a blocked address or range, first of all the onRequest
 * hooks: 403 `{ error }` for /api, a plain page otherwise. The address is Fastify's
 * request.ip: behind TRUST_PROXY, the right-most X-Forwarded-For hop that is not one of our proxies.
 */
export async function installIpBlockGuard(app: FastifyInstance, services: Services): Promise<void> {
  const list = new IpBlockList(services);
  await list.start();
  registerIpBlockList(services, list);
  app.addHook('onClose', async () => { list.stop(); });
  app.addHook('onRequest', async (request, reply) => {
    if (!list.isBlocked(request.ip)) return;
    const path = request.url.split('?')[0];
    reply.status(403).header('cache-control', 'no-store');
    if (request.headers.upgrade) {
      // A websocket upgrade's socket is no HTTP server's to close (and the websocket
      // plugin's own close never runs after an early answer): end it with the answer.
      reply.header('connection', 'close');
      reply.raw.once('finish', () => request.raw.socket?.destroy());
    }
    if (path === '/api' || path.startsWith('/api/')) return reply.send({ error: BLOCKED_MESSAGE });
    return reply.type('text/html; charset=utf-8').send(BLOCKED_PAGE);
  });
}
