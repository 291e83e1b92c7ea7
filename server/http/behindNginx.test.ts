import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/server';
import { ipBlocks } from '../db/schema';
import { refreshIpBlocks } from '../security/ipBlockList';
import { BLOCKED_MESSAGE } from '../security/ipBlockGuard';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../routes/admin/testAdmin';
import { createTestApp, type TestApp } from '../testing/app';
import { startNginx, type StartedNginx } from '../testing/nginx';
import { openPubsub, refusedUpgrade } from '../testing/pubsubClient';

// The audit's attack: behind nginx's usual `$proxy_add_x_forwarded_for`, a client writes
// its own X-Forwarded-For and nginx appends the real address to it. The server must take
// the right-most hop that is not its proxy, never the one the client wrote. nginx reaches
// the server from 127.0.0.2 (TRUST_PROXY names it); the client is 127.0.0.1.
const PROXY_ADDRESS = '127.0.0.2';

describe('behind Debian nginx with its usual proxy headers', () => {
  let t: TestApp;
  let nginx: StartedNginx;
  let forged = 0;
  // A different forged address on every request: under the old rule each was a new client.
  const forgedHeader = () => ({ 'x-forwarded-for': `1.2.3.${++forged % 250}`, 'x-real-ip': '1.2.3.4', 'content-type': 'application/json' });
  const post = (path: string, body: unknown) => fetch(`${nginx.url}${path}`, { method: 'POST', headers: forgedHeader(), body: JSON.stringify(body) });

  beforeAll(async () => {
    t = await createTestApp({
      ...TEST_ADMIN_ENV, TRUST_PROXY: PROXY_ADDRESS, FAUCET_PER_MINUTE: '3', SIGN_INS_PER_MINUTE: '3', PUBSUB_MAX_CONNECTIONS_PER_CLIENT: '2',
    });
    const appPort = await freePort();
    await t.app.listen({ host: '127.0.0.1', port: appPort });
    nginx = await startNginx({ port: await freePort(), upstreams: [`127.0.0.1:${appPort}`], bind: PROXY_ADDRESS });
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it('counts the faucet per real address whatever the client writes in X-Forwarded-For', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/dev/airdrop', { wallet, sol: 1 })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts wallet sign-in challenges per real address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/auth/challenge', { wallet: Keypair.generate().publicKey.toBase58() })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('throttles admin login failures per real address', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await post('/api/admin/login', { username: TEST_ADMIN.username, password: 'wrong password!' })).status);
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429))).toEqual(statuses.slice(statuses.indexOf(429)).map(() => 429));
  });

  it('passes the PubSub websocket through and counts its connections per real address', async () => {
    const url = nginx.url.replace('http:', 'ws:') + '/api/rpc';
    const open = [await openPubsub(url, forgedHeader()), await openPubsub(url, forgedHeader())];
    expect(typeof (await open[0].request('slotSubscribe')).result).toBe('number');
    expect(await refusedUpgrade(url, forgedHeader())).toMatchObject({ status: 429 });
    for (const socket of open) socket.close();
  });

  it('answers a block of the real address 403, and never a block of the forged one', async () => {
    await t.services.db.insert(ipBlocks).values({ address: '1.2.3.0/24', blockedByUsername: 'test' });
    await refreshIpBlocks(t.services);
    expect((await fetch(`${nginx.url}/api/config`, { headers: forgedHeader() })).status).toBe(200);

    await t.services.db.insert(ipBlocks).values({ address: '127.0.0.1', blockedByUsername: 'test' });
    await refreshIpBlocks(t.services);
    const blocked = await fetch(`${nginx.url}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.99', 'x-real-ip': '203.0.113.99' } });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ error: BLOCKED_MESSAGE });
  });
});
