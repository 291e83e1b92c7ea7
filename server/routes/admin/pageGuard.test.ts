import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { adminPage } from './pageGuard';
import { TEST_ADMIN_ENV, loginTestAdmin } from './testAdmin';

describe('admin page guard', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('sends the bare prefix to the dashboard', async () => {
    for (const url of ['/xk9j2m4p', '/xk9j2m4p/', '/xk9j2m4p?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/xk9j2m4p/dashboard');
    }
  });

  it('sends guarded pages to the login without a live session', async () => {
    for (const url of ['/xk9j2m4p/dashboard', '/xk9j2m4p/charities?tab=all', '/xk9j2m4p/anything/deeper']) {
      for (const headers of [{}, { cookie: `cm_admin=${'f'.repeat(64)}` }] as Record<string, string>[]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe('/xk9j2m4p/login');
      }
    }
  });

  it('guards every spelling the app router would render as an admin page', async () => {
    const guarded = ['/XK9J2M4P/dashboard', '/Xk9J2m4P/DASHBOARD', '/%78k9j2m4p/dashboard', '/%58K9J2M4P/dashboard',
      '/xk9j2m4p/%64ashboard', '/xk9j2m4p//dashboard', '/xk9j2m4p/dashboard//', '/XK9J2M4P/charities/'];
    for (const url of guarded) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/xk9j2m4p/login');
    }
    for (const url of ['/XK9J2M4P', '/%78k9j2m4p/', '/xk9j2m4p//']) {
      expect((await get(url)).headers.location, url).toBe('/xk9j2m4p/dashboard');
    }
    // The login page in any spelling stays open (the app renders the login there too).
    for (const url of ['/XK9J2M4P/LOGIN', '/xk9j2m4p/%6cogin', '/xk9j2m4p/login//']) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get('/XK9J2M4P/dashboard', { cookie })).statusCode).toBe(404);
    // A path that does not decode never reaches the app shell (Fastify refuses it before routing).
    expect((await get('/xk9j2m4p/%E0%A4%A')).statusCode).toBe(400);
    // Were one to get through, it is guarded, as the router (matching it raw) renders it.
    expect(adminPage('/xk9j2m4p/%E0%A4%A')).toBe('guarded');
  });

  it('lets the login page and, with a session, the guarded pages through to the app', async () => {
    // No built app in API tests: "through" means the normal not-found handling, not a redirect.
    expect((await get('/xk9j2m4p/login')).statusCode).toBe(404);
    expect((await get('/xk9j2m4p/dashboard', { cookie })).statusCode).toBe(404);
    expect((await get('/xk9j2m4p/reports', { cookie })).statusCode).toBe(404);
  });

  it('leaves other paths alone', async () => {
    // Paths the app renders as public pages (its not-found page), not admin ones.
    for (const url of ['/xk9j2m4pX/dashboard', '//xk9j2m4p/dashboard', '/xk9j2m4p%2Fdashboard']) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('redirects again once the session has ended', async () => {
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie }, payload: {} });
    expect((await get('/xk9j2m4p/dashboard', { cookie })).headers.location).toBe('/xk9j2m4p/login');
  });
});
