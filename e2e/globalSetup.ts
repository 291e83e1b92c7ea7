import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../scripts/build-if-needed.mjs';
import { startServer } from './server';

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-123' };

/**
 * The browser suite's server limits (also for a file that starts a server of its own): every
 * browser and test of the run is one client (127.0.0.1), and per-client RPC, faucet, upload,
 * sign-in and stream limits are for a person, not a suite.
 */
export const E2E_CLIENT_LIMITS = {
  RPC_RATE_LIMIT: '1000000', FAUCET_PER_MINUTE: '100000', UPLOADS_PER_MINUTE: '100000', SIGN_INS_PER_MINUTE: '100000', EVENTS_MAX_STREAMS_PER_CLIENT: '100000',
  PUBSUB_MAX_CONNECTIONS_PER_CLIENT: '100000',
};

/** One server per worker of the browser suite (vitest.config.ts: maxWorkers); a file claims a free one (e2e/baseUrl.ts). */
export const E2E_SERVERS = 2;

export default async function setup(project: TestProject) {
  await buildAppIfNeeded({ quiet: true });
  const servers = await Promise.all(Array.from({ length: E2E_SERVERS }, () => startSharedServer()));
  project.provide('baseUrls', servers.map((s) => s.url));
  // Where a file's process claims a server (e2e/baseUrl.ts): one file per server at a time.
  const locks = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-e2e-locks-'));
  project.provide('serverLocks', locks);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(locks, { recursive: true, force: true });
  };
}

function startSharedServer() {
  return startServer({
    ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password,
    // Tests run the distributor themselves and compare readings around it: a scheduled pass
    // in between would take the fees they expect to see.
    DISTRIBUTOR_INTERVAL_MS: '86400000',
    ...E2E_CLIENT_LIMITS,
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    serverLocks: string;
  }
}
