import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { closeServices, createLogger, createServices } from '../../bootstrap';
import { refreshPlatformStats } from '../../commands/refreshPlatformStats';
import { openDatabase } from '../../db/client';
import { loadEnv } from '../../env';
import type { Services } from '../../services';
import { createTestApp, type TestApp } from '../../testing/app';
import { createTestDatabase } from '../../testing/db';
import { TOO_MANY_STREAMS_MESSAGE, eventsRoutes } from './events';
import { isEvent, openSse } from './sseClient';
import { TEST_ADMIN_ENV } from '../admin/testAdmin';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GET /api/events', () => {
  let t: TestApp;
  let url: string;
  // Open streams, counted above the server's own subscribers (the campaign list cache listens too).
  let own = 0;
  const streams = () => t.services.events.subscriberCount - own;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
    own = t.services.events.subscriberCount;
  });
  afterAll(async () => { await t.close(); });

  it('streams retry first, then every published event, and forgets the subscriber on disconnect', async () => {
    const sse = await openSse(`${url}/api/events`);
    expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
    await sse.waitFor((f) => f === 'retry: 5000');
    expect(sse.frames[0]).toBe('retry: 5000');
    await until(() => streams() === 1, 'the subscription');

    await t.services.events.publish({ type: 'site_settings_changed' });
    await sse.waitFor(isEvent('site_settings_changed'));
    await refreshPlatformStats(t.services);
    await sse.waitFor(isEvent('platform_stats_changed'));

    sse.close();
    await until(() => streams() === 0, 'the subscriber to be removed');
  });

  it(`refuses a client's stream beyond EVENTS_MAX_STREAMS_PER_CLIENT with a 429, and counts closed ones out`, async () => {
    const max = t.services.env.EVENTS_MAX_STREAMS_PER_CLIENT;
    const opened = await Promise.all(Array.from({ length: max }, () => openSse(`${url}/api/events`)));
    await until(() => streams() === max, 'every stream');
    const refused = await fetch(`${url}/api/events`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ error: TOO_MANY_STREAMS_MESSAGE });
    expect(streams()).toBe(max);

    opened[0].close();
    await until(() => streams() === max - 1, 'one stream to close');
    const again = await openSse(`${url}/api/events`);
    await again.waitFor((f) => f === 'retry: 5000');
    for (const sse of [again, ...opened.slice(1)]) sse.close();
    await until(() => streams() === 0, 'every stream to close');
  });

  it('sends a comment line on every heartbeat interval', async () => {
    // The same plugin on its own server with a short interval: waiting 25 s is no test.
    const app = Fastify();
    await app.register(eventsRoutes, { services: t.services, heartbeatMs: 50 });
    try {
      const sse = await openSse(`${await listen(app)}/events`);
      await until(() => sse.frames.filter((f) => f === ': heartbeat').length >= 2, 'two heartbeats');
      sse.close();
    } finally {
      await app.close();
    }
  });
});

describe('fan-out between two servers on one database', () => {
  const apps: FastifyInstance[] = [];
  const services: Services[] = [];
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const made = await createTestDatabase();
    cleanup = made.cleanup;
    // Several processes share a database only with a real cluster (the local ledger lives in one
    // process), so these two run in cluster mode; nothing here calls the cluster.
    const env = loadEnv({
      NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: made.dataDir,
      SOLANA_RPC_URL: 'http://127.0.0.1:9/', SOLANA_CLUSTER: 'devnet', ...TEST_ADMIN_ENV,
    });
    // PostgreSQL: two pools and two LISTEN connections, as two processes would have.
    // PGlite cannot be shared between processes: two hubs on one instance instead.
    const second = made.databaseUrl ? await openDatabase({ databaseUrl: made.databaseUrl }) : made.database;
    // Both start at once, as two processes would: seeding and the first admin must not collide.
    services.push(...await Promise.all([made.database, second].map((database) => createServices(env, { database, log: createLogger(env) }))));
    for (const s of services) apps.push(await buildServer({ services: s, serveApp: false }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const s of services) await closeServices(s).catch(() => {});
    await cleanup();
  });

  it('delivers an event published by one server to the browsers of the other', async () => {
    const [urlA, urlB] = [await listen(apps[0]), await listen(apps[1])];
    const own = services.map((s) => s.events.subscriberCount);
    const [a, b] = [await openSse(`${urlA}/api/events`), await openSse(`${urlB}/api/events`)];
    await until(() => services.every((s, i) => s.events.subscriberCount === own[i]! + 1), 'both subscriptions');

    await refreshPlatformStats(services[0]);
    await b.waitFor(isEvent('platform_stats_changed'));
    await a.waitFor(isEvent('platform_stats_changed'));
    a.close();
    b.close();
  });
});
