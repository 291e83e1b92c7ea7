import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions, Services } from '../../services';

const DB_TIMEOUT_MS = 3000;

const VERSION = (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

type PartStatus = { ok: boolean; latencyMs: number; error?: string };

async function checkDatabase(services: Services): Promise<PartStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      services.db.execute(sql`select 1`),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), DB_TIMEOUT_MS); }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    services.log.warn({ err }, 'health: database check failed');
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: 'Database unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: each part's status and latency; 503 when the database is down. */
export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/health', async (_request, reply) => {
    const [db, chainHealth] = await Promise.all([checkDatabase(services), services.chain.health()]);
    const ok = db.ok;
    // The chain is reported, not gated on: a slow cluster RPC must not take the web server out of rotation.
    const chain = { ...chainHealth, mode: services.chain.mode };
    return reply.status(ok ? 200 : 503).header('cache-control', 'no-store').send({ ok, version: VERSION, db, chain });
  });
};
