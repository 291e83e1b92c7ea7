import websocket from '@fastify/websocket';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { enableRpcCors } from '../../chain/gateway/cors';
import { RpcGateway, type GatewayOptions } from '../../chain/gateway/rpcGateway';
import { FORWARDED_CLIENT_HEADER } from '../../chain/gateway/upstream';
import { fleetCallerHeaders } from '../../chain/fleetCaller';
import { pubsubUrlFor } from '../../chain/gateway/wsUrl';
import { rpcClientRate } from '../../policies/rpcRate';
import { faucetPolicyFor } from '../../policies/faucet';
import { proxyPubsub } from '../../chain/gateway/wsProxy';
import { PubsubAdmission } from '../../chain/pubsub/admission';
import { pumpOptionsFor, type PubsubLimits } from '../../chain/pubsub/limits';
import { listenPubsubPort, PUBSUB_MAX_PAYLOAD } from '../../chain/pubsub/listener';
import { admitUpgrade } from '../../chain/pubsub/upgrade';
import { ipBlockListOf } from '../../security/ipBlockList';
import type { RouteOptions } from '../../services';

export type GatewayRouteOptions = Pick<GatewayOptions, 'rateLimitWaitMs' | 'fetch' | 'timeoutMs'>;

/**
 * /api/rpc on a real cluster (SOLANA_RPC_URL set): JSON-RPC forwarded to the provider, the
 * PubSub websocket relayed both as an upgrade on /api/rpc and on PORT + 1, under the local
 * ledger's PubSub caps (connections per address, subscriptions per connection, the block
 * list) and the HTTP path's call rate, checked before anything is relayed. In local mode it
 * registers nothing (the ledger serves /api/rpc).
 */
export function createGatewayRoutes(tuning: GatewayRouteOptions = {}): FastifyPluginAsync<RouteOptions> {
  return async (app, { services }) => {
    const { env, log } = services;
    if (env.localMode || !env.SOLANA_RPC_URL) return;
    const rpcUrl = env.SOLANA_RPC_URL;
    const pubsubUrl = env.SOLANA_WS_URL ?? pubsubUrlFor(rpcUrl);
    // A Causemint ledger process (localnet) is no provider with quotas: the local ledger's rate, its faucet, and our marker.
    const localnet = env.SOLANA_CLUSTER === 'localnet' ? {
      faucet: faucetPolicyFor(services),
      // A browser's call (the ledger keeps its result bounds), from one of the fleet's processes (its faucet counted here).
      headers: { [FORWARDED_CLIENT_HEADER]: '1', ...fleetCallerHeaders(env) },
    } : {};
    const gateway = new RpcGateway({ url: rpcUrl, now: () => services.now().getTime(), limit: rpcClientRate(env), ...localnet, ...tuning });
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

    const maxSubscriptions = env.PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION;
    const pubsubLimits: PubsubLimits = {
      maxSubscriptions,
      // The HTTP path's counter: relayed subscriptions cost a provider as much as calls do. A
      // fleet's own ledger process is no provider: there, as on the local ledger, subscribes count
      // only under the PubSub caps (a client confirming every transfer by subscription is not rate limited).
      admitCall: (ip, id) => gateway.admit(ip, 1, id)?.body,
      subscribesAreCalls: env.SOLANA_CLUSTER !== 'localnet',
      pump: pumpOptionsFor(gateway.rate, () => services.now().getTime(), env.SOLANA_CLUSTER === 'localnet' ? { maxSubscriptions } : undefined),
    };
    const admission = new PubsubAdmission({ maxPerClient: env.PUBSUB_MAX_CONNECTIONS_PER_CLIENT, blockList: ipBlockListOf(services) });
    const relay = (socket: WebSocket, ip: string) => proxyPubsub(socket, ip, pubsubUrl, pubsubLimits, log);

    await app.register(websocket, { options: { maxPayload: PUBSUB_MAX_PAYLOAD } });
    app.get('/rpc', { websocket: true, onRequest: admitUpgrade(admission) }, (socket, request) => {
      admission.track(socket, request.ip);
      relay(socket, request.ip);
    });

    let pubsubPort: { close: () => Promise<void> } | undefined;
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address !== 'object') return;
      try {
        pubsubPort = await listenPubsubPort({ host: env.HOST, port: address.port + 1, admission, proxies: env.TRUST_PROXY, serve: relay });
      } catch (err) {
        log.error({ err, port: address.port + 1 }, 'PubSub port unavailable: web3.js clients deriving ws://host:PORT+1 cannot confirm');
      }
    });
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      admission.stop();
      await pubsubPort?.close();
    });
  };
}

export const gatewayRoutes = createGatewayRoutes();
