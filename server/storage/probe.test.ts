import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../routes/admin/testAdmin';
import { createTestApp, type TestApp } from '../testing/app';

/** Pinata's API and gateway on one local port: pins keep their bytes, the gateway serves them (or fails as told). */
function fakePinata() {
  const pins = new Map<string, Buffer>();
  let mode: 'ok' | 'pin-refused' | 'gateway-404' | 'hang-up' = 'ok';
  let next = 0;
  const server = http.createServer(async (req, res) => {
    // Pinata unreachable: the connection drops before any answer.
    if (mode === 'hang-up') { req.socket.destroy(); return; }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'POST' && req.url === '/pinning/pinFileToIPFS') {
      if (mode === 'pin-refused') { res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { reason: 'INVALID_CREDENTIALS' } })); return; }
      const form = await new Request('http://pinata.local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
      const cid = `bafyfake${(next += 1)}`;
      pins.set(cid, Buffer.from(await (form.get('file') as Blob).arrayBuffer()));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ IpfsHash: cid }));
      return;
    }
    if (req.method === 'DELETE' && req.url!.startsWith('/pinning/unpin/')) {
      const cid = decodeURIComponent(req.url!.slice('/pinning/unpin/'.length));
      if (req.headers.authorization !== 'Bearer test-jwt' || !pins.delete(cid)) { res.writeHead(404).end(); return; }
      res.writeHead(200).end('OK');
      return;
    }
    const pinned = pins.get(req.url!.replace('/ipfs/', ''));
    if (mode === 'gateway-404' || !pinned) { res.writeHead(404).end(); return; }
    res.writeHead(200).end(pinned);
  });
  return {
    set: (m: typeof mode) => { mode = m; },
    pinned: () => pins.size,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the storage connection test against Pinata', () => {
  const pinata = fakePinata();
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    const url = await pinata.start();
    t = await createTestApp({ ...TEST_ADMIN_ENV, PINATA_JWT: 'test-jwt', PINATA_API_URL: url, PINATA_GATEWAY: url });
    cookie = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t.close(); await pinata.stop(); });
  const probe = async () => (await t.app.inject({ method: 'POST', url: '/api/admin/storage-test', payload: {}, headers: { cookie } })).json();
  // The SDK tab's health check of the same store, in spec 2's words.
  const healthResult = async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie } })).json() as { name: string; status: string; result: string }[];
    return parts.find((p) => p.name === 'Storage (Pinata)');
  };

  it('pins a probe, reads the same bytes back through the gateway, then unpins it', async () => {
    pinata.set('ok');
    expect(await probe()).toMatchObject({ ok: true, store: 'pinata', write: true, read: true, removed: true });
    expect(await probe()).toMatchObject({ ok: true, removed: true });
    expect(await healthResult()).toMatchObject({ status: 'ok', result: 'Connected' });
    expect(pinata.pinned()).toBe(0);
  });

  it('is Partial (written, not read) when the gateway does not serve it', async () => {
    pinata.set('gateway-404');
    expect(await probe()).toMatchObject({ ok: false, write: true, read: false, removed: true, detail: 'Read failed: HTTP 404' });
    expect(await healthResult()).toMatchObject({ status: 'failed', result: 'Partial', detail: 'Read failed: HTTP 404' });
    expect(pinata.pinned()).toBe(0);
  });

  it('fails with Pinata\'s reason when the pin is refused', async () => {
    pinata.set('pin-refused');
    expect(await probe()).toMatchObject({ ok: false, write: false, read: false, cid: null, removed: false, unreachable: false, detail: 'Failed to upload to Pinata: INVALID_CREDENTIALS (Status: 401)' });
    expect(await healthResult()).toMatchObject({ status: 'failed', result: 'Failed' });
  });

  it('is Disconnected when Pinata cannot be reached at all', async () => {
    pinata.set('hang-up');
    expect(await probe()).toMatchObject({ ok: false, write: false, read: false, unreachable: true, detail: expect.stringMatching(/^Failed to upload to Pinata: .* \(Status: 0\)$/) });
    expect(await healthResult()).toMatchObject({ status: 'failed', result: 'Disconnected' });
  });
});
