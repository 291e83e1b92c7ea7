import websocket from '@fastify/websocket';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { enableRpcCors } from '../../chain/gateway/cors';
import { PUBSUB_MAX_PAYLOAD, startPubsubListener } from '../../chain/gateway/pubsubListener';
import { RpcGateway, type GatewayOptions } from '../../chain/gateway/rpcGateway';
import { pubsubUrlFor } from '../../chain/gateway/wsUrl';
import { proxyPubsub } from '../../chain/gateway/wsProxy';
import type { RouteOptions } from '../../services';

export type GatewayRouteOptions = Pick<GatewayOptions, 'rateLimitWaitMs' | 'fetch' | 'timeoutMs'>;

/**
 * /api/rpc on a real cluster (SOLANA_RPC_URL set): JSON-RPC forwarded to the provider, the
 * PubSub websocket relayed both as an upgrade on /api/rpc and on PORT + 1. In local mode it
 * registers nothing (the ledger serves /api/rpc).
 */
export function createGatewayRoutes(tuning: GatewayRouteOptions = {}): FastifyPluginAsync<RouteOptions> {
  return async (app, { services }) => {
    const { env, log } = services;
    if (env.localMode || !env.SOLANA_RPC_URL) return;
    const rpcUrl = env.SOLANA_RPC_URL;
    const pubsubUrl = env.SOLANA_WS_URL ?? pubsubUrlFor(rpcUrl);
    const gateway = new RpcGateway({ url: rpcUrl, now: () => services.now().getTime(), ...tuning });
    const sweeper = setInterval(() => gateway.limiter.sweep(), 60_000).unref();

    enableRpcCors(app, '/rpc');
    // The raw body is forwarded as sent, and bad JSON answered as JSON-RPC (-32700), not as a 400.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post('/rpc', async (request, reply) => {
      const answer = await gateway.handle(typeof request.body === 'string' ? request.body : '', request.ip);
      if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
      if (answer.raw !== undefined) return reply.status(answer.status).header('content-type', 'application/json; charset=utf-8').send(answer.raw);
      return reply.status(answer.status).send(answer.body);
    });

    await app.register(websocket, { options: { maxPayload: PUBSUB_MAX_PAYLOAD } });
    app.get('/rpc', { websocket: true }, (socket) => proxyPubsub(socket, pubsubUrl, log));

    let pubsubPort: { close: () => Promise<void> } | undefined;
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address !== 'object') return;
      try {
        pubsubPort = await startPubsubListener({ host: env.HOST, port: address.port + 1, upstreamUrl: pubsubUrl, log });
      } catch (err) {
        log.error({ err, port: address.port + 1 }, 'PubSub port unavailable: web3.js clients deriving ws://host:PORT+1 cannot confirm');
      }
    });
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      await pubsubPort?.close();
    });
  };
}

export const gatewayRoutes = createGatewayRoutes();
