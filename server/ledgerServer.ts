import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FORWARDED_CLIENT_HEADER } from './chain/gateway/upstream';
import { PubsubAdmission } from './chain/pubsub/admission';
import { listenPubsubPort } from './chain/pubsub/listener';
import { LocalPubsub } from './chain/pubsub/pubsub';
import { RpcLimits } from './chain/rpc/limits';
import { sendRpcBody } from './chain/rpc/httpBody';
import { frameworkErrors, installErrorHandling } from './http/errors';
import { requestLogController } from './log/requestLog';
import { FLEET_CALLER_HEADER, fleetCallerToken, isFleetCaller } from './chain/fleetCaller';
import { FaucetPolicy, databaseFaucet } from './policies/faucet';
import { rpcClientRate } from './policies/rpcRate';
import type { Services } from './services';
import { boundClose } from './http/closeGrace';

// Its own processes' calls: a limit per caller would throttle a whole web process.
const UNLIMITED = Number.MAX_SAFE_INTEGER;
const RPC_BODY_LIMIT = 50 * 1024 * 1024;

/**
 * `--role=ledger`: the local ledger alone, served as solana-test-validator serves one, for
 * web processes and workers that reach it as a cluster (SOLANA_RPC_URL, SOLANA_CLUSTER=localnet):
 * JSON-RPC on PORT (at `/` and `/api/rpc`), PubSub on PORT + 1, `GET /health`. It persists
 * exactly as the in-process ledger does (the database is the source of truth) and holds the
 * database's ledger lock, so it is the only process that runs it.
 *
 * Per-client limits belong to the web processes' gateway, which knows the browser behind a
 * call. A call carrying the fleet's mark (FLEET_CALLER_HEADER, derived from the shared
 * KEY_ENCRYPTION_SECRET) is one of our processes': its own calls run unlimited, and those it
 * marks as a browser's (FORWARDED_CLIENT_HEADER) keep only the result bounds (batch size, the
 * getProgramAccounts filter rule and cap). Any other caller is a stranger who reached the port:
 * the faucet's cap and per-minute rate (counted in the database with the web processes' own),
 * the per-client RPC rate and the result bounds, as a browser gets on /api/rpc. Bind it to an
 * address only the fleet reaches anyway, as a validator's RPC port.
 */
export async function buildLedgerServer(services: Services): Promise<FastifyInstance> {
  const { chain, env, log } = services;
  if (!chain.ledger || !chain.rpc || !chain.store) {
    throw new Error('--role=ledger runs the local ledger itself: leave SOLANA_RPC_URL and SOLANA_CLUSTER unset for it');
  }
  const rpc = chain.rpc;
  const app = Fastify({ loggerInstance: log, logController: requestLogController(env.LOG_LEVEL), bodyLimit: RPC_BODY_LIMIT, frameworkErrors });
  installErrorHandling(app);
  boundClose(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const now = () => services.now().getTime();
  const forwarded = new RpcLimits({
    maxBatch: env.RPC_MAX_BATCH, ratePerWindow: UNLIMITED, maxProgramAccounts: env.RPC_MAX_PROGRAM_ACCOUNTS,
    // The gateway applied the faucet's cap and rate to the browser already.
    faucet: FaucetPolicy.unlimited(), now,
  });
  const strangers = new RpcLimits({
    maxBatch: env.RPC_MAX_BATCH, ratePerWindow: rpcClientRate(env).max, maxProgramAccounts: env.RPC_MAX_PROGRAM_ACCOUNTS,
    faucet: databaseFaucet(services), now,
  });
  const ours = fleetCallerToken(env);
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const text = typeof request.body === 'string' ? request.body : '';
    reply.header('content-type', 'application/json; charset=utf-8');
    const own = isFleetCaller(request.headers[FLEET_CALLER_HEADER], ours);
    if (own && !request.headers[FORWARDED_CLIENT_HEADER]) return reply.send(await rpc.handleText(text));
    const answer = await rpc.handleHttp(text, { ip: request.ip, limits: own ? forwarded : strangers });
    if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
    return sendRpcBody(reply.status(answer.status), answer.text);
  };
  app.post('/', serve);
  app.post('/api/rpc', serve);
  // As a validator's: 'ok' while it serves.
  app.get('/health', async (_request, reply) => reply.type('text/plain').send('ok'));

  const pubsub = new LocalPubsub({ ledger: chain.ledger, store: chain.store }, {
    maxSubscriptions: UNLIMITED,
    admitCall: () => undefined,
    pump: { maxMessagesPerWindow: UNLIMITED, windowMs: 10_000, now: () => services.now().getTime() },
  }, log);
  const admission = new PubsubAdmission({ maxPerClient: UNLIMITED });
  let port: { close: () => Promise<void> } | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    port = await listenPubsubPort({ host: env.HOST, port: address.port + 1, admission, proxies: false, serve: (socket, ip) => pubsub.handle(socket, ip) });
  });
  // Before the HTTP server waits for its connections: an open subscription socket (kit keeps
  // its channel open) would hold that wait for as long as the client keeps it.
  app.addHook('preClose', async () => { pubsub.close(); });
  app.addHook('onClose', async () => {
    admission.stop();
    await port?.close();
  });
  return app;
}
