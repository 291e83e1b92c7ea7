import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../policies/admin';
import type { RouteOptions, Services } from '../../services';
import { probeStorage } from '../../storage/probe';

export type PartHealth = { name: string; status: 'ok' | 'failed'; latencyMs: number; detail: string };

const PART_TIMEOUT_MS = 8000;

/** Runs one check with a deadline; a throw or a timeout is that part's failure, never the endpoint's. */
async function timed(name: string, check: () => Promise<{ ok: boolean; detail: string }>): Promise<PartHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      check(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`No answer within ${PART_TIMEOUT_MS / 1000} s`)), PART_TIMEOUT_MS); }),
    ]);
    return { name, status: result.ok ? 'ok' : 'failed', latencyMs: Math.round(performance.now() - started), detail: result.detail };
  } catch (err) {
    return { name, status: 'failed', latencyMs: Math.round(performance.now() - started), detail: (err as Error).message || 'Connection failed' };
  } finally {
    clearTimeout(timer);
  }
}

/** The event stream's round trip: publish a ping (through PostgreSQL NOTIFY) and wait for it to come back. */
async function eventRoundTrip(services: Services): Promise<{ ok: boolean; detail: string }> {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let stop = () => {};
  const seen = new Promise<void>((resolve) => {
    stop = services.events.subscribe((event) => { if (event.type === 'health_ping' && event.id === id) resolve(); });
  });
  try {
    await services.events.publish({ type: 'health_ping', id });
    await seen;
    return { ok: true, detail: `Event delivered; ${services.events.subscriberCount - 1} other subscribers in this process` };
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
      return { ok: true, detail: services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL' };
    }),
    timed(rpcName, async () => {
      const { blockhash, lastValidBlockHeight } = await chain.connection.getLatestBlockhash('confirmed');
      return { ok: true, detail: `Latest blockhash ${blockhash.slice(0, 8)}…, valid to block ${lastValidBlockHeight.toLocaleString('en-US')}` };
    }),
    timed(env.PINATA_JWT ? 'Storage (Pinata)' : 'Storage (local)', async () => probeStorage(env, services.now)),
    timed('Launch service /api/revshare/health', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/revshare/health' });
      const body = res.json() as { ok?: boolean; latency?: number };
      return { ok: res.statusCode === 200 && body.ok === true, detail: `HTTP ${res.statusCode}, chain latency ${body.latency ?? '?'} ms` };
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
