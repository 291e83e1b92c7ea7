import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Solana Explorer's custom-RPC mode (and any dapp) calls /api/rpc from its own origin,
// with web3.js's `solana-client` header, so the POST needs a preflight answer. No
// credentials are involved: the RPC reads no cookies.

const MAX_AGE_SECONDS = 86_400;

export function setRpcCorsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'retry-after');
  if (request.method === 'OPTIONS') reply.header('vary', 'access-control-request-headers');
}

/**
 * Cross-origin access for one JSON-RPC path of this plugin context: an OPTIONS preflight
 * route and the allow-origin header on every answer of that path (errors included).
 * Call it once per path, inside the plugin that serves the POST route.
 */
export function enableRpcCors(app: FastifyInstance, path: string): void {
  app.options(path, async (request, reply) => {
    setRpcCorsHeaders(request, reply);
    const requested = request.headers['access-control-request-headers'];
    reply.header('access-control-allow-methods', 'POST, OPTIONS');
    reply.header('access-control-allow-headers', typeof requested === 'string' && requested ? requested : 'content-type, solana-client');
    reply.header('access-control-max-age', String(MAX_AGE_SECONDS));
    return reply.status(204).send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === `${app.prefix}${path}`) setRpcCorsHeaders(request, reply);
    return payload;
  });
}
