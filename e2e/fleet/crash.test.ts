import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPubsub } from '../../server/testing/pubsubClient';
import { startFleet, type Fleet, type FleetProcess } from '../../server/fleet/startFleet';
import { launchCampaign, transferSol } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import {
  airdrop, expectCurveEqualsPool, indexedTrades, ledgerRpc, query, quoteBuy, solBalance, someClient, statuses, trade, tryBuy, type Attempt,
} from './fleetClient';

// kill -9 of a web process under load, then of the ledger process: what was confirmed stays
// confirmed, nothing is left half done, and every web process reconnects by itself.

let fleet: Fleet;
let databaseUrl: string;
let mint: string;
const traders = Array.from({ length: 8 }, () => Keypair.generate());

beforeAll(async () => {
  databaseUrl = await newFleetDatabase();
  fleet = await startFleet({
    databaseUrl, built: true, webs: 2, workers: 1,
    env: {
      CURVE_PROGRAM: 'custodial', DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000',
      FAUCET_PER_MINUTE: '100000', RPC_RATE_LIMIT: '1000000', QUOTES_MAX_CURVE_SHARE_BPS: '10000', QUOTES_MAX_LIVE_PER_CLIENT: '100000',
      // 150 slots of 100 ms: a trade whose answer was lost can no longer land after 15 s, so it is settled within the test.
      LEDGER_SLOT_MS: '100',
      // The quote watch's poll once a minute: a quote released sooner was released by its accountSubscribe.
      QUOTES_WATCH_POLL_MS: '60000',
    },
  });
  ({ mint } = await launchCampaign(fleet.url, { initialBuy: '0', ticker: 'CRASH' }));
  await Promise.all(traders.map((t) => airdrop(fleet.url, t.publicKey, 10)));
});
afterAll(async () => { await fleet?.stop(); });

/** Small buys in a loop per trader until `stop()`, trader i through routes[i % routes.length]. */
function load(routes: string[]) {
  let running = true;
  const attempts: Attempt[] = [];
  // Per route: the executes waiting for their answer now.
  const executing = new Map(routes.map((url) => [url, new Set<string>()]));
  const loops = traders.map(async (trader, i) => {
    const url = routes[i % routes.length]!;
    while (running) {
      const attempt = await tryBuy(url, url, mint, trader, '0.005', executing.get(url));
      if (attempt) attempts.push(attempt);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return { attempts, executing, stop: async () => { running = false; await Promise.all(loops); } };
}

/** Each signature is on the ledger and succeeded. */
async function expectOnChain(signatures: string[]): Promise<void> {
  const found = await statuses(fleet.ledger.url!, signatures);
  expect(signatures.filter((_, i) => found[i] === null || found[i]!.err !== null)).toEqual([]);
}

/** No quote of the mint is left executing (a trade its process never settled); waits for the worker to settle them. */
async function untilNothingExecuting(): Promise<void> {
  await expect.poll(async () => (await query(databaseUrl, "select id from curve_quotes where mint = $1 and status = 'executing'", [mint])).length,
    { timeout: 60_000, interval: 500 }).toBe(0);
}

const alive = (p: FleetProcess) => p.child.exitCode === null && p.child.signalCode === null;
/** The process is still running; if not, the failure shows how it ended. */
const expectAlive = (p: FleetProcess) => expect(alive(p), `${p.name} exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.output().slice(-4000)}`).toBe(true);

describe('kill -9 of a fleet process', () => {
  it('a web process under load: every confirmed trade is on the ledger and indexed, a lost answer is all or nothing, the curve equals the pool', async () => {
    const [web1, web2] = fleet.webs as [FleetProcess, FleetProcess];
    const run = load([web1.url!, web1.url!, web1.url!, web2.url!, web2.url!, fleet.url]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // The kill lands while executes are waiting on web1.
    await expect.poll(() => run.executing.get(web1.url!)!.size, { interval: 1, timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await web1.kill('SIGKILL');
    const executingAtKill = (await query(databaseUrl, "select id from curve_quotes where mint = $1 and status = 'executing'", [mint])).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await run.stop();

    const confirmed = run.attempts.filter((a) => a.outcome === 'confirmed').map((a) => a.signature);
    const lost = run.attempts.filter((a) => a.outcome === 'lost').map((a) => a.signature);
    console.log(`web1 killed: ${confirmed.length} confirmed, ${lost.length} answers lost, ${executingAtKill} quotes executing at the kill`);
    expect(confirmed.length).toBeGreaterThan(10);
    expect(lost.length).toBeGreaterThan(0);
    await expectOnChain(confirmed);
    expect([...await indexedTrades(databaseUrl, confirmed)].length).toBe(confirmed.length);

    // The worker settles what web1 left executing once it can no longer land: on chain and
    // indexed, or neither; and the curve equals the pool's balances again.
    await untilNothingExecuting();
    const lostOnChain = await statuses(fleet.ledger.url!, lost);
    const lostIndexed = await indexedTrades(databaseUrl, lost);
    for (const [i, signature] of lost.entries()) {
      expect(lostIndexed.has(signature), `lost trade ${signature}: on chain ${JSON.stringify(lostOnChain[i])}`).toBe(lostOnChain[i] !== null && lostOnChain[i]!.err === null);
    }
    const landed = lost.filter((_, i) => lostOnChain[i] !== null).length;
    console.log(`answers lost: ${landed} landed (indexed by the worker), ${lost.length - landed} never landed`);
    await expectCurveEqualsPool(fleet.ledger.url!, databaseUrl, mint);

    await web1.restart();
    const after = await trade(web1.url!, web1.url!, mint, 'buy', traders[0]!, '0.01', someClient());
    await expectOnChain([after.signature]);
    await expectCurveEqualsPool(fleet.ledger.url!, databaseUrl, mint);
  });

  it('the ledger: every confirmed transaction survives its restart, and each web process reconnects RPC and PubSub without a restart', async () => {
    const [web1, web2] = fleet.webs as [FleetProcess, FleetProcess];
    const pids = fleet.webs.map((w) => w.child.pid);
    // First under load: a trade answered 200 was durable on the ledger before its answer.
    const run = load([web2.url!, fleet.url]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await fleet.ledger.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await run.stop();
    await fleet.ledger.restart();
    const underLoad = run.attempts.filter((a) => a.outcome === 'confirmed').map((a) => a.signature);
    console.log(`ledger killed under load: ${underLoad.length} trades confirmed before it, ${run.attempts.length - underLoad.length} refused or lost`);
    expect(underLoad.length).toBeGreaterThanOrEqual(3);
    await expectOnChain(underLoad);

    // Then at rest: every transaction and balance so far.
    const confirmed = [
      ...(await query<{ signature: string }>(databaseUrl, 'select signature from curve_trades')).map((r) => r.signature),
      ...run.attempts.filter((a) => a.outcome === 'confirmed').map((a) => a.signature),
    ];
    const wallets = [...traders.map((t) => t.publicKey.toBase58()), (await query<{ pool_wallet: string }>(databaseUrl, 'select pool_wallet from curve_pools where mint = $1', [mint]))[0]!.pool_wallet];
    const balances = await Promise.all(wallets.map((w) => solBalance(fleet.ledger.url!, w)));
    const before = await openPubsub(`ws://127.0.0.1:${web1.port}/api/rpc`);

    await fleet.ledger.kill('SIGKILL');
    // A browser's socket relayed to the dead ledger is closed (its client reconnects), and RPC answers an error meanwhile.
    expect((await before.closed).code).toBeGreaterThan(1000);
    const down = await fetch(`${web1.url}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) });
    expect((await down.json() as { error?: unknown }).error).toBeDefined();
    const restarting = Date.now();
    await fleet.ledger.restart();
    console.log(`ledger restarted in ${Date.now() - restarting} ms`);
    fleet.webs.forEach(expectAlive);

    console.log(`ledger restarted: ${confirmed.length} confirmed transactions checked`);
    await expectOnChain(confirmed);
    const tx = await ledgerRpc<{ meta: { err: unknown } } | null>(fleet.ledger.url!, 'getTransaction', [confirmed[0], { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }]);
    expect(tx?.meta.err).toBeNull();
    expect(await Promise.all(wallets.map((w) => solBalance(fleet.ledger.url!, w)))).toEqual(balances);

    for (const web of [web1, web2]) {
      expectAlive(web);
      const rpc = async () => {
        const res = await fetch(`${web.url}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) });
        return typeof (await res.json() as { result?: number }).result;
      };
      await expect.poll(rpc, { timeout: 20_000, interval: 250 }).toBe('number');
      // Both PubSub entry points of the web process: the /api/rpc upgrade and its port + 1.
      for (const url of [`ws://127.0.0.1:${web.port}/api/rpc`, `ws://127.0.0.1:${web.port! + 1}/api/rpc`]) {
        const socket = await openPubsub(url);
        const wallet = Keypair.generate().publicKey;
        const account = await socket.request('accountSubscribe', [wallet.toBase58(), { commitment: 'confirmed', encoding: 'base64' }]);
        expect(typeof account.result, JSON.stringify(account)).toBe('number');
        await airdrop(web.url!, wallet, 1);
        const notice = await socket.next((m) => m.method === 'accountNotification' && m.params?.subscription === account.result, 10_000);
        expect(notice.params!.result.value.lamports).toBe(LAMPORTS_PER_SOL);
        socket.close();
      }
      // The web process's own PubSub (the quote watch's accountSubscribe): a quote whose wallet
      // hands its SOL on is released within seconds, long before the minute's poll.
      const spender = Keypair.generate();
      await airdrop(web.url!, spender.publicKey, 2);
      const quoteId = await quoteBuy(web.url!, mint, spender, '1.5');
      await transferSol(web.url!, spender, Keypair.generate().publicKey.toBase58(), 1_900_000_000n);
      await expect.poll(async () => (await query<{ status: string }>(databaseUrl, 'select status from curve_quotes where id = $1', [quoteId]))[0]!.status,
        { timeout: 10_000, interval: 100 }).toBe('expired');
      const traded = await trade(web.url!, web.url!, mint, 'buy', traders[1]!, '0.01', someClient());
      await expectOnChain([traded.signature]);
    }
    // Neither web process was restarted.
    expect(fleet.webs.map((w) => w.child.pid)).toEqual(pids);
    fleet.webs.forEach(expectAlive);
    await untilNothingExecuting();
    await expectCurveEqualsPool(fleet.ledger.url!, databaseUrl, mint);
  });
});
