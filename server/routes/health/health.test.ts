import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';

const { version } = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('reports the database and the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, version, db: { ok: true } });
    expect(typeof body.db.latencyMs).toBe('number');
  });

  it('reports the local ledger: mode, slot and latency', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(body.chain).toMatchObject({ ok: true, mode: 'local' });
    expect(body.chain.slot).toBeGreaterThan(0);
    expect(typeof body.chain.latencyMs).toBe('number');
  });

  it('answers 503 once the database is gone', async () => {
    await t.services.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, db: { ok: false, error: 'Database unavailable' } });
  });
});
