import { Keypair, LAMPORTS_PER_SOL, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPubsub } from '../../server/testing/pubsubClient';
import { startFleet, type Fleet, type FleetProcess } from '../../server/fleet/startFleet';
import { launchCampaign } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import {
  airdrop, expectCurveEqualsPool, indexedTrades, ledgerRpc, query, signatureOf, solBalance, someClient, statuses, trade, tryBuy, type Attempt,
} from './fleetClient';

// kill -9 of a web process under load, then of the ledger process, on campaigns' own DBC pools:
// what was confirmed stays confirmed, nothing is left half done, and every process reconnects by itself.

let fleet: Fleet;
let databaseUrl: string;
let mint: string;
const traders = Array.from({ length: 8 }, () => Keypair.generate());

beforeAll(async () => {
  databaseUrl = await newFleetDatabase();
  fleet = await startFleet({
    databaseUrl, built: true, webs: 2, workers: 1,
    env: {
      DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000',
      FAUCET_PER_MINUTE: '100000', RPC_RATE_LIMIT: '1000000',
      // 150 slots of 100 ms: a swap whose answer was lost can no longer land after 15 s, so whether it did is known within the test.
      LEDGER_SLOT_MS: '100',
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
  let n = 0;
  const loops = traders.map(async (trader, i) => {
    const url = routes[i % routes.length]!;
    while (running) {
      // A lamport more each time: a trader's next swap on the same blockhash is not the same transaction (the chain would refuse it as processed).
      const attempt = await tryBuy(url, url, mint, trader, (0.005 + (n++) / 1e9).toFixed(9), executing.get(url));
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

/** A signed swap's blockhash lifetime at LEDGER_SLOT_MS 100 (150 slots), and a margin: after it, a swap not on chain never will be. */
const BLOCKHASH_LIFETIME_MS = 15_000 + 2_000;
/**
 * A swap nobody's execute indexed, stored this soon, was found by the worker's wake (the pool's
 * logsSubscribe): its backfill runs every 30 s, so it alone would be this quick one time in ten.
 */
const WOKEN_WITHIN_MS = 3_000;

/** Every one of these swaps that landed is indexed (the worker reads every swap on our pools from the chain, whoever sent it). */
async function untilLandedAreIndexed(signatures: string[]): Promise<void> {
  await expect.poll(async () => {
    const found = await statuses(fleet.ledger.url!, signatures);
    const indexed = await indexedTrades(databaseUrl, signatures);
    return signatures.filter((s, i) => found[i] !== null && found[i]!.err === null && !indexed.has(s));
  }, { timeout: 60_000, interval: 500 }).toEqual([]);
}

const alive = (p: FleetProcess) => p.child.exitCode === null && p.child.signalCode === null;
/** The process is still running; if not, the failure shows how it ended. */
const expectAlive = (p: FleetProcess) => expect(alive(p), `${p.name} exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.output().slice(-4000)}`).toBe(true);

describe('kill -9 of a fleet process', () => {
  it('a web process under load: every confirmed trade is on the ledger and indexed, a lost answer is on chain and indexed or neither, the curve equals the pool', async () => {
    const [web1, web2] = fleet.webs as [FleetProcess, FleetProcess];
    const run = load([web1.url!, web1.url!, web1.url!, web2.url!, web2.url!, fleet.url]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // The kill lands while executes are waiting on web1.
    await expect.poll(() => run.executing.get(web1.url!)!.size, { interval: 1, timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const executingAtKill = run.executing.get(web1.url!)!.size;
    await web1.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await run.stop();

    const confirmed = run.attempts.filter((a) => a.outcome === 'confirmed').map((a) => a.signature);
    const lost = run.attempts.filter((a) => a.outcome === 'lost').map((a) => a.signature);
    console.log(`web1 killed: ${confirmed.length} confirmed, ${lost.length} answers lost, ${executingAtKill} executes waiting at the kill`);
    expect(confirmed.length).toBeGreaterThan(10);
    expect(lost.length).toBeGreaterThan(0);
    await expectOnChain(confirmed);
    expect([...await indexedTrades(databaseUrl, confirmed)].length).toBe(confirmed.length);

    // What web1 was relaying when it died either landed, and the worker's indexer reads it from
    // the chain as it reads anyone's swap, or never will once its blockhash has run out.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + BLOCKHASH_LIFETIME_MS - Date.now())));
    await untilLandedAreIndexed(lost);
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
    const notConfirmed = run.attempts.filter((a) => a.outcome !== 'confirmed').map((a) => `${a.outcome} ${a.detail.slice(0, 120)}`);
    console.log(`ledger killed under load: ${underLoad.length} trades confirmed before it, ${notConfirmed.length} refused or lost: ${JSON.stringify([...new Set(notConfirmed)])}`);
    expect(underLoad.length).toBeGreaterThanOrEqual(3);
    await expectOnChain(underLoad);

    // Then at rest: every transaction and balance so far (the pool's among them).
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
      const traded = await trade(web.url!, web.url!, mint, 'buy', traders[1]!, '0.01', someClient());
      await expectOnChain([traded.signature]);
    }
    // Neither web process was restarted.
    expect(fleet.webs.map((w) => w.child.pid)).toEqual(pids);
    fleet.webs.forEach(expectAlive);

    // The worker's own PubSub, not restarted either: its logsSubscribe on the pool wakes the
    // indexer for a swap sent straight to the ledger (no execute indexes it), long before the backfill.
    const outsider = Keypair.generate();
    await airdrop(web1.url!, outsider.publicKey, 1);
    const built = await fetch(`${web1.url}/api/curve/${mint}/buy`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: web1.url!, 'x-forwarded-for': someClient() },
      body: JSON.stringify({ wallet: outsider.publicKey.toBase58(), amount: '0.01', slippageBps: 10_000 }),
    });
    expect(built.status).toBe(200);
    const swap = Transaction.from(Buffer.from((await built.json() as { transactionBase64: string }).transactionBase64, 'base64'));
    swap.partialSign(outsider);
    const sentAt = Date.now();
    expect(await ledgerRpc<string>(fleet.ledger.url!, 'sendTransaction', [swap.serialize().toString('base64'), { encoding: 'base64' }])).toBe(signatureOf(swap));
    await expect.poll(async () => (await indexedTrades(databaseUrl, [signatureOf(swap)])).size, { timeout: WOKEN_WITHIN_MS, interval: 50 }).toBe(1);
    console.log(`a swap sent straight to the restarted ledger indexed ${Date.now() - sentAt} ms after its send`);
    expect(fleet.workers.every(alive)).toBe(true);
    await expectCurveEqualsPool(fleet.ledger.url!, databaseUrl, mint);
  });
});
