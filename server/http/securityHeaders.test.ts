import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import type { Env } from '../env';
import { createTestApp, type TestApp } from '../testing/app';
import { fakeAppDir } from '../testing/fakeAppDir';

const directives = (csp: string | undefined) => new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('security headers', () => {
  let t: TestApp;
  let appDir: string;
  const servers: FastifyInstance[] = [];
  const serverWith = async (env: Partial<Env>) => {
    const app = await buildServer({ services: { ...t.services, env: { ...t.services.env, ...env } }, appDir });
    servers.push(app);
    return app;
  };

  beforeAll(async () => {
    t = await createTestApp({ PINATA_GATEWAY: 'https://causemint.mypinata.cloud' });
    appDir = fakeAppDir();
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    await t.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  const expectHardened = (headers: Record<string, unknown>) => {
    const csp = directives(headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://causemint.mypinata.cloud']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https://causemint.mypinata.cloud']);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    // Cross-origin readers (Solana Explorer on /api/rpc, wallets showing /ipfs images) stay allowed.
    expect(headers['cross-origin-resource-policy']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  };

  it('hardens API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectHardened(res.headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it('hardens the app shell, its files and the admin redirects', async () => {
    const app = await serverWith({});
    const shell = await app.inject({ method: 'GET', url: '/start-campaign' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(shell.headers);
    expectHardened((await app.inject({ method: 'GET', url: '/assets/app.js' })).headers);
    const redirect = await app.inject({ method: 'GET', url: '/xk9j2m4p/dashboard' });
    expect(redirect.statusCode).toBe(302);
    expectHardened(redirect.headers);
  });

  it('keeps /api/rpc callable from other origins', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS', url: '/api/rpc',
      headers: { origin: 'https://explorer.solana.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, solana-client' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const call = await t.app.inject({
      method: 'POST', url: '/api/rpc', headers: { origin: 'https://explorer.solana.com', 'content-type': 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('*');
    expect(call.headers['cross-origin-resource-policy']).toBeUndefined();
  });

  it('announces HSTS (and upgrades insecure requests) only when PUBLIC_URL is https', async () => {
    const https = await serverWith({ PUBLIC_URL: 'https://causemint.example', publicUrl: 'https://causemint.example' });
    for (const url of ['/api/health', '/']) {
      const res = await https.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests'), url).toBe(true);
    }
    const http = await serverWith({});
    expect((await http.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });
});
