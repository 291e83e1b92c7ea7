import http from 'node:http';
import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../server/fleet/startFleet';
import { launchCampaign } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import { airdrop } from './fleetClient';

// docs/DEPLOY.md's rolling upgrade, as an operator runs it: one web process at a time, take
// it out of nginx's rotation (`down`, reload), let nginx's old workers finish, stop it,
// start it again, put it back. Pages, API reads, JSON-RPC and trades keep working throughout.

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

/**
 * One request on a connection of its own. A request sent on a kept-alive connection at the
 * instant nginx's reload closes it fails on the client's side before nginx reads it (browsers
 * send it again); a new connection shows what nginx and the web processes do.
 */
function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers = text ? { 'content-type': 'application/json', origin: fleet.url } : {};
    const req = http.request(`${fleet.url}${path}`, { method, agent: false, headers }, (res) => {
      let data = '';
      res.on('data', (chunk) => { data += chunk; });
      res.on('end', () => {
        let json = {};
        try { json = JSON.parse(data); } catch { /* a page */ }
        resolve({ status: res.statusCode!, json });
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** A buy: the swap built, the trader's signature alone, execute; each request to wherever nginx sends it. */
async function buy(mint: string, trader: Keypair, sol: string): Promise<string | null> {
  const built = await request('POST', `/api/curve/${mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: sol, slippageBps: 10_000 });
  if (built.status !== 200) return `buy ${built.status} ${JSON.stringify(built.json)}`;
  const tx = Transaction.from(Buffer.from(built.json.transactionBase64!, 'base64'));
  tx.partialSign(trader);
  const executed = await request('POST', `/api/curve/${mint}/execute`, { transactionBase64: tx.serialize({ requireAllSignatures: false }).toString('base64') });
  return executed.status === 200 ? null : `execute ${executed.status} ${JSON.stringify(executed.json)}`;
}

describe('a rolling restart of the web processes behind nginx', () => {
  it('drops no request and no trade', async () => {
    const { mint } = await launchCampaign(fleet.url, { initialBuy: '0', ticker: 'ROLL' });
    const trader = Keypair.generate();
    await airdrop(fleet.url, trader.publicKey, 10);

    let rolling = true;
    const failures: string[] = [];
    const served = { requests: 0, trades: 0 };
    const load = (method: 'GET' | 'POST', path: string, body?: unknown) => (async () => {
      while (rolling) {
        try {
          const { status } = await request(method, path, body);
          if (status === 200) served.requests += 1;
          else failures.push(`${method} ${path}: ${status}`);
        } catch (err) {
          failures.push(`${method} ${path}: ${(err as Error).message}`);
        }
      }
    })();
    // Paced to a trade a second: the trading API allows 60 builds and 60 executes a minute per
    // client address and web process, and a fast machine otherwise runs into that limit (429),
    // which is not what this test is about.
    const trading = (async () => {
      while (rolling) {
        const paced = new Promise((resolve) => { setTimeout(resolve, 1000); });
        try {
          // A lamport more each time: the next swap on the same blockhash is not the same transaction.
          const refused = await buy(mint, trader, (0.01 + served.trades / 1e9).toFixed(9));
          if (refused) failures.push(`trade: ${refused}`);
          else served.trades += 1;
        } catch (err) {
          failures.push(`trade: ${(err as Error).message}`);
        }
        await paced;
      }
    })();
    const loads = [
      load('GET', '/'), load('GET', '/api/campaigns?limit=8'), load('GET', `/api/campaigns/${mint}`),
      load('POST', '/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] }),
      trading,
    ];

    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const web of fleet.webs) {
      const before = web.child.pid;
      await fleet.nginx.drain([`127.0.0.1:${web.port}`]);
      await web.restart();
      expect(web.child.pid).not.toBe(before);
      await fleet.nginx.drain([]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    rolling = false;
    await Promise.all(loads);

    expect(failures).toEqual([]);
    expect(served.requests).toBeGreaterThan(100);
    expect(served.trades).toBeGreaterThan(5);
    for (const web of fleet.webs) expect((await fetch(`${web.url}/api/health`)).status).toBe(200);
  });
});
