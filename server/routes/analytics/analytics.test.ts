import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { pageViews, userSessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { PAGE_VIEW_RATE_LIMIT } from './analytics';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('POST /api/analytics/page-view', () => {
  let t: TestApp;
  const CONSENT = 'cookie-consent=true; user-preferences-analytics=true';
  const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: payload as object, headers: { cookie: CONSENT, ...headers }, remoteAddress });
  const latest = async () => (await t.services.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1))[0];

  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('stores the view with the device and browser read from the User-Agent', async () => {
    const res = await send({ path: '/explore?q=cats', referrer: 'https://search.example/', visitorId: 'v-123' }, { 'user-agent': IPHONE_SAFARI });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await latest()).toMatchObject({ path: '/explore', referrer: 'https://search.example/', visitorId: 'v-123', deviceType: 'mobile', browser: 'safari' });
  });

  it('accepts a view with only a path', async () => {
    expect((await send({ path: '/' })).statusCode).toBe(204);
    expect(await latest()).toMatchObject({ path: '/', referrer: null, visitorId: null, deviceType: 'desktop', browser: 'unknown' });
  });

  it('records the wallet of a signed-in wallet session, and only that', async () => {
    const token = randomBytes(32).toString('hex');
    await t.services.db.insert(userSessions).values({
      walletAddress: 'WaLLet1111111111111111111111111111111111111', sessionTokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await send({ path: '/account' }, { cookie: `${CONSENT}; cm_session=${token}` })).statusCode).toBe(204);
    expect((await latest()).walletAddress).toBe('WaLLet1111111111111111111111111111111111111');
    expect((await send({ path: '/account', walletAddress: 'Spoofed' })).statusCode).toBe(204);
    expect((await latest()).walletAddress).toBeNull();
  });

  it('refuses bad input with a 400', async () => {
    const before = await t.services.db.$count(pageViews);
    for (const [payload, error] of [
      [{}, 'path is required'],
      [{ path: 'explore' }, 'path must start with /'],
      [{ path: `/${'x'.repeat(3000)}` }, 'path is too long'],
      [{ path: '/', visitorId: 'v'.repeat(101) }, 'visitorId is too long'],
    ] as const) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await t.services.db.$count(pageViews)).toBe(before);
  });

  it('stores nothing for a visitor who declined or has not chosen', async () => {
    const before = await t.services.db.$count(pageViews);
    for (const cookie of ['', 'cookie-consent=false; user-preferences-analytics=false', 'cookie-consent=true; user-preferences-analytics=false', 'user-preferences-analytics=true']) {
      const res = await send({ path: '/declined', visitorId: 'v-no' }, { cookie });
      expect(res.statusCode).toBe(204);
    }
    expect(await t.services.db.$count(pageViews)).toBe(before);
  });

  it('limits views per IP address', async () => {
    for (let i = 0; i < PAGE_VIEW_RATE_LIMIT.max; i++) await send({ path: `/p${i}` }, {}, '10.9.9.9');
    const res = await send({ path: '/one-too-many' }, {}, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many requests. Try again later.' });
    expect((await send({ path: '/other-visitor' }, {}, '10.9.9.10')).statusCode).toBe(204);
  });
});
