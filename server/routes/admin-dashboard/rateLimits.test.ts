import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ ...TEST_ADMIN_ENV, RPC_RATE_LIMIT: '3' });
  cookie = await loginTestAdmin(t.app);
}, 60_000);
afterAll(async () => { await t.close(); });

describe('GET /api/admin/rate-limits', () => {
  it('needs the admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/rate-limits' })).statusCode).toBe(401);
  });

  it('answers the /api/rpc rate the server applies, and that rate is the one a client meets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/rate-limits', headers: { cookie } });
    expect(res.json()).toEqual({
      rpc: { max: 3, windowMs: 10_000 },
      marketData: { freeTierPerMinute: [10, 30], birdeyePerMinute: 30, dexscreenerCacheMs: 1_200_000, birdeyeCacheMs: 1_800_000 },
    });
    const call = () => t.app.inject({
      method: 'POST', url: '/api/rpc', remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json' }, payload: { jsonrpc: '2.0', id: 1, method: 'getSlot' },
    });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
  });
});
