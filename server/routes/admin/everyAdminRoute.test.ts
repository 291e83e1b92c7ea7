import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS } from '../../../core/constants';
import { registeredRoutes } from '../../http/routeTable';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { TEST_ADMIN_ENV, loginTestAdmin } from './testAdmin';

// Public by design: signing in, and signing out (which only clears what it is given).
const PUBLIC = new Set(['POST /api/admin/login', 'POST /api/admin/logout']);

describe('every /api/admin route', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  // Taken from Fastify's route table (captured by an onRoute hook in server/app.ts), so an
  // admin route added later is walked without being listed here.
  const adminRoutes = () => registeredRoutes(t.app)
    .filter((r) => !r.websocket && (r.url === '/api/admin' || r.url.startsWith('/api/admin/') || r.url.startsWith('/api/admin.')))
    .filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
  const call = (method: string, url: string, headers: Record<string, string>) => t.app.inject({
    method: method as 'GET',
    url: url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x'),
    headers: { ...headers, ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: JSON.stringify({ method: 'GET', path: '/api/health', address: '10.9.9.9', verified: true, flagged: true, enabled: true }) }),
  });

  it('refuses each one with no cookie, a forged cookie and an expired session, storing nothing', async () => {
    const routes = adminRoutes();
    // The walk covers the contract's routes and the session probe at least.
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of ['GET /api/admin/session', 'GET /api/admin/overview', 'POST /api/admin/stats/sync', 'PATCH /api/admin/campaigns/:id', 'DELETE /api/admin/ip-blocks/:id', 'POST /api/admin/storage-test/upload']) {
      expect(keys).toContain(expected);
    }
    expect(keys).not.toContain('POST /api/admin/platform-stats/sync');

    const fingerprint = await fingerprinter(t.services.database);
    const before = await fingerprint();
    const forged = [`cm_admin=${randomBytes(32).toString('hex')}`, 'cm_admin=forged', `${cookie.slice(0, -1)}${cookie.endsWith('0') ? '1' : '0'}`];
    for (const { method, url } of routes) {
      for (const headers of [{}, ...forged.map((c) => ({ cookie: c }))]) {
        const res = await call(method, url, headers);
        expect(res.statusCode, `${method} ${url} with ${JSON.stringify(headers)}`).toBe(401);
        if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toEqual({ error: 'Admin session required' });
      }
    }
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + ADMIN_SESSION_MS + 60_000);
    try {
      for (const { method, url } of routes) {
        const res = await call(method, url, { cookie });
        expect(res.statusCode, `expired: ${method} ${url}`).toBe(401);
      }
    } finally {
      t.services.now = realNow;
    }
    expect(await fingerprint()).toBe(before);
    // The same cookie still works within its 24 hours: the refusals above were the session's, not the request's.
    expect((await call('GET', '/api/admin/session', { cookie })).statusCode).toBe(200);
  });
});
