import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { closeServices, createLogger, createServices } from '../../server/bootstrap';
import { loadEnv } from '../../server/env';
import type { Services } from '../../server/services';

export type BenchServices = { services: Services; close: () => Promise<void> };
export type BenchServer = BenchServices & { app: FastifyInstance };

/**
 * The server's services for a bench, on the local ledger, with logs off: PGlite in a temporary
 * directory, or DATABASE_URL when set. With `freshDatabase` a bench that fills tables gets a
 * database of its own on that server (dropped by `close`), so it neither meets nor leaves rows.
 */
export async function openBenchServices(name: string, options: { freshDatabase?: boolean } = {}): Promise<BenchServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `causemint-${name}-bench-`));
  const server = options.freshDatabase ? process.env.DATABASE_URL : undefined;
  const dbName = `causemint_bench_${name}_${Date.now().toString(36)}`;
  const databaseUrl = server ? await createDatabase(server, dbName) : process.env.DATABASE_URL;
  const env = loadEnv({
    ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SOLANA_RPC_URL: undefined, SOLANA_CLUSTER: undefined,
  });
  const services = await createServices(env, { log: createLogger(env) });
  return {
    services,
    close: async () => {
      await closeServices(services).catch(() => {});
      if (server) await dropDatabase(server, dbName);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same, with the API routes built and ready (no web app): for app.inject, or app.listen. */
export async function openBenchServer(name: string, options: { freshDatabase?: boolean } = {}): Promise<BenchServer> {
  const opened = await openBenchServices(name, options);
  try {
    const app = await buildServer({ services: opened.services, serveApp: false });
    await app.ready();
    return { ...opened, app, close: async () => { await app.close(); await opened.close(); } };
  } catch (err) {
    await opened.close();
    throw err;
  }
}

async function createDatabase(url: string, name: string): Promise<string> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try { await admin.query(`create database ${name}`); } finally { await admin.end(); }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabase(url: string, name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try { await admin.query(`drop database if exists ${name} with (force)`); } finally { await admin.end(); }
}
