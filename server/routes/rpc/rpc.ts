import websocket from '@fastify/websocket';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { enableRpcCors } from '../../chain/gateway/cors';
import { listenPubsub, PUBSUB_MAX_PAYLOAD } from '../../chain/pubsub/listener';
import { LocalPubsub } from '../../chain/pubsub/pubsub';
import { RpcLimits } from '../../chain/rpc/limits';
import { faucetPolicyFor } from '../../policies/faucet';
import type { RouteOptions } from '../../services';

/**
 * /api/rpc in local mode: Solana JSON-RPC 2.0 over the in-process ledger under per-client
 * limits (batch size, calls per 10 s, result size, the faucet), and its PubSub
 * websocket both as an upgrade on /api/rpc and on PORT + 1. On a real cluster it registers
 * nothing (gateway.ts serves /api/rpc then).
 */
export const rpcRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env, log, chain } = services;
  if (!env.localMode || !chain.ledger || !chain.rpc || !chain.store) return;
  const rpc = chain.rpc;
  const pubsub = new LocalPubsub({ ledger: chain.ledger, store: chain.store }, log);

  enableRpcCors(app, '/rpc');
  // Bad JSON is a JSON-RPC parse error (-32700), not an HTTP 400: parse it ourselves.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const limits = new RpcLimits({
    maxBatch: env.RPC_MAX_BATCH,
    ratePerWindow: env.RPC_RATE_LIMIT,
    maxProgramAccounts: env.RPC_MAX_PROGRAM_ACCOUNTS,
    faucet: faucetPolicyFor(services),
    now: () => services.now().getTime(),
  });
  app.post('/rpc', async (request, reply) => {
    const answer = await rpc.handleHttp(typeof request.body === 'string' ? request.body : '', { ip: request.ip, limits });
    if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
    return reply.status(answer.status).header('content-type', 'application/json; charset=utf-8').send(answer.text);
  });

  await app.register(websocket, { options: { maxPayload: PUBSUB_MAX_PAYLOAD } });
  app.get('/rpc', { websocket: true }, (socket) => pubsub.handle(socket));

  let port: { close: () => Promise<void> } | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    try {
      port = await listenPubsub(pubsub, env.HOST, address.port + 1);
    } catch (err) {
      log.error({ err, port: address.port + 1 }, 'PubSub port unavailable: web3.js clients deriving ws://host:PORT+1 cannot confirm');
    }
  });
  app.addHook('onClose', async () => {
    pubsub.close();
    await port?.close();
  });
};
