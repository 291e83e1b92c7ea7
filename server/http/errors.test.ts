import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/app';

/** A plain client error: `{ error }` alone, no Fastify code, no stack, no echo of what was sent. */
function expectPlain(res: LightMyRequestResponse, status: number, echo?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error']);
  expect(res.body).not.toMatch(/FST_|\n\s+at |Error:/);
  if (echo) expect(res.body).not.toContain(echo);
}

describe('client errors are plain', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('not found: no method or path echoed back', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope-<script>' });
      expectPlain(res, 404, 'nope');
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('a URL that does not decode is a 400, not Fastify\'s FST_ERR_BAD_URL with the path', async () => {
    for (const url of ['/api/campaigns/%', '/api/campaigns/%zz', '/api/campaigns/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectPlain(res, 400, '%');
      expect(res.json()).toEqual({ error: 'The request URL is not valid' });
    }
  });

  it('a parameter over the router\'s length limit is a 414 without the path', async () => {
    const long = 'x'.repeat(500);
    expectPlain(await t.app.inject({ method: 'GET', url: `/api/campaigns/${long}` }), 414, long);
  });

  it('bodies Fastify refuses: bad or empty JSON, an unknown type, a wrong Content-Length', async () => {
    const post = (payload: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload, headers, remoteAddress: '10.9.9.9' });
    expectPlain(await post('{"wallet": ', { 'content-type': 'application/json' }), 400, 'wallet');
    expectPlain(await post('', { 'content-type': 'application/json' }), 400);
    expectPlain(await post('{"__proto__": {"x": 1}}', { 'content-type': 'application/json' }), 400, 'proto');
    expectPlain(await post('wallet=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'urlencoded');
    expectPlain(await post('{}', { 'content-type': 'application/json', 'content-length': '99' }), 400);
    expectPlain(await t.app.inject({ method: 'PUT', url: '/api/profile', payload: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/json' } }), 413);
  });
});
