import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { storageResult, type ConnectionResult } from '../../../core/connectionResult';
import { isUnreachable } from '../../http/unreachable';
import { requireAdmin } from '../../policies/admin';
import type { RouteOptions, Services } from '../../services';
import { probeStorage } from '../../storage/probe';

export type PartHealth = { name: string; status: 'ok' | 'failed'; result: ConnectionResult; latencyMs: number; detail: string };
type Check = { result: ConnectionResult; detail: string };

const PART_TIMEOUT_MS = 8000;
// The event stream's ping must come back well within the part's deadline to tell 'published, never delivered'.
const EVENT_ECHO_MS = 5000;

class NoAnswer extends Error {}

/**
 * Runs one check with a deadline; a throw or a timeout is that part's result, never the
 * endpoint's: no answer (a timeout, a refused or dropped connection) is Disconnected,
 * any other error Failed.
 */
async function timed(name: string, check: () => Promise<Check>): Promise<PartHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      check(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new NoAnswer(`No answer within ${PART_TIMEOUT_MS / 1000} s`)), PART_TIMEOUT_MS); }),
    ]);
    return { name, status: result.result === 'Connected' ? 'ok' : 'failed', result: result.result, latencyMs: Math.round(performance.now() - started), detail: result.detail };
  } catch (err) {
    const result = err instanceof NoAnswer || isUnreachable(err) ? 'Disconnected' : 'Failed';
    return { name, status: 'failed', result, latencyMs: Math.round(performance.now() - started), detail: (err as Error).message || 'Connection failed' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The event stream's round trip: publish a ping (through PostgreSQL NOTIFY) and wait for it
 * to come back. Published but never delivered is Partial; a publish that throws, Failed.
 */
async function eventRoundTrip(services: Services): Promise<Check> {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let stop = () => {};
  const seen = new Promise<void>((resolve) => {
    stop = services.events.subscribe((event) => { if (event.type === 'health_ping' && event.id === id) resolve(); });
  });
  try {
    await services.events.publish({ type: 'health_ping', id });
    let timer: NodeJS.Timeout | undefined;
    const delivered = await Promise.race([seen.then(() => true), new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), EVENT_ECHO_MS); })]);
    clearTimeout(timer);
    if (!delivered) return { result: 'Partial', detail: `Event published but not delivered back within ${EVENT_ECHO_MS / 1000} s` };
    return { result: 'Connected', detail: `Event delivered; ${services.events.subscriberCount - 1} other subscribers in this process` };
  } finally {
    stop();
  }
}

export function checkParts(app: FastifyInstance, services: Services): Promise<PartHealth[]> {
  const { chain, env } = services;
  const rpcName = chain.mode === 'local' ? 'Local ledger RPC' : `Cluster RPC (${env.SOLANA_CLUSTER})`;
  return Promise.all([
    timed('Database', async () => {
      await services.db.execute(sql`select 1`);
      return { result: 'Connected', detail: services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL' };
    }),
    timed(rpcName, async () => {
      const { blockhash, lastValidBlockHeight } = await chain.connection.getLatestBlockhash('confirmed');
      return { result: 'Connected', detail: `Latest blockhash ${blockhash.slice(0, 8)}…, valid to block ${lastValidBlockHeight.toLocaleString('en-US')}` };
    }),
    timed(env.PINATA_JWT ? 'Storage (Pinata)' : 'Storage (local)', async () => {
      const probe = await probeStorage(env, services.now);
      return { result: storageResult(probe), detail: probe.detail };
    }),
    timed('Launch service /api/revshare/health', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/revshare/health' });
      const body = res.json() as { ok?: boolean; latency?: number };
      const detail = `HTTP ${res.statusCode}, chain latency ${body.latency ?? '?'} ms`;
      if (res.statusCode !== 200) return { result: 'Failed', detail };
      // The service answers, but its chain does not: part of it works.
      return { result: body.ok === true ? 'Connected' : 'Partial', detail: body.ok === true ? detail : `${detail}; its chain check failed` };
    }),
    timed('Event stream', () => eventRoundTrip(services)),
  ]);
}

/** GET /api/admin/health: the SDK/API Testing tab's health checks of our own parts. */
export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/admin/health', { preHandler: requireAdmin(services) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkParts(app, services);
  });
};
