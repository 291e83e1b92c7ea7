import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { signInWallet } from '../testing/wallet';
import { NUL_BYTE_MESSAGE } from './nulBytes';

// PostgreSQL refuses 0x00 in text; before the guard each of these reached a query and answered 500.
describe('a NUL character anywhere in the input', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInWallet(t.app)).cookie;
  });
  afterAll(async () => { await t.close(); });

  const expectRefused = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method, url, payload, headers });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    expect(res.json()).toEqual({ error: NUL_BYTE_MESSAGE });
  };

  it('in a path parameter', async () => {
    for (const url of ['/api/campaigns/%00', '/api/campaigns/abc%00def', '/api/token-metadata/So1%00', '/api/campaigns/x%00/trades',
      '/api/campaigns/x%00/market', '/api/curve/%00/progress', '/ipfs/%00bafkrei']) {
      await expectRefused('GET', url);
    }
    await expectRefused('POST', '/api/curve/%00/buy', { solAmount: '1', wallet: 'x' });
  });

  it('in the query, under any name or escape case', async () => {
    for (const url of ['/api/campaigns?search=%00', '/api/campaigns?category=a%00b', '/api/campaigns/count?search=%00',
      '/api/campaigns/x/trades?before=%00', '/api/campaigns?%00=1', '/api/ticker?x=%00']) {
      await expectRefused('GET', url);
    }
  });

  it('in any string or key of a JSON body, however deep', async () => {
    await expectRefused('POST', '/api/auth/challenge', { wallet: 'abc\u0000' });
    await expectRefused('POST', '/api/admin/login', { username: 'boss\u0000', password: 'x' });
    await expectRefused('PUT', '/api/profile', { nested: [{ deep: { 'key\u0000': 1 } }] }, { cookie });
    await expectRefused('POST', '/api/analytics/page-view', { path: ['/\u0000'] });
  });

  it('leaves an escaped %2500 (a literal "%00" text) to the route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaigns/%2500' });
    expect(res.statusCode).toBe(404);
  });
});
