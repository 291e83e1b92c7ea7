import websocket from '@fastify/websocket';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { enableRpcCors } from '../../chain/gateway/cors';
import { listenPubsub, PUBSUB_MAX_PAYLOAD } from '../../chain/pubsub/listener';
import { LocalPubsub } from '../../chain/pubsub/pubsub';
import type { RouteOptions } from '../../services';

/**
 * /api/rpc in local mode: Solana JSON-RPC 2.0 over the in-process ledger, and its PubSub
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

  app.post('/rpc', async (request, reply) => {
    const text = await rpc.handleText(typeof request.body === 'string' ? request.body : '');
    return reply.header('content-type', 'application/json; charset=utf-8').send(text);
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
