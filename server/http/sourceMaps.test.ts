import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { loadEnv } from '../env';
import { createTestApp, type TestApp } from '../testing/app';
import { fakeAppDir } from '../testing/fakeAppDir';

describe('source maps', () => {
  let t: TestApp;
  let appDir: string;
  let hidden: FastifyInstance;
  let published: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    appDir = fakeAppDir();
    hidden = await buildServer({ services: t.services, appDir });
    published = await buildServer({ services: { ...t.services, env: { ...t.services.env, SOURCE_MAPS: true } }, appDir });
  });
  afterAll(async () => {
    await hidden.close();
    await published.close();
    await t.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('is off unless SOURCE_MAPS says on', () => {
    expect(loadEnv({}).SOURCE_MAPS).toBe(false);
    expect(loadEnv({ SOURCE_MAPS: 'on' }).SOURCE_MAPS).toBe(true);
  });

  it('answers every *.map with a 404 by default, in any spelling, and still serves the app', async () => {
    for (const url of ['/assets/app.js.map', '/assets/app.js%2Emap', '/assets/app.js.%6Dap', '/assets/app.js.map?x=1', '/assets/APP.JS.MAP', '/assets/missing.js.map', '/deep/any.css.map/']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await hidden.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, url).not.toContain('secret.ts');
      }
    }
    expect((await hidden.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await hidden.inject({ method: 'GET', url: '/trade/x' })).statusCode).toBe(200);
  });

  it('serves them with SOURCE_MAPS=on', async () => {
    const res = await published.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sources: ['secret.ts'] });
  });
});
