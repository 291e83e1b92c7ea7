import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { closeServices, createLogger, createServices } from '../bootstrap';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import type { Services } from '../services';
import { createTestDatabase } from './db';

export type WebPair = { apps: [FastifyInstance, FastifyInstance]; services: [Services, Services]; setNow: (now: () => Date) => void; close: () => Promise<void> };

/**
 * Two web processes' worth of server on one fresh database: each its own services, routes
 * and memory. On PostgreSQL each has its own connection pool, as two processes would; PGlite
 * cannot be shared between processes, so there both run on the one instance. Several
 * processes share a database only with a real cluster (the local ledger lives in one
 * process), so these run in cluster mode; callers must not use the chain.
 */
export async function createWebPair(envOverrides: Record<string, string> = {}): Promise<WebPair> {
  const made = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: made.dataDir,
    SOLANA_RPC_URL: 'http://127.0.0.1:9/', SOLANA_CLUSTER: 'devnet', ...envOverrides,
  });
  const second = made.databaseUrl ? await openDatabase({ databaseUrl: made.databaseUrl }) : made.database;
  const services: Services[] = [];
  for (const database of [made.database, second]) services.push(await createServices(env, { database, log: createLogger(env) }));
  const apps: FastifyInstance[] = [];
  for (const s of services) {
    const app = await buildServer({ services: s, serveApp: false });
    await app.ready();
    apps.push(app);
  }
  return {
    apps: [apps[0]!, apps[1]!],
    services: [services[0]!, services[1]!],
    setNow: (now) => { for (const s of services) s.now = now; },
    close: async () => {
      for (const app of apps) await app.close();
      for (const s of services) await closeServices(s).catch(() => {});
      await made.cleanup();
    },
  };
}
