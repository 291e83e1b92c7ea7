import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling, notFound } from './errors';
import { asService, safeReason, serviceError, ServiceFailure } from './serviceError';

// The service messages of spec 1 section 8 as the routes answer them: a refusal the route
// explained passes untouched, an unexpected failure becomes the message (502), no internals.
const app = Fastify({ logger: false });
beforeAll(async () => {
  installErrorHandling(app);
  app.get('/refused', () => asService(app.log, 'Failed to build buy transaction', async () => { throw notFound('Pool not found'); }));
  app.get('/broken', () => asService(app.log, 'Failed to build buy transaction', async () => { throw new Error('connection to 10.0.0.7 refused'); }));
  app.get('/reasoned', () => Promise.reject(new Error('blockhash expired')).catch(serviceError(app.log, 'Failed to execute swap', (err) => (err as Error).message)));
  app.get('/fine', () => asService(app.log, 'Failed to get campaign stats', async () => ({ ok: true })));
  await app.ready();
});
afterAll(async () => { await app.close(); });

describe('service messages', () => {
  it('keeps a refusal the route explained', async () => {
    const res = await app.inject({ url: '/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Pool not found' });
  });

  it('answers an unexpected failure with the spec text and nothing of the internals', async () => {
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Failed to build buy transaction' });
  });

  it('puts a known reason beside the message', async () => {
    const res = await app.inject({ url: '/reasoned' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Failed to execute swap', reason: 'blockhash expired' });
  });

  it('passes results through', async () => {
    const res = await app.inject({ url: '/fine' });
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('safeReason', () => {
  it('names the upstream, never the error text', async () => {
    // A real refused connection, as fetch (and so web3.js) reports it.
    const refused = await fetch('http://127.0.0.1:1/').catch((err: unknown) => err);
    expect(safeReason(refused)).toBe('RPC unavailable');
    expect(safeReason(new Error(`failed to get info about account X: ${String(refused)}`))).toBe('RPC unavailable');
    const rpcError = Object.assign(new Error('failed to get recent blockhash: 503'), { name: 'SolanaJSONRPCError' });
    expect(safeReason(rpcError)).toBe('RPC error');
    // drizzle's wrapper (its message is the SQL) around the driver's error (a SQLSTATE).
    const driver = Object.assign(new Error('relation "curve_pools" does not exist'), { code: '42P01', severity: 'ERROR' });
    expect(safeReason(Object.assign(new Error('Failed query: select ...', { cause: driver }), { name: 'DrizzleQueryError' }))).toBe('Database error');
    expect(safeReason(driver)).toBe('Database error');
    expect(safeReason(new ServiceFailure('The pool wallet could not sign'))).toBe('The pool wallet could not sign');
    expect(safeReason(new Error('something else'))).toBeUndefined();
    expect(safeReason('a string')).toBeUndefined();
  });
});
