import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { closeServices, createLogger, createServices } from '../bootstrap';
import { loadEnv } from '../env';
import type { Services } from '../services';
import { createTestDatabase } from './db';

export type TestApp = { app: FastifyInstance; services: Services; dataDir: string; close: () => Promise<void> };

/** The real server on a fresh database, driven with `app.inject` (no port). */
export async function createTestApp(envOverrides: Record<string, string> = {}, options: { log?: FastifyBaseLogger } = {}): Promise<TestApp> {
  const { database, dataDir, cleanup } = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...envOverrides });
  const services = await createServices(env, { database, log: options.log ?? createLogger(env) });
  const app = await buildServer({ services, serveApp: false });
  await app.ready();
  return {
    app, services, dataDir,
    close: async () => {
      await app.close();
      await closeServices(services).catch(() => {});
      await cleanup();
    },
  };
}
