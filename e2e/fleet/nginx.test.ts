import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '../../core/constants';
import { openPubsub } from '../../server/testing/pubsubClient';
import { startFleet, type Fleet } from '../../server/fleet/startFleet';
import { signInKeypair } from '../launchApi';
import { tinyMp4 } from '../videoBytes';
import { newFleetDatabase } from './fleetDatabase';
import { airdrop, solBalance } from './fleetClient';

// deploy/nginx.conf in front of two web processes: the websockets browsers and web3.js
// clients open through it, compression, live streams and the largest upload.

let fleet: Fleet;

beforeAll(async () => {
  fleet = await startFleet({
    databaseUrl: await newFleetDatabase(), built: true, webs: 2, workers: 1,
    env: {
      DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000',
      FAUCET_PER_MINUTE: '100000', RPC_RATE_LIMIT: '1000000',
    },
  });
});
afterAll(async () => { await fleet?.stop(); });

/** A GET whose body is the bytes on the wire (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const pubsubPortUrl = () => `ws://127.0.0.1:${fleet.nginx.port + 1}/api/rpc`;

describe('PubSub through nginx', () => {
  it("an account subscription on the /api/rpc upgrade (the browser's) and on the PubSub port hears a transfer", async () => {
    const payer = Keypair.generate();
    await airdrop(fleet.url, payer.publicKey, 2);
    const recipient = Keypair.generate().publicKey;
    // One socket each way; nginx picks a web process for each, and the one that sends the transfer is nginx's choice too.
    const sockets = [await openPubsub(`${fleet.url.replace('http:', 'ws:')}/api/rpc`), await openPubsub(pubsubPortUrl())];
    const subscriptions: number[] = [];
    for (const socket of sockets) {
      const { result } = await socket.request('accountSubscribe', [recipient.toBase58(), { commitment: 'confirmed', encoding: 'base64' }]);
      expect(typeof result).toBe('number');
      subscriptions.push(result as number);
    }

    // web3.js as browsers use it: the websocket on the same host and path.
    const connection = new Connection(`${fleet.url}/api/rpc`, { commitment: 'confirmed', wsEndpoint: `${fleet.url.replace('http:', 'ws:')}/api/rpc` });
    const transfer = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL / 4 }));
    await sendAndConfirmTransaction(connection, transfer, [payer], { commitment: 'confirmed' });

    for (const [i, socket] of sockets.entries()) {
      const notice = await socket.next((m) => m.method === 'accountNotification' && m.params?.subscription === subscriptions[i], 10_000);
      expect(notice.params!.result.value.lamports).toBe(LAMPORTS_PER_SOL / 4);
      socket.close();
    }
    expect(await solBalance(fleet.ledger.url!, recipient.toBase58())).toBe(BigInt(LAMPORTS_PER_SOL / 4));
  });

  it('web3.js given the site URL with its port confirms through the PubSub port it derives (port + 1)', async () => {
    const payer = Keypair.generate();
    await airdrop(fleet.url, payer.publicKey, 1);
    // No wsEndpoint: web3.js derives ws://127.0.0.1:<nginx port + 1>/api/rpc, as Explorer and the CLI do.
    const connection = new Connection(`${fleet.url}/api/rpc`, 'confirmed');
    const recipient = Keypair.generate().publicKey;
    const transfer = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL / 10 }));
    const signature = await sendAndConfirmTransaction(connection, transfer, [payer], { commitment: 'confirmed' });
    expect((await connection.getSignatureStatus(signature)).value?.err).toBeNull();
  });
});

describe('HTTP through nginx', () => {
  it("compresses the app's scripts, and passes the live-update stream on uncompressed as it comes", async () => {
    const html = await (await fetch(fleet.url)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html.slice(0, 2000)).toBeTruthy();
    const zipped = await rawGet(`${fleet.url}${script}`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(`${fleet.webs[0]!.url}${script}`, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body)).toEqual(plain.body);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);

    const controller = new AbortController();
    const stream = await fetch(`${fleet.url}/api/events`, { headers: { 'accept-encoding': 'gzip' }, signal: controller.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    // The stream's first line arrives at once, not when a buffer fills.
    const first = await Promise.race([
      stream.body!.getReader().read().then(({ value }) => Buffer.from(value!).toString()),
      new Promise<string>((resolve) => setTimeout(() => resolve('(nothing within 3 s)'), 3000)),
    ]);
    expect(first).toMatch(/^retry: /);
    controller.abort();
  });

  it('takes a 50 MB video upload, which every web process then serves', async () => {
    const creator = Keypair.generate();
    const cookie = await signInKeypair(fleet.url, creator);
    const video = Buffer.alloc(FILE_LIMITS.video);
    tinyMp4().copy(video);
    const form = new FormData();
    form.set('kind', 'campaign_video');
    form.set('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'film.mp4');
    const res = await fetch(`${fleet.url}/api/uploads`, { method: 'POST', body: form, headers: { cookie, origin: fleet.url } });
    const body = await res.json() as { url: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    for (const web of fleet.webs) {
      const served = await fetch(`${web.url}${body.url}`);
      expect(served.status).toBe(200);
      expect(Number(served.headers.get('content-length'))).toBe(FILE_LIMITS.video);
      await served.body?.cancel();
    }
  });
});

describe("a token's trades through nginx", () => {
  it('go to one web process chosen by the mint, other tokens spread over the others, and a process taken out hands its tokens on', async () => {
    // A connection each (nginx's reloads below close kept-alive ones under a client's feet).
    const served = (mint: string) => new Promise<string | undefined>((resolve, reject) => {
      http.get(`${fleet.url}/api/curve/${mint}/progress`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['x-causemint-upstream'] as string | undefined));
      }).on('error', reject);
    });
    const mints = Array.from({ length: 16 }, () => Keypair.generate().publicKey.toBase58());
    const chosen = new Map<string, string>();
    for (const mint of mints) {
      const upstreams = new Set([await served(mint), await served(mint), await served(mint)]);
      expect(upstreams.size, `${mint}: ${[...upstreams].join(', ')}`).toBe(1);
      chosen.set(mint, [...upstreams][0]!);
    }
    const webAddresses = fleet.webs.map((w) => `127.0.0.1:${w.port}`);
    expect(new Set(chosen.values())).toEqual(new Set(webAddresses));

    // Out of rotation (an upgrade): its tokens go to the other process, the others' stay where they were.
    const [out, stays] = webAddresses as [string, string];
    await fleet.nginx.drain([out]);
    try {
      for (const mint of mints) expect(await served(mint)).toBe(stays);
    } finally {
      await fleet.nginx.drain([]);
    }
    for (const mint of mints) expect(await served(mint)).toBe(chosen.get(mint));
  });
});
