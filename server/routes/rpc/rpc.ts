import websocket from '@fastify/websocket';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { enableRpcCors } from '../../chain/gateway/cors';
import { PubsubAdmission } from '../../chain/pubsub/admission';
import { pumpOptionsFor, type PubsubLimits } from '../../chain/pubsub/limits';
import { listenPubsubPort, PUBSUB_MAX_PAYLOAD } from '../../chain/pubsub/listener';
import { LocalPubsub } from '../../chain/pubsub/pubsub';
import { admitUpgrade } from '../../chain/pubsub/upgrade';
import { RpcLimits } from '../../chain/rpc/limits';
import { sendRpcBody } from '../../chain/rpc/httpBody';
import { rpcClientRate } from '../../policies/rpcRate';
import { faucetPolicyFor } from '../../policies/faucet';
import { ipBlockListOf } from '../../security/ipBlockList';
import type { RouteOptions, Services } from '../../services';

const pubsubs = new WeakMap<Services, LocalPubsub>();

/** The local ledger's PubSub of this app (tests watch its fan-out). */
export function localPubsubOf(services: Services): LocalPubsub | undefined {
  return pubsubs.get(services);
}

/**
 * /api/rpc in local mode: Solana JSON-RPC 2.0 over the in-process ledger under per-client
 * limits (batch size, calls per 10 s, result size, the faucet), and its PubSub
 * websocket both as an upgrade on /api/rpc and on PORT + 1, under the PubSub caps
 * (connections per address, subscriptions and messages per connection, the block list).
 * On a real cluster it registers nothing (gateway.ts serves /api/rpc then).
 */
export const rpcRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env, log, chain } = services;
  if (!env.localMode || !chain.ledger || !chain.rpc || !chain.store) return;
  const rpc = chain.rpc;
  const now = () => services.now().getTime();

  enableRpcCors(app, '/rpc');
  // Bad JSON is a JSON-RPC parse error (-32700), not an HTTP 400: parse it ourselves.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const limits = new RpcLimits({
    maxBatch: env.RPC_MAX_BATCH,
    ratePerWindow: rpcClientRate(env).max,
    maxProgramAccounts: env.RPC_MAX_PROGRAM_ACCOUNTS,
    faucet: faucetPolicyFor(services),
    now,
  });
  app.post('/rpc', async (request, reply) => {
    const answer = await rpc.handleHttp(typeof request.body === 'string' ? request.body : '', { ip: request.ip, limits });
    if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
    return sendRpcBody(reply.status(answer.status).header('content-type', 'application/json; charset=utf-8'), answer.text);
  });

  const pubsubLimits: PubsubLimits = {
    maxSubscriptions: env.PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION,
    // HTTP's counter for what PubSub does not serve: a websocket is no way around the HTTP rate.
    // Subscribes and unsubscribes count under the caps here instead (LocalPubsub).
    admitCall: (ip, id) => limits.admit({ id }, ip)?.body,
    pump: pumpOptionsFor(rpcClientRate(env), now, { maxSubscriptions: env.PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION }),
  };
  const pubsub = new LocalPubsub({ ledger: chain.ledger, store: chain.store }, pubsubLimits, log);
  pubsubs.set(services, pubsub);
  const admission = new PubsubAdmission({ maxPerClient: env.PUBSUB_MAX_CONNECTIONS_PER_CLIENT, blockList: ipBlockListOf(services) });

  await app.register(websocket, { options: { maxPayload: PUBSUB_MAX_PAYLOAD } });
  app.get('/rpc', { websocket: true, onRequest: admitUpgrade(admission) }, (socket, request) => {
    admission.track(socket, request.ip);
    pubsub.handle(socket, request.ip);
  });

  let port: { close: () => Promise<void> } | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    try {
      port = await listenPubsubPort({
        host: env.HOST, port: address.port + 1, admission, proxies: env.TRUST_PROXY,
        serve: (socket, ip) => pubsub.handle(socket, ip),
      });
    } catch (err) {
      log.error({ err, port: address.port + 1 }, 'PubSub port unavailable: web3.js clients deriving ws://host:PORT+1 cannot confirm');
    }
  });
  // Before the HTTP server waits for its connections: an open subscription socket (kit keeps
  // its channel open) would hold that wait for as long as the client keeps it.
  app.addHook('preClose', async () => { pubsub.close(); });
  app.addHook('onClose', async () => {
    admission.stop();
    await port?.close();
  });
};
