import http from 'node:http';
import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/server';
import { ipBlocks, userSessions } from '../db/schema';
import { refreshIpBlocks } from '../security/ipBlockList';
import { BLOCKED_MESSAGE } from '../security/ipBlockGuard';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../routes/admin/testAdmin';
import { createTestApp, type TestApp } from '../testing/app';
import { startNginx, type StartedNginx } from '../testing/nginx';
import { openPubsub, refusedUpgrade } from '../testing/pubsubClient';
import { signMessage } from '../testing/wallet';

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

  let appPort: number;

  /** A JSON POST from a chosen local address (its own client as the server counts them). */
  const postFrom = (localAddress: string, baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const text = JSON.stringify(body);
      const req = http.request(`${baseUrl}${path}`, {
        method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      }, (res) => {
        let data = '';
        res.on('data', (chunk) => { data += chunk; });
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(data) as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(text);
    });

  /** Signs a new wallet in from `localAddress` through `baseUrl` with a CDN's location headers; the session row it made. */
  const signInWithLocation = async (localAddress: string, baseUrl: string) => {
    const keypair = Keypair.generate();
    const wallet = keypair.publicKey.toBase58();
    const location = { 'cf-ipcountry': 'FR', 'cf-ipcity': 'Lyon', 'x-vercel-ip-country-region': 'ARA', cookie: 'cookie-consent=true; user-preferences-analytics=true' };
    const challenge = await postFrom(localAddress, baseUrl, '/api/auth/challenge', { wallet }, location);
    expect(challenge.status).toBe(200);
    const message = challenge.json.message as string;
    const verified = await postFrom(localAddress, baseUrl, '/api/auth/verify', { wallet, message, signature: signMessage(keypair, message) }, location);
    expect(verified.status).toBe(200);
    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, wallet));
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp({
      ...TEST_ADMIN_ENV, TRUST_PROXY: PROXY_ADDRESS, FAUCET_PER_MINUTE: '3', SIGN_INS_PER_MINUTE: '3', PUBSUB_MAX_CONNECTIONS_PER_CLIENT: '2',
    });
    appPort = await freePort();
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

  it("drops a client's own CDN location headers, which the server would believe from its proxy", async () => {
    // Straight from the proxy's address they count: that is what a CDN in front relies on.
    const direct = await signInWithLocation(PROXY_ADDRESS, `http://127.0.0.1:${appPort}`);
    expect(direct).toMatchObject({ country: 'FR', city: 'Lyon', region: 'ARA' });
    // A client sending them through nginx (from its own address, so the sign-in limits above do not apply).
    const forged = await signInWithLocation('127.0.0.3', nginx.url);
    expect(forged).toMatchObject({ ipAddress: '127.0.0.3', city: 'unknown', region: 'unknown' });
    expect(forged.country).not.toBe('FR');
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
